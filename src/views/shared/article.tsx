import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { Card } from '../../ui/page';
import { flexColumn, flexRow } from '../../ui/layout';
import { theme } from '../../ui/theme';

/** A short text page (privacy, about): a lead paragraph and titled sections. */
export const Lead = styled.p`
  font-size: ${theme.fontSizes.md};
  line-height: 1.55;
`;

const Body = styled(Card)`
  gap: ${theme.space.sm};

  h2 {
    ${flexRow(theme.space.sm)}
    font-size: ${theme.fontSizes.md};
    font-weight: ${theme.fontWeights.semibold};
  }
  h2 svg {
    flex: none;
    color: ${theme.colors.primaryHover};
  }
  > p {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.sm};
    line-height: 1.6;
  }
`;

/** A bulleted list of paragraphs inside a section, each opening with a bold term. */
export const Bullets = styled.ul`
  ${flexColumn(theme.space.sm)}
  margin: 0;
  padding-left: ${theme.space.lg};
  list-style: disc;

  li {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.sm};
    line-height: 1.6;
  }
  li::marker {
    color: ${theme.colors.primaryHover};
  }
  strong {
    color: ${theme.colors.text};
    font-weight: ${theme.fontWeights.semibold};
  }
`;

export function ArticleSection({
  id,
  icon,
  title,
  children,
}: {
  id: string;
  icon?: ReactNode;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Body>
        <h2 id={id}>
          {icon && <span aria-hidden="true">{icon}</span>}
          {title}
        </h2>
        {children}
      </Body>
    </section>
  );
}

/** An in-app link inside running text. */
export const TextLink = styled(Link)`
  color: ${theme.colors.primaryHover};
  text-decoration: underline;
  text-underline-offset: 2px;
`;
