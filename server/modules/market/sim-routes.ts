/**
 * The simulated market's services on the app's own origin, only when MARKET_SOURCE is
 * 'simulated'. They speak the real formats exactly, so the web app's market worker runs its
 * real code paths offline:
 *   GET /sim/binance/api/v3/ticker/24hr?symbols=["BTCUSDT",...]   (and /sim/binance-us)
 *   GET /sim/geo/json                                              (ipapi.co)
 *   GET /sim/coingecko/api/v3/coins/list
 *   GET /sim/coingecko/api/v3/simple/price?ids=bitcoin&vs_currencies=usd&include_24hr_change=true
 * Public (no token, outside /api), rate-limited per address, with each service's own error
 * bodies. Coins are the listed ones plus the simulation's own table.
 */
import { asc } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { coins } from '../../db/schema';
import { QUOTE_ASSET, TICKER_PATH } from '../../../common/market/binance';
import { COIN_LIST_PATH, SIMPLE_PRICE_PATH } from '../../../common/market/coingecko';
import { SIM_PREFIXES } from '../../market/runtime';
import type { SimulatedMarket } from '../../market/simulated';
import {
  BINANCE_ERRORS,
  binanceMiniTicker,
  binanceTicker,
  COINGECKO_RATE_LIMITED,
  coinGeckoUniverse,
  GEO_RATE_LIMITED,
  geoAnswer,
  parseBinanceSymbols,
  simplePriceEntry,
  type BinanceError,
} from './sim-formats';

export interface SimulatedMarketRoutesOptions {
  market: SimulatedMarket;
  /** Requests per address per minute, per service (tests may lower them). */
  tickerPerMinute?: number;
  coinGeckoPerMinute?: number;
  geoPerMinute?: number;
}

/** Pairs per ticker request: Binance's own heaviest weight step starts past 100. */
export const SIM_MAX_SYMBOLS = 100;
/** Ids per simple/price request. */
export const SIM_MAX_IDS = 250;
/** The listed coins are re-read at most this often. */
const LISTED_COINS_TTL_MS = 2000;
const MAX_LISTED_COINS = 500;
/** Query strings longer than this are refused before parsing (a 100-pair list is ~1.4 kB). */
const MAX_QUERY_LENGTH = 8192;

type Query = Record<string, unknown>;

