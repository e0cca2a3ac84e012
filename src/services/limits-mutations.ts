import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TradingLimits } from '../../common/contract/limits';
import { selfExclude, startTimeout, updateTradingLimits } from './limits-api';
import { limitsKey } from './limits-queries';

/*
 * The limits page's changes, apart from limits-queries.ts: /trade reads the limits (for the
 * session reminder) and should not load the mutation code with them.
 */

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
