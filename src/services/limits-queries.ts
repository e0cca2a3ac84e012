import { useQuery } from '@tanstack/react-query';
import { LOG_POLL_INTERVAL_MS } from '../../common/rules';
import { fetchSessionResult, fetchTradingLimits } from './limits-api';

/** The limits' query key (limits-mutations.ts writes the answer of a change under it). */
export const limitsKey = ['tradingLimits'] as const;

/** The user's limits as the server has them (the Trading limits page, the session reminder). */
export function useTradingLimits() {
  return useQuery({
    queryKey: limitsKey,
    queryFn: ({ signal }) => fetchTradingLimits(signal),
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
