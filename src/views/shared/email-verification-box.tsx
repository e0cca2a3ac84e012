import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { ApiError } from '../../services/api-error';
import { resendVerificationEmail } from '../../services/account-api';
import { readOnlyRefusal } from '../../services/error-messages';
import { Button } from '../../ui/button';
import { MailIcon } from '../../ui/page-icons';
import { Muted } from '../../ui/page';
import { theme } from '../../ui/theme';
import { useDateTime } from '../../ui/date-time';

/*
 * The notice's body (views/shared/email-verification-notice.tsx loads it only for a user
 * whose email is not yet confirmed).
 */

export function Notice({ email }: { email: string }) {
  const { i18n } = useLingui();
  const dateTime = useDateTime();
  const [sentAt, setSentAt] = useState<string | null>(null);
  const resend = useMutation({
    mutationFn: resendVerificationEmail,
    onSuccess: (answer) => setSentAt(answer.sentAt),
  });
  const waitS =
    resend.error instanceof ApiError && resend.error.status === 429
      ? (resend.error.retryAfterS ?? 60)
      : null;
  const refusal = readOnlyRefusal(resend.error);
  return (
    <Box role="status" aria-labelledby="email-notice-title">
      <MailIcon />
      <div>
        <strong id="email-notice-title">
          <Trans>Confirm your email address</Trans>
        </strong>
        <Muted>
          <Trans>We sent a link to {email}. Open it to unlock withdrawals and transfers.</Trans>
        </Muted>
        {sentAt && (
          <Muted data-testid="email-notice-sent">
            <Trans>A new link was sent at {dateTime(sentAt)}.</Trans>
          </Muted>
        )}
        {waitS !== null && (
          <Muted role="alert">
            {waitS < 120 ? (
              <Plural
                value={waitS}
                one="A link was sent a moment ago. You can ask again in # second."
                other="A link was sent a moment ago. You can ask again in # seconds."
              />
            ) : (
              <Plural
                value={Math.ceil(waitS / 3600)}
                one="You asked for several links today. You can ask again in # hour."
                other="You asked for several links today. You can ask again in # hours."
              />
            )}
          </Muted>
        )}
        {refusal && <Muted role="alert">{i18n._(refusal)}</Muted>}
        {resend.isError && waitS === null && !refusal && (
          <Muted role="alert">
            <Trans>The link could not be sent. Please try again.</Trans>
          </Muted>
        )}
      </div>
      <Button variant="secondary" busy={resend.isPending} onClick={() => resend.mutate()}>
        <Trans>Resend link</Trans>
      </Button>
    </Box>
  );
}

const Box = styled.section`
  display: grid;
  grid-template-columns: auto 1fr;
  align-items: start;
  gap: ${theme.space.md};
  padding: ${theme.space.lg};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.warningSoft};
  border: 1px solid ${theme.colors.border};

  > svg {
    flex: none;
    color: ${theme.colors.warning};
  }
  > div {
    display: flex;
    flex-direction: column;
    gap: ${theme.space.xs};
    min-width: 0;
    overflow-wrap: anywhere;
  }
  > button {
    grid-column: 1 / -1;
  }
`;
