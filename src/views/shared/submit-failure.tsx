import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { LimitRefusal, SubmitFailure } from '../../services/error-messages';
import { translate } from '../../services/messages';
import { Button } from '../../ui/button';
import { ErrorMessage } from '../../ui/page';
import { flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';

/**
 * Why a request failed: the spec's text, the reason when known, and 'Try again' when the
 * same request may pass (it is sent again with the same idempotency key).
 */
export function SubmitFailureMessage({
  failure,
  onRetry,
}: {
  failure: SubmitFailure;
  onRetry?: (() => void) | undefined;
}) {
  const { i18n } = useLingui();
  if (failure.limit) {
    return (
      <ErrorMessage>
        <LimitRefusalText refusal={failure.limit} />
      </ErrorMessage>
    );
  }
  if (failure.pausedUntil) {
    const until = i18n.date(failure.pausedUntil, { dateStyle: 'medium', timeStyle: 'short' });
    return (
      <ErrorMessage>
        <Trans>Withdrawals are paused until {until} after a security change.</Trans>
      </ErrorMessage>
    );
  }
  return (
    <ErrorMessage>
      <Body>
        <strong>{i18n._(failure.message)}</strong>
        {failure.reason && <span>{translate(i18n, failure.reason)}</span>}
        {failure.retryable && onRetry && (
          <Button variant="secondary" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </Body>
    </ErrorMessage>
  );
}

/**
 * A refusal of the user's own limit or block, saying until when in the reader's time zone,
 * with a link to the page where the limits are.
 */
export function LimitRefusalText({ refusal }: { refusal: LimitRefusal }) {
  const { i18n } = useLingui();
  const until = refusal.until
    ? i18n.date(refusal.until, { dateStyle: 'medium', timeStyle: 'short' })
    : '';
  switch (refusal.code) {
    case 'loss_limit_reached':
      return (
        <Trans>
          This trade could take your losses past a loss limit you set, counting your open trades as
          lost. The limit resets at {until}.
        </Trans>
      );
    case 'stake_limit':
      return <Trans>This stake is above the maximum stake per trade you set.</Trans>;
    case 'deposit_limit_reached':
      return (
        <Trans>
          This deposit would pass the daily deposit limit you set. You can deposit more from {until}
          .
        </Trans>
      );
    case 'timed_out':
      return (
        <Trans>You are taking a time-out until {until}. Trades and deposits are paused.</Trans>
      );
    case 'self_excluded':
      return (
        <Trans>You have excluded yourself until {until}. Trades and deposits are blocked.</Trans>
      );
  }
}

const Body = styled.span`
  ${flexColumn(theme.space.xs)}
  align-items: flex-start;

  strong {
    font-weight: ${theme.fontWeights.semibold};
  }
  span {
    color: ${theme.colors.text};
  }
  button {
    margin-top: ${theme.space.sm};
  }
`;
