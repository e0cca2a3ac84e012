/**
 * What the market worker and the page say to each other. Plain data only: everything here
 * crosses the worker boundary by structured clone (Comlink), so no classes and no functions
 * except the one proxied listener.
 */
import type { MarketEndpoints } from '../../common/contract';
import { QUOTE_ASSET } from '../../common/market/binance';

/** One coin's 24-hour ticker. */
export interface MarketQuote {
  /** The coin, e.g. "BTC". */
  symbol: string;
  /** The exchange pair, e.g. "BTCUSDT" (what /trade receives in its navigation state). */
  pair: string;
  /** Decimal strings exactly as the service quoted them (the secondary service's numbers are
   *  written out in plain decimal notation). Shown to the user; never rounded through a float
   *  before display. */
  lastPrice: string;
  highPrice: string;
  changePercent: string;
  /** The same figures parsed, for sorting and colour only. */
  price: number;
  high: number;
  change: number;
  /** Which way the last price moved since the value the page had before (null: first value). */
  move: 'up' | 'down' | null;
  /** Which service answered: the exchange ticker or the secondary price service. */
  source: MarketSource;
  /** When this value was received (ms since the epoch). */
  receivedAt: number;
}

type MarketSource = 'primary' | 'secondary';

/**
 * Why the feed has no fresh prices. The page turns the code into a translated message; the
 * worker never holds display text.
 */
type MarketErrorCode =
  /** Neither service could be reached (network failure, CORS, offline). */
  | 'network'
  /** Neither service answered within its time-out. */
  | 'timeout'
  /** A service answered with an HTTP error (status in `status`). */
  | 'http'
  /** A service answered, but not in the expected format or too large. */
  | 'format'
  /** Page side: the feed's settings or the coin list could not be loaded from the API. */
  | 'config'
  /** Page side: the worker could not start or stopped. */
  | 'worker';

export interface MarketError {
  code: MarketErrorCode;
  /** The HTTP status of an 'http' error. */
  status?: number;
}

export interface MarketFeedStatus {
  /** loading: no answer yet; live: the last poll had prices; error: both services failed. */
  phase: 'idle' | 'loading' | 'live' | 'error';
  /** The service that gave the last prices. */
  source: MarketSource | null;
  /** Which ticker host was chosen: the US variant or the global one (null before the check). */
  region: 'us' | 'global' | null;
  error: MarketError | null;
}

/** What the worker needs to know: `AppConfig.market` without the server-only `source`. */
export interface MarketFeedSettings {
  pollIntervalMs: number;
  endpoints: MarketEndpoints;
}

/** One push from the worker: the watched quotes that changed, and the status if it changed. */
export interface MarketFeedUpdate {
  quotes: MarketQuote[];
  status?: MarketFeedStatus;
}

/** Coin symbols to push, or every listed coin. */
export type WatchedSymbols = readonly string[] | 'all';

/** The worker's API, as seen through Comlink (each call is a message, hence the promises). */
export interface MarketWorkerApi {
  /**
   * Starts or reconfigures the feed. `listener` must be wrapped in `Comlink.proxy`: it is
   * called with every update. Calling again replaces the settings, the coins and the listener.
   */
  configure(
    settings: MarketFeedSettings,
    coins: readonly string[],
    listener: (update: MarketFeedUpdate) => void,
  ): void;
  setWatched(symbols: WatchedSymbols): void;
  setHidden(hidden: boolean): void;
  stop(): void;
}

export const INITIAL_STATUS: MarketFeedStatus = {
  phase: 'idle',
  source: null,
  region: null,
  error: null,
};

/** "BTCUSDT" → "BTC"; a coin symbol is returned as it is, upper-cased. */
export function coinOfPair(symbolOrPair: string): string {
  const upper = symbolOrPair.trim().toUpperCase();
  return upper.length > QUOTE_ASSET.length && upper.endsWith(QUOTE_ASSET)
    ? upper.slice(0, -QUOTE_ASSET.length)
    : upper;
}

/** "BTC" → "BTCUSDT". */
export function pairOf(symbol: string): string {
  return `${symbol}${QUOTE_ASSET}`;
}
