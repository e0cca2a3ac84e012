/**
 * The market as the app uses it: the provider chain for the configured source, the tick
 * recorder (built, never started here: `main.ts` starts it, tests drive it), the endpoints
 * the web app's worker reads, and the feed status for the health check.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MarketEndpoints } from '../../common/contract';
import { MAX_ENTRY_TICK_AGE_MS } from '../../common/rules';
import type { Config, MarketSource } from '../config';
import type { Db } from '../db/client';
import { installationSecret } from '../db/installation-secrets';
import { TICKER_PATH } from '../../common/market/binance';
import { createBinanceProvider } from './binance';
import { createProviderChain, type ProviderChain } from './chain';
import { COIN_LIST_PATH, SIMPLE_PRICE_PATH } from '../../common/market/coingecko';
import { createCoinGeckoProvider } from './coingecko';
import { joinUrl } from './http';
import { createTickRecorder, type TickRecorder } from './recorder';
import { createSimulatedMarket, createSimulatedProvider, type SimulatedMarket } from './simulated';
import { newestTickAt } from './ticks';

/** Where the simulated services live on the app's own origin. */
export const SIM_PREFIXES = {
  binance: '/sim/binance',
  binanceUs: '/sim/binance-us',
  geo: '/sim/geo',
  coingecko: '/sim/coingecko',
} as const;

/** The market feed as the health check and the admin overview report it. */
export interface MarketFeedStatus {
  /** MARKET_SOURCE: 'simulated' or 'binance'. */
  source: string;
  /** Milliseconds since the newest recorded tick, or null before the first one. */
  lastTickAgeMs: number | null;
  /** No tick yet, or the newest is older than MAX_ENTRY_TICK_AGE_MS (trades are refused). */
  stale: boolean;
  /** The provider that quoted most coins in this instance's last record, or null. */
  provider: string | null;
  /** Whether this instance runs the tick recorder. */
  recording: boolean;
}

export interface MarketRuntime {
  readonly source: MarketSource;
  /** The simulated market, when it is the source. */
  readonly simulated: SimulatedMarket | null;
  readonly chain: ProviderChain;
  readonly recorder: TickRecorder;
  /** What `GET /api/config` publishes for the web app's worker. */
  readonly endpoints: MarketEndpoints;
  status(): Promise<MarketFeedStatus>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Price providers, the tick recorder and the feed status. */
    market: MarketRuntime;
  }
}

/** The worker's endpoints: same-origin paths of the simulated services, or the real URLs. */
function marketEndpoints(config: Config): MarketEndpoints {
  if (config.marketSource === 'simulated') {
    return {
      tickerUrl: `${SIM_PREFIXES.binance}${TICKER_PATH}`,
      tickerUsUrl: `${SIM_PREFIXES.binanceUs}${TICKER_PATH}`,
      geoUrl: `${SIM_PREFIXES.geo}/json`,
      coinListUrl: `${SIM_PREFIXES.coingecko}${COIN_LIST_PATH}`,
      simplePriceUrl: `${SIM_PREFIXES.coingecko}${SIMPLE_PRICE_PATH}`,
    };
  }
  return {
    tickerUrl: joinUrl(config.binanceUrl, TICKER_PATH),
    tickerUsUrl: joinUrl(config.binanceUsUrl, TICKER_PATH),
    geoUrl: config.geoUrl,
    coinListUrl: joinUrl(config.coingeckoUrl, COIN_LIST_PATH),
    simplePriceUrl: joinUrl(config.coingeckoUrl, SIMPLE_PRICE_PATH),
  };
}

/** The external origins the web app may connect to (CSP connect-src); none when simulated. */
export function marketConnectOrigins(config: Config): string[] {
  if (config.marketSource === 'simulated') return [];
  const urls = [config.binanceUrl, config.binanceUsUrl, config.coingeckoUrl, config.geoUrl];
  return [...new Set(urls.map((u) => new URL(u).origin))];
}

export interface MarketRuntimeDeps {
  config: Config;
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => number;
}

/**
 * The notice a server prints at start when it simulates prices without demo data: then the
 * simulated market was asked for by name (MARKET_SOURCE=simulated) on an installation whose
 * users may be real. Null when there is nothing to warn about.
 */
export function simulatedMarketNotice(
  config: Pick<Config, 'marketSource' | 'demo'>,
): string[] | null {
  if (config.marketSource !== 'simulated' || config.demo) return null;
  return [
    'WARNING: MARKET_SOURCE=simulated without demo data.',
    'Every price on this installation is SIMULATED: it follows no real market.',
    'Never use it for real money. Unset MARKET_SOURCE to use the live market.',
  ];
}

/** The name of the simulated market's key in `installation_secrets`. */
export const SIM_SECRET_NAME = 'simulated-market';
/** Bytes of a generated key: 256 bits. */
const SIM_SECRET_BYTES = 32;

/**
 * The simulated market's key: SIM_SECRET when set, otherwise the installation's, generated
 * once and kept in the database so every instance on it quotes the same prices.
 */
async function loadSimSecret(config: Pick<Config, 'simSecret'>, db: Db): Promise<Buffer> {
  if (config.simSecret !== null) return Buffer.from(config.simSecret, 'base64');
  return installationSecret(db, SIM_SECRET_NAME, SIM_SECRET_BYTES);
}

export async function createMarketRuntime(deps: MarketRuntimeDeps): Promise<MarketRuntime> {
  const { config, db } = deps;
  const now = deps.now ?? Date.now;
  const simulated =
    config.marketSource === 'simulated'
      ? createSimulatedMarket(await loadSimSecret(config, db))
      : null;
  const chain = simulated
    ? createProviderChain([createSimulatedProvider(simulated, now)], { now })
    : createProviderChain(
        [
          createBinanceProvider({ name: 'binance', baseUrl: config.binanceUrl, now }),
          createBinanceProvider({ name: 'binance-us', baseUrl: config.binanceUsUrl, now }),
          createCoinGeckoProvider({ baseUrl: config.coingeckoUrl, now }),
        ],
        { now },
      );
  const recorder = createTickRecorder({ db, chain, log: deps.log, now });

  async function status(): Promise<MarketFeedStatus> {
    const recorderStatus = recorder.status();
    let newestMs = recorderStatus.lastTickSecondMs;
    const ageOf = (ms: number | null) => (ms === null ? null : Math.max(0, now() - ms));
    // Another instance may be the one recording: the database has the last word.
    const memoryAge = ageOf(newestMs);
    if (memoryAge === null || memoryAge > MAX_ENTRY_TICK_AGE_MS) {
      const stored = await newestTickAt(db);
      if (stored !== null) newestMs = Math.max(newestMs ?? 0, stored.getTime());
    }
    const lastTickAgeMs = ageOf(newestMs);
    return {
      source: config.marketSource,
      lastTickAgeMs,
      stale: lastTickAgeMs === null || lastTickAgeMs > MAX_ENTRY_TICK_AGE_MS,
      provider: recorderStatus.provider,
      recording: recorderStatus.running,
    };
  }

  return {
    source: config.marketSource,
    simulated,
    chain,
    recorder,
    endpoints: marketEndpoints(config),
    status,
  };
}
