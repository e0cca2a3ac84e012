import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Trade, TradeAccount, TradeListTab } from '../../common/contract';
import { LOG_POLL_INTERVAL_MS } from '../../common/rules';
import { queryKeys } from './queries';
import { marketTicksQuery } from './market-ticks';
import { fetchTradeDetails, fetchUserTrades } from './trade-api';

/**
 * The trade data in the query cache. Lists share the `trades` prefix; a trade's detail sits
 * under `details` beside the other records, so refreshing every detail after money moved
 * includes it.
 */
const tradeKeys = {
  lists: ['trades'] as const,
  list: (tab: TradeListTab, page: number, account: TradeAccount = 'real') =>
    account === 'real'
      ? (['trades', tab, page] as const)
      : (['trades', tab, page, account] as const),
  details: ['details', 'trade'] as const,
  detail: (id: string) => ['details', 'trade', id] as const,
};

/**
 * After a trade was placed, and whenever a pending trade's countdown reaches zero (docs/product.md §4:
 * "at zero, user data and orders are refetched"): the user (balance and amount on hold), the
 * balances, the trade lists and the trade details.
 */
export function invalidateAfterTrade(queryClient: QueryClient): Promise<void> {
  const prefixes = [queryKeys.user, queryKeys.balances, tradeKeys.lists, tradeKeys.details];
  return Promise.all(prefixes.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}

/**
 * One page of the user's trades. Refreshed every 10 s like the other logs (docs/product.md §9) while on
 * screen; the previous page stays shown while the next loads.
 */
export function useUserTrades(tab: TradeListTab, page: number, account: TradeAccount = 'real') {
  return useQuery({
    queryKey: tradeKeys.list(tab, page, account),
    queryFn: ({ signal }) => fetchUserTrades(tab, page, signal, account),
    refetchInterval: LOG_POLL_INTERVAL_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * The first page of pending trades, asked once where no list shows them (the settlement
 * watcher after a reload on another screen); /trade polls the same entry.
 */
export function usePendingTradesOnce() {
  return useQuery({
    queryKey: tradeKeys.list('Pending', 1),
    queryFn: ({ signal }) => fetchUserTrades('Pending', 1, signal),
    staleTime: LOG_POLL_INTERVAL_MS,
  });
}

/** A settled trade never changes again: polling stops once it is Completed. */
function tradeDetailRefetchInterval(trade: Trade | undefined): number | false {
  return trade?.tradeStatus === 'Completed' ? false : LOG_POLL_INTERVAL_MS;
}

/** One trade with its receipt; refreshed every 10 s while pending (docs/product.md §9). */
export function useTradeDetail(id: string) {
  return useQuery({
    queryKey: tradeKeys.detail(id),
    queryFn: ({ signal }) => fetchTradeDetails(id, signal),
    refetchInterval: (query) => tradeDetailRefetchInterval(query.state.data),
  });
}

/** The pair's recorded ticks of the last five minutes (market-ticks.ts). */
export function useMarketTicks(symbol: string) {
  return useQuery(marketTicksQuery(symbol));
}