export const simulatedMarketRoutes: FastifyPluginAsync<SimulatedMarketRoutesOptions> = async (
  app,
  options,
) => {
  const { market } = options;
  const tickerPerMinute = options.tickerPerMinute ?? 600;
  const coinGeckoPerMinute = options.coinGeckoPerMinute ?? 300;
  const geoPerMinute = options.geoPerMinute ?? 60;

  let listed: { coins: { symbol: string; name: string }[]; loadedAt: number } | null = null;
  let loading: Promise<{ symbol: string; name: string }[]> | null = null;
  /** Listed coins and the simulation's own, cached for a moment. */
  async function simCoins(): Promise<{ symbol: string; name: string }[]> {
    if (listed && Date.now() - listed.loadedAt < LISTED_COINS_TTL_MS) return listed.coins;
    loading ??= app.db
      .select({ symbol: coins.symbol, name: coins.name })
      .from(coins)
      .orderBy(asc(coins.sortOrder), asc(coins.symbol))
      .limit(MAX_LISTED_COINS)
      .then((rows) => {
        const seen = new Set(rows.map((r) => r.symbol));
        const all = [...rows, ...market.coins.filter((c) => !seen.has(c.symbol))];
        listed = { coins: all, loadedAt: Date.now() };
        return all;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  /** Registers one service with its own error format (rate limits and failures alike). */
  async function service(
    prefix: string,
    errorBody: (statusCode: number) => unknown,
    routes: (scope: FastifyInstance) => void,
  ) {
    await app.register(
      async (scope) => {
        scope.setErrorHandler((error: FastifyError, request, reply) => {
          const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
          if (statusCode >= 500) request.log.error({ err: error }, 'simulated market failed');
          return reply.code(statusCode).send(errorBody(statusCode));
        });
        scope.addHook('onRequest', async (request, reply) => {
          const query = request.url.split('?')[1] ?? '';
          if (query.length > MAX_QUERY_LENGTH) {
            return reply.code(414).send(errorBody(414));
          }
        });
        routes(scope);
      },
      { prefix },
    );
  }

  const binanceError = (statusCode: number): BinanceError =>
    statusCode === 429
      ? BINANCE_ERRORS.tooMuchWeight
      : statusCode === 404
        ? BINANCE_ERRORS.notFound
        : { code: -1000, msg: 'An unknown error occurred while processing the request.' };

  const binanceRoutes = (scope: FastifyInstance) => {
    scope.get<{ Querystring: Query }>(
      TICKER_PATH,
      {
        config: {
          access: 'public',
          rateLimit: { max: tickerPerMinute, timeWindow: 60_000 },
        },
      },
      async (request, reply) => {
        const parsed = parseBinanceSymbols(request.query, SIM_MAX_SYMBOLS);
        if ('error' in parsed) return sendBinanceError(reply, parsed.error);
        const type = request.query.type ?? 'FULL';
        if (type !== 'FULL' && type !== 'MINI') {
          return sendBinanceError(reply, BINANCE_ERRORS.invalidType);
        }
        const available = new Set((await simCoins()).map((c) => c.symbol + QUOTE_ASSET));
        const pairs = parsed.pairs ?? [...available];
        if (pairs.some((pair) => !available.has(pair))) {
          return sendBinanceError(reply, BINANCE_ERRORS.invalidSymbol);
        }
        const nowMs = Date.now();
        const tickers = pairs.map((pair) => {
          const t = market.ticker(pair.slice(0, -QUOTE_ASSET.length), nowMs);
          return type === 'MINI' ? binanceMiniTicker(t, nowMs) : binanceTicker(t, nowMs);
        });
        reply.header('cache-control', 'no-store');
        return parsed.single ? tickers[0] : tickers;
      },
    );
  };

  await service(SIM_PREFIXES.binance, binanceError, binanceRoutes);
  await service(SIM_PREFIXES.binanceUs, binanceError, binanceRoutes);

  await service(
    SIM_PREFIXES.geo,
    (statusCode) =>
      statusCode === 429
        ? GEO_RATE_LIMITED
        : { error: true, reason: 'Error', message: 'Something went wrong' },
    (scope) => {
      scope.get(
        '/json',
        { config: { access: 'public', rateLimit: { max: geoPerMinute, timeWindow: 60_000 } } },
        async (request, reply) => {
          const header = request.headers['x-sim-country'];
          reply.header('cache-control', 'no-store');
          return geoAnswer(typeof header === 'string' ? header : undefined, request.ip);
        },
      );
    },
  );

  await service(
    SIM_PREFIXES.coingecko,
    (statusCode) => (statusCode === 429 ? COINGECKO_RATE_LIMITED : { error: `HTTP ${statusCode}` }),
    (scope) => {
      const limit = { max: coinGeckoPerMinute, timeWindow: 60_000 };
      scope.get<{ Querystring: Query }>(
        COIN_LIST_PATH,
        { config: { access: 'public', rateLimit: limit } },
        async (request) => {
          const { list } = coinGeckoUniverse(await simCoins());
          if (request.query.include_platform === 'true') {
            return list.map((coin) => ({ ...coin, platforms: {} }));
          }
          return list;
        },
      );
      scope.get<{ Querystring: Query }>(
        SIMPLE_PRICE_PATH,
        { config: { access: 'public', rateLimit: limit } },
        async (request, reply) => {
          const { ids, vs_currencies: vsCurrencies } = request.query;
          if (typeof vsCurrencies !== 'string' || vsCurrencies.trim() === '') {
            return reply.code(400).send({ error: 'Missing parameter vs_currencies' });
          }
          if (typeof ids !== 'string' || ids.trim() === '') {
            return reply.code(400).send({ error: 'Missing parameter ids' });
          }
          const idList = [
            ...new Set(
              ids
                .split(',')
                .map((id) => id.trim().toLowerCase())
                .filter(Boolean),
            ),
          ];
          if (idList.length > SIM_MAX_IDS) {
            return reply.code(400).send({ error: `Too many ids: at most ${SIM_MAX_IDS}` });
          }
          const currencies = vsCurrencies.split(',').map((c) => c.trim().toLowerCase());
          const flag = (name: string) => request.query[name] === 'true';
          const flags = {
            marketCap: flag('include_market_cap'),
            volume: flag('include_24hr_vol'),
            change: flag('include_24hr_change'),
            lastUpdated: flag('include_last_updated_at'),
          };
          const { byId } = coinGeckoUniverse(await simCoins());
          const nowMs = Date.now();
          const answer: Record<string, Record<string, number>> = {};
          // Unknown ids are left out, as CoinGecko does.
          for (const id of idList) {
            const entry = byId.get(id);
            if (entry) answer[id] = simplePriceEntry(market, entry, currencies, flags, nowMs);
          }
          reply.header('cache-control', 'no-store');
          return answer;
        },
      );
    },
  );
};

function sendBinanceError(reply: FastifyReply, error: BinanceError) {
  return reply.code(400).send(error);
}
