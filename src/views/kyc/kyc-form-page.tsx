import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Card, Muted, Page, Section, SectionTitle } from '../../ui/page';
import { WithUser } from '../shared/with-user';
import { KycStatus } from './kyc-status';

const STEPS: readonly MessageDescriptor[] = [
  msg`Personal Info`,
  msg`Address`,
  msg`Income`,
  msg`Documents`,
  msg`Face Scan`,
];

/** Verified or pending users see their status; others the five steps ahead of them. */
export default function KycFormPage() {
  const { i18n } = useLingui();
  return (
    <WithUser>
      {(user) =>
        user.isVerified || user.isVerificationPending ? (
          <Page>
            <KycStatus user={user} />
          </Page>
        ) : (
          <Page>
            <Card>
              <h2>
                <Trans>Verify your identity</Trans>
              </h2>
              <Muted>
                <Trans>
                  Have your ID document at hand and a device with a camera. It takes about five
                  minutes.
                </Trans>
              </Muted>
            </Card>
            <Section aria-labelledby="steps-title">
              <SectionTitle id="steps-title">
                <Trans>Steps</Trans>
              </SectionTitle>
              <Steps>
                {STEPS.map((step, index) => (
                  <li key={step.id}>
                    <Number aria-hidden="true">{index + 1}</Number>
                    {i18n._(step)}
                  </li>
                ))}
              </Steps>
            </Section>
          </Page>
        )
      }
    </WithUser>
  );
}

const Steps = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};

  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.md};
    min-height: 52px;
    padding: 0 ${({ theme }) => theme.space.lg};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Number = styled.span`
  display: grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  background: rgba(108, 124, 255, 0.16);
  color: ${({ theme }) => theme.colors.primaryHover};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;
