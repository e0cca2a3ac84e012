import { useLingui } from '@lingui/react/macro';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { Trade } from '../../../common/contract';
import { useAppActor } from '../../machines/actors';
import { tradeWatchMachine } from '../../machines/trade-watch.machine';
import { fetchTradeDetails, serverClockOffset } from '../../services/trade-api';
import { onPlacedTrade } from '../../services/trade-placed';
import { invalidateAfterTrade, usePendingTradesOnce } from '../../services/trade-queries';
import { useToast } from '../../ui/toast';
import { ResultSheet } from './result-sheet';
import { resultToastText } from './result-text';

/** Results waiting for their sheet; more than this are only in the orders list. */
const MAX_QUEUED_RESULTS = 10;

/** The screens where a result opens its sheet; elsewhere it is a toast. */
export function showsResultSheet(path: string): boolean {
  return path === '/trade' || path === '/orders' || path.startsWith('/orders/');
}

/**
 * The settlement watcher's actor and what it reports (docs/product.md §3 "Trade results"):
 * it feeds the machine the trades placed in this tab and every trades list or trade detail
 * the query cache receives; each settled trade refreshes the balance and the orders and
 * shows its result, as a sheet on /trade and /orders, a toast elsewhere.
 */
export function TradeWatcher() {
  const queryClient = useQueryClient();
  const { i18n } = useLingui();
  const toast = useToast();
  const [path] = useLocation();
  const [results, setResults] = useState<Trade[]>([]);
  const [logic] = useState(() =>
    tradeWatchMachine.provide({
      actors: {
        checkTrades: fromPromise(async ({ input }) => {
          const answers = await Promise.allSettled(
            input.tradeIds.map((id) => fetchTradeDetails(id)),
          );
          // Some answered: those count; none answered: the round failed (asked again later).
          const trades = answers.flatMap((answer) =>
            answer.status === 'fulfilled' ? [answer.value] : [],
          );
          if (trades.length === 0 && input.tradeIds.length > 0) throw new Error('no answer');
          return trades;
        }),
      },
      actions: {
        reportSettled: (_, { trade }) => {
          void invalidateAfterTrade(queryClient);
          // Where the user is now (not when this component last rendered).
          if (showsResultSheet(window.location.pathname)) {
            setResults((queued) => [...queued, trade].slice(0, MAX_QUEUED_RESULTS));
          } else {
            toast({ tone: toastTone(trade), text: resultToastText(i18n, trade) });
          }
        },
      },
    }),
  );
  const actor = useAppActor(logic, { id: 'trade-watch' });
  // The trades still running when this tab opened: the cache feeds them to the machine below.
  usePendingTradesOnce();

  useEffect(
    () =>
      onPlacedTrade((trade) =>
        actor.send({ type: 'PLACED', trade, clockOffsetMs: serverClockOffset() }),
      ),
    [actor],
  );
  useEffect(() => {
    const cache = queryClient.getQueryCache();
    const seen = (query: Query) => {
      const trades = tradesIn(query);
      if (trades.length > 0) actor.send({ type: 'SEEN', trades });
    };
    cache.getAll().forEach(seen);
    return cache.subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') seen(event.query);
    });
  }, [actor, queryClient]);

  // A result that came on /trade or /orders waits there, also if the user left before it was
  // seen: it is shown on coming back.
  const onSheetScreen = showsResultSheet(path);
  const shown = onSheetScreen ? results[0] : undefined;
  if (!shown) return null;
  return (
    <ResultSheet
      key={shown._id}
      trade={shown}
      onClose={() => setResults((queued) => queued.filter((item) => item._id !== shown._id))}
    />
  );
}

/** The trades a query holds: a list's page (['trades', …]) or one trade (['details', 'trade', id]). */
function tradesIn(query: Query): Trade[] {
  const [root, kind] = query.queryKey;
  const data = query.state.data as { trades?: Trade[] } | Trade | undefined;
  if (!data) return [];
  if (root === 'trades' && 'trades' in data && Array.isArray(data.trades)) return data.trades;
  if (root === 'details' && kind === 'trade' && '_id' in data) return [data];
  return [];
}

/** A loss is news, not a failure: the toast's error tone is for things that went wrong. */
function toastTone(trade: Trade): 'success' | 'info' {
  return trade.tradeResult === 'win' ? 'success' : 'info';
}
