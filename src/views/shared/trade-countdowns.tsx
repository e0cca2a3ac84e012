import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Trade } from '../../../common/contract';
import {
  tradeCountdownsMachine,
  type CountdownRef,
  type TradeCountdownsActor,
} from '../../machines/trade-countdown.machine';
import { serverClockOffset } from '../../services/trade-api';
import { invalidateAfterTrade } from '../../services/trade-queries';
import { formatCountdown } from './trade-format';
import { useAppActor } from '../../machines/actors';

const CountdownsContext = createContext<TradeCountdownsActor | null>(null);

/**
 * Runs one countdown actor per pending trade in `trades` (spawned by the countdowns
 * machine, stopped when the trade is no longer pending or no longer shown). At zero the
 * user and the orders are refetched (docs/product.md §4).
 */
export function TradeCountdowns({
  trades,
  children,
}: {
  trades: readonly Trade[] | undefined;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [logic] = useState(() =>
    tradeCountdownsMachine.provide({
      actions: { refreshTradeData: () => void invalidateAfterTrade(queryClient) },
    }),
  );
  const actor = useAppActor(logic, { id: 'trade-countdowns' });
  // One key for the set of pending trades, so a refetch with the same trades changes nothing.
  const pendingKey = (trades ?? [])
    .filter((trade) => trade.tradeStatus === 'Pending')
    .map((trade) => `${trade._id}@${trade.expiresAt}`)
    .join(',');
  const pending = useMemo(
    () =>
      pendingKey === ''
        ? []
        : pendingKey.split(',').map((entry) => {
            const [_id = '', expiresAt = ''] = entry.split('@');
            return { _id, expiresAt };
          }),
    [pendingKey],
  );
  useEffect(() => {
    actor.send({ type: 'SYNC', trades: pending, clockOffsetMs: serverClockOffset() });
  }, [actor, pending]);
  return <CountdownsContext.Provider value={actor}>{children}</CountdownsContext.Provider>;
}

function useCountdown(tradeId: string): CountdownRef | undefined {
  const actor = useContext(CountdownsContext);
  if (!actor) throw new Error('TradeCountdown needs TradeCountdowns above it');
  return useSelector(actor, (snapshot) => snapshot.context.countdowns[tradeId]);
}

/** The time left of a pending trade, HH:MM:SS, updated every second. */
export function TradeCountdown({ tradeId }: { tradeId: string }) {
  const countdown = useCountdown(tradeId);
  if (!countdown) return <>{formatCountdown(0)}</>;
  return <CountdownText countdown={countdown} />;
}

function CountdownText({ countdown }: { countdown: CountdownRef }) {
  const secondsLeft = useSelector(countdown, (snapshot) => snapshot.context.secondsLeft);
  return <>{formatCountdown(secondsLeft)}</>;
}

/** Whether the countdown of a pending trade has reached zero (the result is on its way). */
export function useCountdownExpired(tradeId: string): boolean {
  const countdown = useCountdown(tradeId);
  return useSelector(countdown, (snapshot) => snapshot?.context.secondsLeft === 0) ?? false;
}
