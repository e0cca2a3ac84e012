/**
 * Binance's 24-hour ticker, `GET /api/v3/ticker/24hr?symbols=["BTCUSDT","ETHUSDT"]` (Binance
 * US speaks the same), asked only for the listed pairs: the unfiltered answer is several
 * megabytes. Fields used: lastPrice, highPrice, priceChangePercent, all decimal strings.
 */
import { decimalOrNull } from './decimal';
import {
  getJson,
  isJsonObject,
  MarketRequestError,
  type GetJsonOptions,
  type ServiceError,
} from './http';

export const TICKER_PATH = '/api/v3/ticker/24hr';
/** The quote currency every listed coin is matched against: pairs are `{SYMBOL}USDT`. */
export const QUOTE_ASSET = 'USDT';
/** Request weight grows past 100 pairs (80 instead of 40): never send more at once. */
export const BINANCE_MAX_PAIRS_PER_REQUEST = 100;
/**
 * Binance's error code for a `symbols` list naming a pair it does not trade: it refuses the
 * whole request (`400 { code: -1121, msg: "Invalid symbol." }`).
 */
const BINANCE_INVALID_SYMBOL_CODE = -1121;

/** The fields the app uses of one ticker entry, exactly as quoted. */
export interface TickerEntry {
  pair: string;
  lastPrice: string;
  /** Null when the entry has no decimal `highPrice`. */
  highPrice: string | null;
  /** Null when the entry has no decimal `priceChangePercent`. */
  changePercent: string | null;
}

/** `{endpoint}?symbols=["BTCUSDT","ETHUSDT"]`, the JSON array URL-encoded. */
export function tickerUrl(endpoint: string | URL, pairs: readonly string[]): string {
  const url = new URL(endpoint);
  url.searchParams.set('symbols', JSON.stringify(pairs));
  return url.toString();
}

/** Fetches and parses the ticker of 1 to 100 `pairs`; pairs the answer lacks are left out. */
export async function fetchTicker(
  endpoint: string | URL,
  pairs: readonly string[],
  options: GetJsonOptions,
): Promise<Map<string, TickerEntry>> {
  if (pairs.length === 0 || pairs.length > BINANCE_MAX_PAIRS_PER_REQUEST) {
    throw new RangeError(`${pairs.length} pairs`);
  }
  const body = await getJson(tickerUrl(endpoint, pairs), options);
  return parseTicker(body, new Set(pairs));
}

/**
 * The entries of `wanted` pairs in a ticker answer (an array; a single object is accepted
 * too). An entry without a decimal `lastPrice` is skipped. An answer that is not a ticker at
 * all, or lists entries but none usable of the asked pairs, is a 'format' failure.
 */
export function parseTicker(body: unknown, wanted: ReadonlySet<string>): Map<string, TickerEntry> {
  const items = Array.isArray(body) ? body : isJsonObject(body) ? [body] : null;
  if (!items) throw new MarketRequestError('format', 'The ticker answer is not a list');
  const entries = new Map<string, TickerEntry>();
  for (const item of items) {
    const entry = parseTickerEntry(item);
    if (entry !== null && wanted.has(entry.pair)) entries.set(entry.pair, entry);
  }
  if (items.length > 0 && entries.size === 0) {
    throw new MarketRequestError('format', 'The ticker answer has none of the asked pairs');
  }
  return entries;
}

function parseTickerEntry(item: unknown): TickerEntry | null {
  if (!isJsonObject(item) || typeof item.symbol !== 'string') return null;
  const lastPrice = decimalOrNull(item.lastPrice);
  if (lastPrice === null) return null;
  return {
    pair: item.symbol,
    lastPrice,
    highPrice: decimalOrNull(item.highPrice),
    changePercent: decimalOrNull(item.priceChangePercent),
  };
}

/** Binance's error body: `{ code, msg }`. */
export function binanceErrorOf(body: unknown): ServiceError {
  if (!isJsonObject(body)) return { code: null, message: null };
  return {
    code: typeof body.code === 'number' ? body.code : null,
    message: typeof body.msg === 'string' ? body.msg.slice(0, 200) : null,
  };
}

/** Whether the exchange refused a request because one of its pairs is unknown to it. */
export function isInvalidSymbolError(error: unknown): boolean {
  return (
    error instanceof MarketRequestError &&
    error.code === 'http' &&
    error.status === 400 &&
    isJsonObject(error.body) &&
    error.body.code === BINANCE_INVALID_SYMBOL_CODE
  );
}
