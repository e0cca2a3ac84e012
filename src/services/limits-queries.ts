import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TradingLimits } from '../../common/contract/limits';
import { fetchTradingLimits, selfExclude, startTimeout, updateTradingLimits } from './limits-api';

export const limitsKey = ['tradingLimits'] as const;

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
