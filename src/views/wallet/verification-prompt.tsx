import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import type { User } from '../../../common/contract';
import { ButtonLink } from '../../ui/button';
import { ClockIcon, ShieldCheckIcon } from '../../ui/icons';
import { Muted, cardBox } from '../../ui/page';
import { theme } from '../../ui/theme';

/** Invites an unverified user to KYC, or says the check is under way. Nothing once verified. */
export function VerificationPrompt({ user }: { user: User }) {
  if (user.isVerified) return null;
  if (user.isVerificationPending) {
    return (
      <Box>
        <ClockIcon />
        <div>
          <strong>
            <Trans>Verification in review</Trans>
          </strong>
          <Muted>
            <Trans>We are checking your documents. This usually takes less than a day.</Trans>
          </Muted>
        </div>
      </Box>
    );
  }
  return (
    <Box>
      <ShieldCheckIcon />
      <div>
        <strong>
          <Trans>Verify your identity</Trans>
        </strong>
        <Muted>
          <Trans>Confirm who you are to keep your account secure.</Trans>
        </Muted>
      </div>
      <ButtonLink to="/kyc/submit-form" variant="secondary">
        <Trans>Verify Now</Trans>
      </ButtonLink>
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
