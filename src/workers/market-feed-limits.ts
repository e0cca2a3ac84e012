/**
 * What bounds the market feed (src/workers/market-feed.ts): its limits, its clock and timers
 * (injectable, so tests step time), and the endpoints it polls, resolved once per
 * configuration against the worker's origin.
 */
import { BINANCE_MAX_PAIRS_PER_REQUEST } from '../../common/market/binance';
import { HIDDEN_POLL_INTERVAL_MS, PRICE_POLL_INTERVAL_MS } from '../../common/rules';
import type { MarketFeedSettings } from './market-types';

/** Limits on everything the feed does; tests shorten the times. */
export interface MarketFeedLimits {
  /** Listed coins beyond this many are not polled. */
  maxSymbols: number;
  /** Pairs per ticker request: more are asked in several requests, one after another. */
  maxPairsPerRequest: number;
  /** The poll interval from the config is clamped to this range. */
  minPollIntervalMs: number;
  maxPollIntervalMs: number;
  /** The interval while the page is hidden. */
  hiddenPollIntervalMs: number;
  /** A ticker or price request fails after the poll interval plus this. */
  requestTimeoutExtraMs: number;
  maxRequestTimeoutMs: number;
  geoTimeoutMs: number;
  coinListTimeoutMs: number;
  maxTickerBytes: number;
  maxSimplePriceBytes: number;
  maxGeoBytes: number;
  /** The whole CoinGecko coin list is about 1.5 MB (some 17,000 coins). */
  maxCoinListBytes: number;
  maxCoinListEntries: number;
  /** After failures the exchange is retried after the poll interval, doubling up to this. */
  primaryBackoffCapMs: number;
  /**
   * The secondary service is asked at most this often: its free tier allows a few calls a
   * minute, so polling it every second would only earn refusals.
   */
  secondaryMinIntervalMs: number;
  /** A failed coin-list fetch is tried again after this long (well-known ids meanwhile). */
  coinListRetryMs: number;
  /** Requests one poll may spend finding which pairs the exchange does not trade. */
  maxProbeRequests: number;
}

export const DEFAULT_LIMITS: MarketFeedLimits = {
  maxSymbols: 200,
  maxPairsPerRequest: BINANCE_MAX_PAIRS_PER_REQUEST,
  minPollIntervalMs: 250,
  maxPollIntervalMs: 60_000,
  hiddenPollIntervalMs: HIDDEN_POLL_INTERVAL_MS,
  requestTimeoutExtraMs: 1000,
  maxRequestTimeoutMs: 10_000,
  geoTimeoutMs: 3000,
  coinListTimeoutMs: 10_000,
  maxTickerBytes: 1024 * 1024,
  maxSimplePriceBytes: 256 * 1024,
  maxGeoBytes: 16 * 1024,
  maxCoinListBytes: 8 * 1024 * 1024,
  maxCoinListEntries: 50_000,
  primaryBackoffCapMs: 30_000,
  secondaryMinIntervalMs: 6000,
  coinListRetryMs: 60_000,
  maxProbeRequests: 24,
};

/** Timers and clock, injectable so tests can step time. */
export interface Scheduler {
  now(): number;
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The configured endpoints as URLs, and the poll interval within its limits. */
export interface ResolvedSettings {
  pollIntervalMs: number;
  ticker: { global: URL; us: URL };
  geo: string;
  coinList: URL;
  simplePrice: URL;
}

/** Resolves `settings` against `origin`, clamping the poll interval to `limits`. */
export function resolveSettings(
  settings: MarketFeedSettings,
  origin: string,
  limits: MarketFeedLimits,
): ResolvedSettings {
  const { endpoints } = settings;
  const interval = Number.isFinite(settings.pollIntervalMs)
    ? settings.pollIntervalMs
    : PRICE_POLL_INTERVAL_MS;
  return {
    pollIntervalMs: Math.min(
      Math.max(interval, limits.minPollIntervalMs),
      limits.maxPollIntervalMs,
    ),
    ticker: {
      global: new URL(endpoints.tickerUrl, origin),
      us: new URL(endpoints.tickerUsUrl, origin),
    },
    geo: new URL(endpoints.geoUrl, origin).toString(),
    coinList: new URL(endpoints.coinListUrl, origin),
    simplePrice: new URL(endpoints.simplePriceUrl, origin),
  };
}

/** Whether two configurations poll the same services (a change restarts the feed's state). */
export function sameEndpoints(a: ResolvedSettings, b: ResolvedSettings): boolean {
  return (
    a.ticker.global.href === b.ticker.global.href &&
    a.ticker.us.href === b.ticker.us.href &&
    a.coinList.href === b.coinList.href &&
    a.simplePrice.href === b.simplePrice.href
  );
}
