/**
 * Price providers behind one interface. A provider quotes base symbols ("BTC") in USDT and
 * answers only the symbols it could quote; the chain asks the next provider for the rest.
 */

export type ProviderName = 'simulated' | 'binance' | 'binance-us' | 'coingecko';

export interface Quote {
  /** USDT per coin, a plain positive decimal exactly as the source quoted it. */
  price: string;
  /** 24 h high, when the source gives one. */
  highPrice?: string;
  /** 24 h change in percent ("-1.234"), when the source gives one. */
  changePercent?: string;
}

export interface QuoteOptions {
  /** Cancels the request (the chain's time-out, or shutdown). */
  signal?: AbortSignal;
  /**
   * The moment to quote. Live providers ignore it (they quote "now"); the simulated market
   * answers the price of exactly this second, which is how tests drive it.
   */
  nowMs?: number;
}

export interface PriceProvider {
  readonly name: ProviderName;
  /**
   * True when the quote belongs to `options.nowMs` exactly (the simulated market); false
   * when it is the source's price at the moment it answered.
   */
  readonly quotesRequestedTime: boolean;
  /**
   * Quotes the given base symbols. The answer holds the symbols the source knows; a symbol
   * it does not list is simply absent. Throws `ProviderError` when the source failed.
   */
  quote(symbols: readonly string[], options?: QuoteOptions): Promise<Map<string, Quote>>;
}

/** A failed call to a price source, with what is known about why. */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    message: string,
    /** HTTP status, when the source answered. */
    readonly status: number | null = null,
    /** The source's own error code (Binance `code`, e.g. -1121). */
    readonly sourceCode: number | null = null,
    /** How long the source asked us to wait (Retry-After), in milliseconds. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
  }
}

/** Base symbols as the coins table holds them. */
export const SYMBOL_PATTERN = /^[A-Z0-9]{2,15}$/;
