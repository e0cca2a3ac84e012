/**
 * CoinGecko as the last price provider (common/market/coingecko.ts reads its formats): the
 * fixed id table prices well-known coins without the coin list; the list is fetched only
 * when a symbol is missing from the table, cached for a day, and a failed load is retried
 * after a minute. At most 100 ids a `simple/price` request.
 */
import {
  COIN_LIST_PATH,
  coinGeckoErrorOf,
  coinGeckoIds,
  fetchCoinList,
  fetchSimplePrices,
  SIMPLE_PRICE_PATH,
  symbolsByCoinId,
  type SimplePrice,
} from '../../common/market/coingecko';
import type { FetchLike } from '../../common/market/http';
import { recordablePrice } from './decimal';
import { chunked, joinUrl, providerRequestOptions, toProviderError } from './http';
import { ProviderError, SYMBOL_PATTERN, type PriceProvider, type Quote } from './types';

/** Ids per simple/price request: keeps the URL well under every proxy's limit. */
const COINGECKO_MAX_IDS_PER_REQUEST = 100;
/** The coin list changes slowly; a day is fresh enough. */
const COIN_LIST_TTL_MS = 24 * 60 * 60_000;
/** After a failed coin list load, symbols outside the table wait this long for a retry. */
const COIN_LIST_RETRY_MS = 60_000;
/** CoinGecko lists ~17,000 coins; anything far beyond is not its coin list. */
const MAX_COIN_LIST_ENTRIES = 100_000;

export interface CoinGeckoProviderOptions {
  /** E.g. https://api.coingecko.com */
  baseUrl: string;
  fetch?: FetchLike;
  now?: () => number;
}

export function createCoinGeckoProvider(options: CoinGeckoProviderOptions): PriceProvider {
  const coinListUrl = joinUrl(options.baseUrl, COIN_LIST_PATH);
  const simplePriceUrl = joinUrl(options.baseUrl, SIMPLE_PRICE_PATH);
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  let coinList: { idsBySymbol: Map<string, string[]>; loadedAt: number } | null = null;
  let coinListFailedAt = -Infinity;
  let loading: Promise<Map<string, string[]>> | null = null;

  async function loadCoinList(signal: AbortSignal | undefined): Promise<Map<string, string[]>> {
    try {
      return await fetchCoinList(coinListUrl, {
        ...providerRequestOptions(fetchImpl, signal),
        maxEntries: MAX_COIN_LIST_ENTRIES,
      });
    } catch (error) {
      throw toProviderError('coingecko', error, signal, coinGeckoErrorOf);
    }
  }

  /** The cached coin list, loading it once (concurrent callers share the load). */
  async function idsBySymbol(signal: AbortSignal | undefined): Promise<Map<string, string[]>> {
    if (coinList !== null && now() - coinList.loadedAt < COIN_LIST_TTL_MS) {
      return coinList.idsBySymbol;
    }
    if (now() - coinListFailedAt < COIN_LIST_RETRY_MS) {
      // A stale list beats none; without one, symbols outside the table wait.
      if (coinList !== null) return coinList.idsBySymbol;
      throw new ProviderError('coingecko', 'coin list unavailable (retrying shortly)');
    }
    loading ??= loadCoinList(signal)
      .then((map) => {
        coinList = { idsBySymbol: map, loadedAt: now() };
        return map;
      })
      .catch((error: unknown) => {
        coinListFailedAt = now();
        throw error;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  /** Symbol → CoinGecko id for the symbols we can name. */
  async function resolveIds(
    symbols: readonly string[],
    signal: AbortSignal | undefined,
  ): Promise<Map<string, string>> {
    const known = coinGeckoIds(symbols, null);
    if (known.size === symbols.length) return known;
    let list: Map<string, string[]>;
    try {
      list = await idsBySymbol(signal);
    } catch (error) {
      // The table's coins can still be priced without the list.
      if (known.size > 0) return known;
      throw error;
    }
    return coinGeckoIds(symbols, list);
  }

  async function pricesOf(
    symbolsById: ReadonlyMap<string, readonly string[]>,
    signal: AbortSignal | undefined,
  ): Promise<Map<string, SimplePrice>> {
    try {
      return await fetchSimplePrices(
        simplePriceUrl,
        symbolsById,
        providerRequestOptions(fetchImpl, signal),
      );
    } catch (error) {
      throw toProviderError('coingecko', error, signal, coinGeckoErrorOf);
    }
  }

  return {
    name: 'coingecko',
    quotesRequestedTime: false,
    async quote(symbols, quoteOptions = {}) {
      const { signal } = quoteOptions;
      const quotes = new Map<string, Quote>();
      const valid = [...new Set(symbols.filter((s) => SYMBOL_PATTERN.test(s)))];
      if (valid.length === 0) return quotes;
      const byId = [...symbolsByCoinId(await resolveIds(valid, signal))];
      const answers = await Promise.all(
        chunked(byId, COINGECKO_MAX_IDS_PER_REQUEST).map((chunk) =>
          pricesOf(new Map(chunk), signal),
        ),
      );
      for (const prices of answers) {
        for (const price of prices.values()) {
          const quote = quoteOf(price);
          if (quote !== null) quotes.set(price.symbol, quote);
        }
      }
      return quotes;
    },
  };
}

/** What the recorder may store of a price: null when it does not fit numeric(38, 18). */
function quoteOf(price: SimplePrice): Quote | null {
  const recordable = recordablePrice(price.lastPrice);
  if (recordable === null) return null;
  const quote: Quote = { price: recordable };
  if (price.changePercent !== null) quote.changePercent = price.changePercent;
  return quote;
}
