import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { tradeMachine } from '../../machines/trade.machine';
import { ConfirmDialog } from '../../ui/dialog';
import { ErrorMessage } from '../../ui/page';
import { flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';

type TradeActor = ActorRefFrom<typeof tradeMachine>;

/**
 * The sheet a first real trade opens (403 `risk_not_acknowledged`): what timed trades risk,
 * where the limits are, and "I understand the risks", which records the acknowledgement once
 * (POST /api/acknowledgeTradingRisk) and then places the confirmed trade.
 */
export function RiskAcknowledgementSheet({ actor }: { actor: TradeActor }) {
  const open = useSelector(actor, (s) => s.matches('acknowledgingRisk'));
  const busy = useSelector(actor, (s) => s.matches({ acknowledgingRisk: 'sending' }));
  const failed = useSelector(actor, (s) => s.matches({ acknowledgingRisk: 'failed' }));
  const cancel = useCallback(() => actor.send({ type: 'CANCEL' }), [actor]);
  const acknowledge = useCallback(() => actor.send({ type: 'ACKNOWLEDGE' }), [actor]);
  if (!open) return null;
  return (
    <ConfirmDialog
      title={<Trans>Before your first trade</Trans>}
      confirmLabel={<Trans>I understand the risks</Trans>}
      busy={busy}
      onCancel={cancel}
      onConfirm={acknowledge}
    >
      <Body>
        <p>
          <Trans>
            Timed trades are high risk. Each trade can lose its whole stake, and a win pays less
            than the stake you risk, so on average the platform wins.
          </Trans>
        </p>
        <p>
          <Trans>
            They are banned for retail clients in several countries. Only trade money you can afford
            to lose.
          </Trans>
        </p>
        <p>
          <Trans>
            You can set loss, stake and deposit limits, take a time-out or exclude yourself in{' '}
            <Link to="/settings/limits">Trading limits</Link>.
          </Trans>
        </p>
      </Body>
      {failed && (
        <ErrorMessage>
          <Trans>Your answer could not be recorded. Please try again.</Trans>
        </ErrorMessage>
      )}
    </ConfirmDialog>
  );
}

const Body = styled.div`
  ${flexColumn(theme.space.sm)}
  color: ${theme.colors.text};
  line-height: 1.5;

  a {
    color: ${theme.colors.primaryHover};
    text-decoration: underline;
  }
`;
