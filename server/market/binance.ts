/**
 * Binance and Binance US as price providers: the 24 h ticker of just the listed pairs
 * (common/market/binance.ts reads it), at most 100 pairs a request.
 *
 * Binance refuses the whole request (`400 {code:-1121,msg:"Invalid symbol."}`) when one pair
 * of the list does not exist there, so one coin the exchange does not list would cost every
 * coin its price. The provider then bisects the list to find the unknown pairs, remembers
 * them for a while and leaves them to the next provider of the chain.
 */
import {
  BINANCE_MAX_PAIRS_PER_REQUEST,
  binanceErrorOf,
  fetchTicker,
  isInvalidSymbolError,
  QUOTE_ASSET,
  TICKER_PATH,
  type TickerEntry,
} from '../../common/market/binance';
import type { FetchLike } from '../../common/market/http';
import { recordablePrice } from './decimal';
import { chunked, joinUrl, providerRequestOptions, toProviderError } from './http';
import { SYMBOL_PATTERN, type PriceProvider, type Quote, type QuoteOptions } from './types';

/** A pair the exchange did not know is asked again after this long (it may get listed). */
export const UNKNOWN_PAIR_RETRY_MS = 10 * 60_000;

export interface BinanceProviderOptions {
  name: 'binance' | 'binance-us';
  /** E.g. https://api.binance.com (no trailing path). */
  baseUrl: string;
  fetch?: FetchLike;
  now?: () => number;
}

export function createBinanceProvider(options: BinanceProviderOptions): PriceProvider {
  const { name } = options;
  const endpoint = joinUrl(options.baseUrl, TICKER_PATH);
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

  /** One request; answers the entries, or 'invalid-symbol' when Binance refused the list. */
  async function fetchEntries(
    pairs: readonly string[],
    signal: AbortSignal | undefined,
  ): Promise<TickerEntry[] | 'invalid-symbol'> {
    try {
      const entries = await fetchTicker(endpoint, pairs, providerRequestOptions(fetchImpl, signal));
      return [...entries.values()];
    } catch (error) {
      if (isInvalidSymbolError(error)) return 'invalid-symbol';
      throw toProviderError(name, error, signal, binanceErrorOf);
    }
  }

  /** Entries of `pairs`, bisecting around pairs the exchange does not list. */
  async function entriesOf(
    pairs: readonly string[],
    signal: AbortSignal | undefined,
  ): Promise<TickerEntry[]> {
    const answer = await fetchEntries(pairs, signal);
    if (answer !== 'invalid-symbol') return answer;
    if (pairs.length === 1) {
      unknownPairs.set(pairs[0]!, now() + UNKNOWN_PAIR_RETRY_MS);
      return [];
    }
    const middle = Math.ceil(pairs.length / 2);
    const [left, right] = await Promise.all([
      entriesOf(pairs.slice(0, middle), signal),
      entriesOf(pairs.slice(middle), signal),
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
        chunked(pairs, BINANCE_MAX_PAIRS_PER_REQUEST).map((chunk) =>
          entriesOf(chunk, quoteOptions.signal),
        ),
      );
      for (const entry of answers.flat()) {
        const quote = quoteOf(entry);
        if (quote !== null) quotes.set(entry.pair.slice(0, -QUOTE_ASSET.length), quote);
      }
      return quotes;
    },
  };
}

/**
 * What the recorder may store of a ticker entry: null when its price cannot be recorded as
 * it is (a halted pair's "0.00000000", too many decimals).
 */
function quoteOf(entry: TickerEntry): Quote | null {
  const price = recordablePrice(entry.lastPrice);
  if (price === null) return null;
  const quote: Quote = { price };
  const highPrice = recordablePrice(entry.highPrice);
  if (highPrice !== null) quote.highPrice = highPrice;
  if (entry.changePercent !== null) quote.changePercent = entry.changePercent;
  return quote;
}
