import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { SubmitFailure } from '../../services/error-messages';
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
