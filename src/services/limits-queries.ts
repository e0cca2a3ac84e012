import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TradingLimits } from '../../common/contract/limits';
import { LOG_POLL_INTERVAL_MS } from '../../common/rules';
import {
  fetchSessionResult,
  fetchTradingLimits,
  selfExclude,
  startTimeout,
  updateTradingLimits,
} from './limits-api';

const limitsKey = ['tradingLimits'] as const;

/** The user's limits as the server has them (the Trading limits page, the session reminder). */
export function useTradingLimits() {
  return useQuery({
    queryKey: limitsKey,
    queryFn: ({ signal }) => fetchTradingLimits(signal),
  });
}

export type LimitsChange =
  | { kind: 'limits'; body: Parameters<typeof updateTradingLimits>[0] }
  | { kind: 'timeout'; days: number }
  | { kind: 'selfExclude'; months: number };

/** A change of the limits page; the answer is the limits as they now stand. */
export function useChangeLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: LimitsChange): Promise<TradingLimits> => {
      switch (change.kind) {
        case 'limits':
          return updateTradingLimits(change.body);
        case 'timeout':
          return startTimeout(change.days);
        case 'selfExclude':
          return selfExclude(change.months);
      }
    },
    onSuccess: (limits) => queryClient.setQueryData(limitsKey, limits),
  });
}

/**
 * The session's net result, every 10 s while shown. Under the balances' key, so a placed or
 * settled trade refreshes it with the balance (not under the trades' key, whose entries the
 * settlement watcher reads as trade lists).
 */
export function useSessionResult(since: string) {
  return useQuery({
    queryKey: ['balances', 'sessionResult', since] as const,
    queryFn: ({ signal }) => fetchSessionResult(since, signal),
    refetchInterval: LOG_POLL_INTERVAL_MS,
  });
}
