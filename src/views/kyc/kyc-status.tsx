import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import type { User } from '../../../common/contract';
import { ButtonLink } from '../../ui/button';
import { ClockIcon, ShieldCheckIcon } from '../../ui/icons';
import { Card, Muted } from '../../ui/page';

/** The verification state of a verified or pending user. */
export function KycStatus({ user }: { user: User }) {
  if (user.isVerified) {
    return (
      <StatusCard>
        <Icon $tone="success">
          <ShieldCheckIcon sizePx={32} />
        </Icon>
        <h2>{user.fullName}</h2>
        <Muted>
          <Trans>Your account has been verified successfully!</Trans>
        </Muted>
      </StatusCard>
    );
  }
  if (user.isVerificationPending) {
    return (
      <StatusCard>
        <Icon $tone="warning">
          <ClockIcon sizePx={32} />
        </Icon>
        <h2>
          <Trans>KYC Request Pending</Trans>
        </h2>
        <Muted>
          <Trans>We are checking your documents. This usually takes less than a day.</Trans>
        </Muted>
      </StatusCard>
    );
  }
  return (
    <StatusCard>
      <Icon $tone="neutral">
        <ShieldCheckIcon sizePx={32} />
      </Icon>
      <h2>
        <Trans>Not verified yet</Trans>
      </h2>
      <Muted>
        <Trans>You have not sent a verification request.</Trans>
      </Muted>
      <ButtonLink to="/kyc/submit-form">
        <Trans>Verify Now</Trans>
      </ButtonLink>
    </StatusCard>
  );
}

const StatusCard = styled(Card)`
  align-items: center;
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.lg};
  text-align: center;

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Icon = styled.span<{ $tone: 'success' | 'warning' | 'neutral' }>`
  display: grid;
  place-items: center;
  width: 64px;
  height: 64px;
  border-radius: 50%;
  color: ${({ theme, $tone }) =>
    $tone === 'success'
      ? theme.colors.success
      : $tone === 'warning'
        ? theme.colors.warning
        : theme.colors.textMuted};
  background: ${({ theme, $tone }) =>
    $tone === 'success'
      ? theme.colors.successSoft
      : $tone === 'warning'
        ? theme.colors.warningSoft
        : theme.colors.surfaceRaised};
`;
