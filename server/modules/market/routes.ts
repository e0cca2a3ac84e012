/**
 * GET /api/config (no token): where the web app's market worker reads prices, how often, and
 * the trading rules, read fresh on every request so a settings change shows at once.
 * GET /api/getMarketTicks/{symbol}?sinceMs= (no token): the recorded ticks of one listed coin,
 * oldest first, for the trade chart's backfill.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig, MarketTicks } from '../../../common/contract';
import { MARKET_TICKS_MAX, PRICE_POLL_INTERVAL_MS } from '../../../common/rules';
import { badRequest, notFound } from '../../http/errors';
import { listedCoinTicks } from '../../market/ticks';
import { loadTradingSettings, tradingConfigView } from '../settings';

/** Without sinceMs, the chart gets the last five minutes. */
export const DEFAULT_TICKS_WINDOW_MS = 5 * 60_000;
/** sinceMs further back than this is moved up to it. */
export const MAX_TICKS_WINDOW_MS = 60 * 60_000;
const SINCE_MS_MESSAGE =
  'sinceMs must be a whole number of milliseconds since 1970-01-01 (for example 1767225600000).';
const UNKNOWN_COIN_MESSAGE = 'This coin is not listed.';

export const marketRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/config',
    { config: { access: 'public', rateLimit: { max: 300, timeWindow: 60_000 } } },
    async (_request, reply): Promise<AppConfig> => {
      const trading = tradingConfigView(await loadTradingSettings(app.db));
      reply.header('cache-control', 'no-cache');
      return {
        market: {
          source: app.market.source,
          simulated: app.market.simulated !== null,
          pollIntervalMs: PRICE_POLL_INTERVAL_MS,
          endpoints: app.market.endpoints,
        },
        trading,
      };
    },
  );

  app.get<{ Params: { symbol: string }; Querystring: Record<string, unknown> }>(
    '/getMarketTicks/:symbol',
    { config: { access: 'public', rateLimit: { max: 600, timeWindow: 60_000 } } },
    async (request, reply): Promise<MarketTicks> => {
      const nowMs = Date.now();
      const sinceMs = parseSinceMs(request.query.sinceMs, nowMs);
      const symbol = request.params.symbol;
      // Symbols are short upper-case codes; anything else cannot be a listed coin.
      if (!/^[A-Za-z0-9]{2,19}$/.test(symbol)) throw notFound(UNKNOWN_COIN_MESSAGE);
      const { listed, base, ticks } = await listedCoinTicks(
        app.db,
        symbol,
        new Date(sinceMs),
        MARKET_TICKS_MAX,
      );
      if (!listed) throw notFound(UNKNOWN_COIN_MESSAGE);
      reply.header('cache-control', 'no-store');
      return {
        symbol: base,
        source: ticks.at(-1)?.source ?? null,
        ticks: ticks.map((t) => ({ at: t.recordedAt.toISOString(), price: t.price })),
      };
    },
  );
};

/** sinceMs from the query: absent → five minutes ago; at most an hour back. */
function parseSinceMs(value: unknown, nowMs: number): number {
  if (value === undefined || value === '') return nowMs - DEFAULT_TICKS_WINDOW_MS;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) throw badRequest(SINCE_MS_MESSAGE);
  return Math.max(Number(value), nowMs - MAX_TICKS_WINDOW_MS);
}
