import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { TradePage } from '../../common/contract/trades';
import { useSession } from '../machines/auth-session';
import { api } from '../services/api-client';
import { onPlacedTrade } from '../services/trade-placed';
import { loadCatalog } from './i18n/i18n';

/**
 * Where the settlement watcher (docs/product.md §3 "Trade results") starts. It runs on every
 * screen of a signed-in user, but its code (the watcher machine, xstate, the result sheet)
 * loads only once there is something to watch: a trade placed in this tab, or a pending
 * trade in a trades query. This module is in the first load, so it holds nothing more than
 * that decision; the one query it makes (the first page of pending trades, the /trade
 * screen's own) is what tells a fresh visit about trades still running.
 */
const TradeWatcher = lazy(() =>
  Promise.all([import('../views/trade-results/trade-watcher'), loadCatalog('app')]).then(
    ([module]) => ({ default: module.TradeWatcher }),
  ),
);

export function TradeWatch() {
  const signedIn = useSession().role === 'user';
  const wanted = useSomethingToWatch(signedIn);
  if (!signedIn || !wanted) return null;
  return (
    <Suspense fallback={null}>
      <TradeWatcher />
    </Suspense>
  );
}

/** The key `useUserTrades('Pending', 1)` reads (services/trade-queries.ts). */
const PENDING_FIRST_PAGE = ['trades', 'Pending', 1] as const;

function useSomethingToWatch(signedIn: boolean): boolean {
  const queryClient = useQueryClient();
  const [wanted, setWanted] = useState(false);
  useQuery({
    queryKey: PENDING_FIRST_PAGE,
    queryFn: ({ signal }) =>
      api.get('/getUserTrades', TradePage, {
        retries: 0,
        signal,
        query: { tab: 'Pending', page: 1 },
      }),
    enabled: signedIn && !wanted,
  });
  useEffect(() => {
    if (!signedIn || wanted) return;
    const want = () => setWanted(true);
    if (anyPendingTrade(queryClient)) want();
    const unsubscribeCache = queryClient.getQueryCache().subscribe(() => {
      if (anyPendingTrade(queryClient)) want();
    });
    const unsubscribePlaced = onPlacedTrade(want);
    return () => {
      unsubscribeCache();
      unsubscribePlaced();
    };
  }, [queryClient, signedIn, wanted]);
  return wanted;
}

function anyPendingTrade(queryClient: QueryClient): boolean {
  return queryClient
    .getQueriesData<TradePage>({ queryKey: ['trades'] })
    .some(([, page]) => page?.trades.some((trade) => trade.tradeStatus === 'Pending') ?? false);
}
