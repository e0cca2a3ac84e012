/**
 * CoinGecko, the fallback: `GET /api/v3/coins/list` → `[{ id, symbol, name }]` (fetched
 * once, only when a symbol is missing from the fixed id table, and cached), then
 * `GET /api/v3/simple/price?ids=a,b&vs_currencies=usd&include_24hr_change=true` →
 * `{ [id]: { usd, usd_24h_change } }`. Prices arrive as JSON numbers; they become decimal
 * strings from their shortest representation, with no arithmetic in between.
 */
import { COINGECKO_IDS, pickCoinGeckoId } from './coingecko-ids';
import { numberToDecimalString, recordablePrice } from './decimal';
import { chunked, getJson, joinUrl, type FetchLike } from './http';
import { ProviderError, SYMBOL_PATTERN, type PriceProvider, type Quote } from './types';

export const COIN_LIST_PATH = '/api/v3/coins/list';
export const SIMPLE_PRICE_PATH = '/api/v3/simple/price';
/** Ids per simple/price request: keeps the URL well under every proxy's limit. */
export const COINGECKO_MAX_IDS_PER_REQUEST = 100;
/** The coin list changes slowly; a day is fresh enough. */
export const COIN_LIST_TTL_MS = 24 * 60 * 60_000;
/** After a failed coin list load, symbols outside the table wait this long for a retry. */
export const COIN_LIST_RETRY_MS = 60_000;
/** CoinGecko lists ~17,000 coins; anything far beyond is not its coin list. */
const MAX_COIN_LIST_ENTRIES = 100_000;

export interface CoinGeckoProviderOptions {
  /** E.g. https://api.coingecko.com */
  baseUrl: string;
  fetch?: FetchLike;
  now?: () => number;
}

export function simplePriceUrl(baseUrl: string, ids: readonly string[]): string {
  const idList = ids.map(encodeURIComponent).join(',');
  return joinUrl(
    baseUrl,
    `${SIMPLE_PRICE_PATH}?ids=${idList}&vs_currencies=usd&include_24hr_change=true`,
  );
}

export function createCoinGeckoProvider(options: CoinGeckoProviderOptions): PriceProvider {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  let coinList: { idsBySymbol: Map<string, string[]>; loadedAt: number } | null = null;
  let coinListFailedAt = -Infinity;
  let loading: Promise<Map<string, string[]>> | null = null;

  async function loadCoinList(signal: AbortSignal | undefined): Promise<Map<string, string[]>> {
    const { status, body, retryAfterMs } = await getJson(
      'coingecko',
      joinUrl(options.baseUrl, COIN_LIST_PATH),
      signal,
      fetchImpl,
    );
    if (status !== 200) throw errorFrom(status, body, retryAfterMs);
    if (!Array.isArray(body) || body.length > MAX_COIN_LIST_ENTRIES) {
      throw new ProviderError('coingecko', 'coin list is not a list', status);
    }
    const idsBySymbol = new Map<string, string[]>();
    for (const entry of body as unknown[]) {
      const coin = entry as { id?: unknown; symbol?: unknown } | null;
      if (typeof coin?.id !== 'string' || typeof coin.symbol !== 'string') continue;
      const symbol = coin.symbol.toUpperCase();
      if (!SYMBOL_PATTERN.test(symbol)) continue;
      const ids = idsBySymbol.get(symbol);
      if (ids) ids.push(coin.id);
      else idsBySymbol.set(symbol, [coin.id]);
    }
    return idsBySymbol;
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
    const idOf = new Map<string, string>();
    const unknown: string[] = [];
    for (const symbol of symbols) {
      const known = COINGECKO_IDS[symbol];
      if (known !== undefined) idOf.set(symbol, known);
      else unknown.push(symbol);
    }
    if (unknown.length === 0) return idOf;
    let list: Map<string, string[]>;
    try {
      list = await idsBySymbol(signal);
    } catch (error) {
      // The table's coins can still be priced without the list.
      if (idOf.size > 0) return idOf;
      throw error;
    }
    for (const symbol of unknown) {
      const id = pickCoinGeckoId(symbol, list.get(symbol) ?? []);
      if (id !== null) idOf.set(symbol, id);
    }
    return idOf;
  }

  return {
    name: 'coingecko',
    quotesRequestedTime: false,
    async quote(symbols, quoteOptions = {}) {
      const { signal } = quoteOptions;
      const quotes = new Map<string, Quote>();
      const valid = [...new Set(symbols.filter((s) => SYMBOL_PATTERN.test(s)))];
      if (valid.length === 0) return quotes;
      const idOf = await resolveIds(valid, signal);
      const symbolsOfId = new Map<string, string[]>();
      for (const [symbol, id] of idOf)
        symbolsOfId.set(id, [...(symbolsOfId.get(id) ?? []), symbol]);
      const answers = await Promise.all(
        chunked([...symbolsOfId.keys()], COINGECKO_MAX_IDS_PER_REQUEST).map(async (ids) => {
          const { status, body, retryAfterMs } = await getJson(
            'coingecko',
            simplePriceUrl(options.baseUrl, ids),
            signal,
            fetchImpl,
          );
          if (status !== 200) throw errorFrom(status, body, retryAfterMs);
          if (typeof body !== 'object' || body === null || Array.isArray(body)) {
            throw new ProviderError('coingecko', 'simple price is not an object', status);
          }
          return body as Record<string, unknown>;
        }),
      );
      for (const answer of answers) {
        for (const [id, value] of Object.entries(answer)) {
          const quote = parseSimplePrice(value);
          if (quote === null) continue;
          for (const symbol of symbolsOfId.get(id) ?? []) quotes.set(symbol, quote);
        }
      }
      return quotes;
    },
  };
}

/** `{ usd, usd_24h_change }` → Quote; null without a usable price. */
export function parseSimplePrice(value: unknown): Quote | null {
  if (typeof value !== 'object' || value === null) return null;
  const { usd, usd_24h_change: change } = value as Record<string, unknown>;
  if (typeof usd !== 'number' || !Number.isFinite(usd) || usd <= 0) return null;
  const price = recordablePrice(numberToDecimalString(usd));
  if (price === null) return null;
  const quote: Quote = { price };
  if (typeof change === 'number' && Number.isFinite(change)) {
    quote.changePercent = numberToDecimalString(change);
  }
  return quote;
}

/** CoinGecko's error bodies: `{ error }` or `{ status: { error_code, error_message } }`. */
function errorFrom(status: number, body: unknown, retryAfterMs: number | null): ProviderError {
  const b = body as {
    error?: unknown;
    status?: { error_code?: unknown; error_message?: unknown };
  } | null;
  const message =
    typeof b?.status?.error_message === 'string'
      ? b.status.error_message
      : typeof b?.error === 'string'
        ? b.error
        : 'no message';
  const code = typeof b?.status?.error_code === 'number' ? b.status.error_code : null;
  return new ProviderError(
    'coingecko',
    `HTTP ${status}: ${message.slice(0, 200)}`,
    status,
    code,
    retryAfterMs,
  );
}
