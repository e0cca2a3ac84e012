import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { User } from '../../../common/contract';
import { ButtonLink } from '../../ui/button';
import { ShieldCheckIcon } from '../../ui/icons';
import { ClockIcon } from '../../ui/page-icons';
import { Muted, cardBox } from '../../ui/page';
import { theme } from '../../ui/theme';

/** Invites an unverified user to KYC, or says the check is under way. Nothing once verified. */
export function VerificationPrompt({ user }: { user: User }) {
  if (user.isVerified) return null;
  if (user.isVerificationPending) {
    return (
      <Prompt
        icon={<ClockIcon />}
        title={<Trans>Verification in review</Trans>}
        text={<Trans>We are checking your documents. This usually takes less than a day.</Trans>}
      />
    );
  }
  return (
    <Prompt
      icon={<ShieldCheckIcon />}
      title={<Trans>Verify your identity</Trans>}
      text={<Trans>Confirm who you are to keep your account secure.</Trans>}
      action={
        <ButtonLink to="/kyc/submit-form" variant="secondary">
          <Trans>Verify Now</Trans>
        </ButtonLink>
      }
    />
  );
}

/** The prompt's card: its icon, its title over the explanation, then the action, if any. */
function Prompt({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Box>
      {icon}
      <div>
        <strong>{title}</strong>
        <Muted>{text}</Muted>
      </div>
      {action}
    </Box>
  );
}

const Box = styled.section`
  display: grid;
  grid-template-columns: auto 1fr;
  align-items: start;
  gap: ${theme.space.md};
  ${cardBox}

  > svg {
    flex: none;
    color: ${theme.colors.accent};
  }
  > div {
    min-width: 0;
  }
  > a {
    grid-column: 1 / -1;
  }
`;
