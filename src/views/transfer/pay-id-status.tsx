import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { transferMachine } from '../../machines/transfer.machine';
import { Spinner } from '../../ui/spinner';
import { theme } from '../../ui/theme';

type TransferActor = ActorRefFrom<typeof transferMachine>;

/**
 * Who the typed Pay ID belongs to, as the lookup finds out (under the Pay ID field). The
 * live region stays in place, so each outcome is announced as it replaces the last.
 */
export function PayIdStatus({ actor }: { actor: TransferActor }) {
  return (
    <span role="status">
      <LookupOutcome actor={actor} />
    </span>
  );
}

function LookupOutcome({ actor }: { actor: TransferActor }) {
  const lookup = useSelector(actor, (s) => s.value.lookup);
  const receiver = useSelector(actor, (s) => s.context.receiver);
  switch (lookup) {
    case 'debouncing':
    case 'looking':
      return (
        <Line>
          <Spinner sizePx={12} current />
          <Trans>Looking up this Pay ID…</Trans>
        </Line>
      );
    case 'found':
      return receiver ? (
        <Found>
          {receiver.username} · {receiver.fullName}
        </Found>
      ) : null;
    case 'notFound':
      return (
        <Problem>
          <Trans>No member has this Pay ID.</Trans>
        </Problem>
      );
    case 'failed':
      return (
        <Problem>
          <Trans>Could not check this Pay ID.</Trans>{' '}
          <Retry type="button" onClick={() => actor.send({ type: 'RETRY_LOOKUP' })}>
            <Trans>Try again</Trans>
          </Retry>
        </Problem>
      );
    default:
      return null;
  }
}

const Line = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  color: ${theme.colors.textMuted};
`;

const Found = styled.span`
  color: ${theme.colors.success};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
`;

const Problem = styled.span`
  color: ${theme.colors.warning};
  font-size: ${theme.fontSizes.sm};
`;

/** Inline in the text, with a 44px tap area reaching beyond the words. */
const Retry = styled.button`
  min-height: 44px;
  margin: -12px -6px;
  padding: 0 6px;
  border: 0;
  background: none;
  color: ${theme.colors.primaryHover};
  text-decoration: underline;
  cursor: pointer;
`;
