/**
 * The exchange's 24-hour ticker (Binance `GET /api/v3/ticker/24hr`), asked only for the
 * listed pairs with the `symbols` filter: the unfiltered answer is several megabytes.
 */
import { decimalOrNull } from '../decimal';
import { FeedRequestError, getJson, type FetchLike, type GetJsonOptions } from '../http';

/** The fields the app uses of one ticker entry, as quoted. */
export interface TickerEntry {
  pair: string;
  lastPrice: string;
  highPrice: string;
  changePercent: string;
}

/** Binance's error code for a `symbols` list naming a pair it does not trade. */
const INVALID_SYMBOL_CODE = -1121;

/** `{ticker}?symbols=["BTCUSDT","ETHUSDT"]`, the JSON array URL-encoded. */
export function tickerRequestUrl(base: URL, pairs: readonly string[]): string {
  const url = new URL(base);
  url.searchParams.set('symbols', JSON.stringify(pairs));
  return url.toString();
}

/** Fetches and parses the ticker of `pairs`; pairs missing from the answer are left out. */
export async function fetchTicker(
  fetchFn: FetchLike,
  base: URL,
  pairs: readonly string[],
  options: GetJsonOptions,
): Promise<Map<string, TickerEntry>> {
  const body = await getJson(fetchFn, tickerRequestUrl(base, pairs), options);
  return parseTicker(body, new Set(pairs));
}

/**
 * The entries of `wanted` pairs in a ticker answer (an array; a single object is accepted
 * too). Entries with a field that is not a decimal string are skipped; an answer that is not
 * a ticker at all is a 'format' error.
 */
export function parseTicker(body: unknown, wanted: ReadonlySet<string>): Map<string, TickerEntry> {
  const items = Array.isArray(body)
    ? body
    : typeof body === 'object' && body !== null
      ? [body]
      : null;
  if (!items) throw new FeedRequestError('format', 'The ticker answer is not a list');
  const entries = new Map<string, TickerEntry>();
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const fields = item as Record<string, unknown>;
    const pair = fields.symbol;
    if (typeof pair !== 'string' || !wanted.has(pair)) continue;
    const lastPrice = decimalOrNull(fields.lastPrice);
    const highPrice = decimalOrNull(fields.highPrice);
    const changePercent = decimalOrNull(fields.priceChangePercent);
    if (lastPrice === null || highPrice === null || changePercent === null) continue;
    entries.set(pair, { pair, lastPrice, highPrice, changePercent });
  }
  if (items.length > 0 && entries.size === 0) {
    throw new FeedRequestError('format', 'The ticker answer has none of the asked pairs');
  }
  return entries;
}

/** Whether the exchange refused the request because one of the pairs is unknown to it. */
export function isInvalidSymbolError(error: FeedRequestError): boolean {
  if (error.code !== 'http' || error.status !== 400) return false;
  const body = error.body;
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as Record<string, unknown>).code === INVALID_SYMBOL_CODE
  );
}
