import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Logo } from '../../ui/logo';
import { Page } from '../../ui/page';
import { flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';

const Intro = styled.div`
  ${flexColumn(theme.space.sm)}
  align-items: center;
  padding-top: ${theme.space.lg};
  text-align: center;
`;

const Heading = styled.h2`
  margin-top: ${theme.space.sm};
  font-size: ${theme.fontSizes.xxl};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: -0.02em;
`;

const Lead = styled.p`
  max-width: 32ch;
  color: ${theme.colors.textMuted};
`;

export const Aside = styled.p`
  text-align: center;
  color: ${theme.colors.textMuted};

  a {
    font-weight: ${theme.fontWeights.semibold};
  }
`;

/** The frame of the sign-in and sign-up screens: the mark, a heading, a lead and the form. */
export function AuthLayout({
  heading,
  lead,
  children,
}: {
  heading: ReactNode;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <Page>
      <Intro>
        <Logo sizePx={56} />
        <Heading>{heading}</Heading>
        <Lead>{lead}</Lead>
      </Intro>
      {children}
    </Page>
  );
}
