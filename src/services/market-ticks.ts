import { queryOptions } from '@tanstack/react-query';
// From the contract's module, not its index: /trade's route asks for these ticks from the
// first load's code (route-table.ts), and the index would bring the whole contract with it.
import { MarketTicks } from '../../common/contract/market';
import { api } from './api-client';

/** How far back the chart's backfill reaches. */
const CHART_BACKFILL_MS = 5 * 60_000;

/**
 * A backfill younger than this is drawn as it is, with no second request: the one /trade's
 * route asked for while the page's code loaded (a few seconds at most on a slow phone). An
 * older one, from an earlier visit to the pair, is drawn at once and asked for again.
 */
const BACKFILL_REUSE_MS = 10_000;

/**
 * The chart's backfill and the pair header's first price: the server's recorded ticks of the
 * last five minutes, oldest first (GET /api/getMarketTicks/{symbol}?sinceMs=, at most
 * MARKET_TICKS_MAX; public, so sent without a token, and `retries: 0` because TanStack Query
 * retries). Read once per visit to the pair (the live feed appends from then on), so neither
 * a window focus nor a reconnection asks again, and dropped shortly after the visit.
 */
export const marketTicksQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['marketTicks', symbol] as const,
    queryFn: ({ signal }) =>
      api.get(`/getMarketTicks/${encodeURIComponent(symbol)}`, MarketTicks, {
        signal,
        retries: 0,
        auth: 'none',
        query: { sinceMs: Math.max(0, Math.floor(Date.now() - CHART_BACKFILL_MS)) },
      }),
    staleTime: BACKFILL_REUSE_MS,
    gcTime: BACKFILL_REUSE_MS,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
