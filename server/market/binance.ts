/**
 * Binance and Binance US: `GET {base}/api/v3/ticker/24hr?symbols=["BTCUSDT","ETHUSDT"]`, the
 * 24 h ticker of just the listed pairs (never the full multi-megabyte ticker). Fields used:
 * lastPrice, highPrice, priceChangePercent, all decimal strings.
 *
 * Binance refuses the whole request (`400 {code:-1121,msg:"Invalid symbol."}`) when one pair
 * of the list does not exist there, so one coin the exchange does not list would cost every
 * coin its price. The provider then bisects the list to find the unknown pairs, remembers
 * them for a while and leaves them to the next provider of the chain.
 */
import { recordablePrice, signedDecimal } from './decimal';
import { chunked, getJson, joinUrl, type FetchLike } from './http';
import {
  ProviderError,
  QUOTE_ASSET,
  SYMBOL_PATTERN,
  type PriceProvider,
  type Quote,
  type QuoteOptions,
} from './types';

export const TICKER_PATH = '/api/v3/ticker/24hr';
/** Request weight grows past 100 symbols (80 instead of 40): never send more at once. */
export const BINANCE_MAX_SYMBOLS_PER_REQUEST = 100;
export const BINANCE_INVALID_SYMBOL_CODE = -1121;
/** A pair the exchange did not know is asked again after this long (it may get listed). */
export const UNKNOWN_PAIR_RETRY_MS = 10 * 60_000;

export interface BinanceProviderOptions {
  name: 'binance' | 'binance-us';
  /** E.g. https://api.binance.com (no trailing path). */
  baseUrl: string;
  fetch?: FetchLike;
  now?: () => number;
}

/** The ticker URL of a list of pairs, the `symbols` parameter a URL-encoded JSON array. */
export function tickerUrl(baseUrl: string, pairs: readonly string[]): string {
  return joinUrl(baseUrl, `${TICKER_PATH}?symbols=${encodeURIComponent(JSON.stringify(pairs))}`);
}

export function createBinanceProvider(options: BinanceProviderOptions): PriceProvider {
  const { name, baseUrl } = options;
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  /** Pair → when it may be asked again. Bounded by the number of listed coins. */
  const unknownPairs = new Map<string, number>();

  const isKnownUnknown = (pair: string) => {
    const until = unknownPairs.get(pair);
    if (until === undefined) return false;
    if (until > now()) return true;
    unknownPairs.delete(pair);
    return false;
  };

  /** One request; answers the tickers, or 'invalid-symbol' when Binance refused the list. */
  async function fetchTickers(
    pairs: readonly string[],
    signal: AbortSignal | undefined,
  ): Promise<unknown[] | 'invalid-symbol'> {
    const { status, body, retryAfterMs } = await getJson(
      name,
      tickerUrl(baseUrl, pairs),
      signal,
      fetchImpl,
    );
    if (status === 200) {
      if (!Array.isArray(body)) throw new ProviderError(name, 'answered 200 without an array', 200);
      return body;
    }
    const error = body as { code?: unknown; msg?: unknown } | null;
    const code = typeof error?.code === 'number' ? error.code : null;
    if (status === 400 && code === BINANCE_INVALID_SYMBOL_CODE) return 'invalid-symbol';
    const msg = typeof error?.msg === 'string' ? error.msg.slice(0, 200) : 'no message';
    throw new ProviderError(name, `HTTP ${status}: ${msg}`, status, code, retryAfterMs);
  }

  /** Tickers of `pairs`, bisecting around pairs the exchange does not list. */
  async function tickersOf(
    pairs: readonly string[],
    signal: AbortSignal | undefined,
  ): Promise<unknown[]> {
    const answer = await fetchTickers(pairs, signal);
    if (answer !== 'invalid-symbol') return answer;
    if (pairs.length === 1) {
      unknownPairs.set(pairs[0]!, now() + UNKNOWN_PAIR_RETRY_MS);
      return [];
    }
    const middle = Math.ceil(pairs.length / 2);
    const [left, right] = await Promise.all([
      tickersOf(pairs.slice(0, middle), signal),
      tickersOf(pairs.slice(middle), signal),
    ]);
    return [...left, ...right];
  }

  return {
    name,
    quotesRequestedTime: false,
    async quote(symbols: readonly string[], quoteOptions: QuoteOptions = {}) {
      const wanted = new Set(symbols.filter((s) => SYMBOL_PATTERN.test(s)));
      const pairs = [...wanted].map((s) => s + QUOTE_ASSET).filter((p) => !isKnownUnknown(p));
      const quotes = new Map<string, Quote>();
      if (pairs.length === 0) return quotes;
      const answers = await Promise.all(
        chunked(pairs, BINANCE_MAX_SYMBOLS_PER_REQUEST).map((chunk) =>
          tickersOf(chunk, quoteOptions.signal),
        ),
      );
      for (const item of answers.flat()) {
        const parsed = parseTicker(item);
        if (parsed === null || !wanted.has(parsed.symbol)) continue;
        quotes.set(parsed.symbol, parsed.quote);
      }
      return quotes;
    },
  };
}

/** One 24 h ticker object → base symbol and quote; null when unusable (e.g. halted: "0"). */
export function parseTicker(item: unknown): { symbol: string; quote: Quote } | null {
  if (typeof item !== 'object' || item === null) return null;
  const ticker = item as Record<string, unknown>;
  const pair = ticker.symbol;
  if (typeof pair !== 'string' || !pair.endsWith(QUOTE_ASSET)) return null;
  const symbol = pair.slice(0, -QUOTE_ASSET.length);
  const price = recordablePrice(ticker.lastPrice);
  if (price === null) return null;
  const quote: Quote = { price };
  const highPrice = recordablePrice(ticker.highPrice);
  if (highPrice !== null) quote.highPrice = highPrice;
  const changePercent = signedDecimal(ticker.priceChangePercent);
  if (changePercent !== null) quote.changePercent = changePercent;
  return { symbol, quote };
}
