/**
 * The exchange's ticker for the listed coins. The exchange refuses a whole request when it
 * does not trade one of its pairs, so one coin it does not list would cost every coin its
 * price: such a refusal is narrowed down by halving, within a budget of requests per poll,
 * and each refused pair is reported (`onUnlisted`) so that the secondary service prices it.
 */
import { fetchTicker, isInvalidSymbolError } from '../../common/market/binance';
import { asMarketRequestError, MarketRequestError } from '../../common/market/http';
import type { FullTicker } from './market-quotes';
import { pairOf } from './market-types';

export interface ListedTickerOptions {
  fetch: Parameters<typeof fetchTicker>[2];
  /** Pairs per request: more are asked in several requests, one after another. */
  maxPairsPerRequest: number;
  /** Requests one call may spend, the halving included. */
  maxRequests: number;
  onUnlisted(pair: string): void;
}

/** The ticker of `symbols` by pair, only entries with every figure the page shows. */
export async function fetchListedTicker(
  base: URL,
  symbols: readonly string[],
  options: ListedTickerOptions,
): Promise<Map<string, FullTicker>> {
  const result = new Map<string, FullTicker>();
  let budget = options.maxRequests;
  const visit = async (group: readonly string[]): Promise<void> => {
    if (budget <= 0) throw new MarketRequestError('format', 'Too many refused pairs');
    budget--;
    try {
      const entries = await fetchTicker(base, group.map(pairOf), options.fetch);
      for (const [pair, { lastPrice, highPrice, changePercent }] of entries) {
        // The page shows all three figures: an entry lacking one is left to the fallback.
        if (highPrice === null || changePercent === null) continue;
        result.set(pair, { pair, lastPrice, highPrice, changePercent });
      }
    } catch (error) {
      if (!isInvalidSymbolError(error)) throw asMarketRequestError(error);
      if (group.length === 1) return options.onUnlisted(pairOf(group[0]!));
      const middle = Math.ceil(group.length / 2);
      await visit(group.slice(0, middle));
      await visit(group.slice(middle));
    }
  };
  for (let start = 0; start < symbols.length; start += options.maxPairsPerRequest) {
    await visit(symbols.slice(start, start + options.maxPairsPerRequest));
  }
  return result;
}
