import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { array, object, string } from 'superstruct';
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
 * screen's own) is what tells a fresh visit about trades still running. On /trade itself
 * the screen's own list of pending trades tells it, so the query waits for another screen.
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

/**
 * Whether any trade is pending: the first page of pending trades, read with only the one
 * field this needs (the full trade contract would add about 2 kB to every first load). Its
 * own key, since the trades lists' keys hold whole trades.
 */
const ANY_PENDING = ['trade-watch', 'pending'] as const;
/** The screen that reads the first page of pending trades itself (trade-page.tsx). */
const PENDING_TRADES_SCREEN = '/trade';
const PendingStatuses = object({ trades: array(object({ tradeStatus: string() })) });

interface TradeStatuses {
  trades: readonly { tradeStatus: string }[];
}

function useSomethingToWatch(signedIn: boolean): boolean {
  const queryClient = useQueryClient();
  const [wanted, setWanted] = useState(false);
  const [path] = useLocation();
  useQuery({
    queryKey: ANY_PENDING,
    queryFn: ({ signal }) =>
      api.get('/getUserTrades', PendingStatuses, {
        retries: 0,
        signal,
        query: { tab: 'Pending', page: 1 },
      }),
    enabled: signedIn && !wanted && path !== PENDING_TRADES_SCREEN,
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
  return [
    ...queryClient.getQueriesData<TradeStatuses>({ queryKey: ['trades'] }),
    ...queryClient.getQueriesData<TradeStatuses>({ queryKey: ANY_PENDING }),
  ].some(([, page]) => page?.trades.some((trade) => trade.tradeStatus === 'Pending') ?? false);
}
