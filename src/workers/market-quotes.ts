/**
 * The market feed's quotes and status: quotes made from a ticker entry or the secondary
 * service's price, compared by the figures the page shows, with the direction of the last
 * move; the status after a poll; and the listed coins the feed can price.
 */
import { QUOTE_ASSET } from '../../common/market/binance';
import type { SimplePrice } from '../../common/market/coingecko';
import { MarketRequestError } from '../../common/market/http';
import type { Region } from './geo';
import { pairOf, type MarketError, type MarketFeedStatus, type MarketQuote } from './market-types';

/** A coin symbol as listed: letters and digits, short. */
const SYMBOL_PATTERN = /^[A-Z0-9]{1,15}$/;

/** A ticker entry with every figure the page shows. */
export interface FullTicker {
  pair: string;
  lastPrice: string;
  highPrice: string;
  changePercent: string;
}

export function fromTicker(symbol: string, entry: FullTicker, receivedAt: number): MarketQuote {
  return {
    symbol,
    pair: entry.pair,
    lastPrice: entry.lastPrice,
    highPrice: entry.highPrice,
    changePercent: entry.changePercent,
    price: Number(entry.lastPrice),
    high: Number(entry.highPrice),
    change: Number(entry.changePercent),
    move: null,
    source: 'primary',
    receivedAt,
  };
}

/** What the page is told of a failure: its kind, and the status of an HTTP error. */
function toMarketError(error: MarketRequestError): MarketError {
  return error.code === 'http' && error.status !== undefined
    ? { code: error.code, status: error.status }
    : { code: error.code };
}

export function sameFigures(a: MarketQuote, b: MarketQuote): boolean {
  return (
    a.lastPrice === b.lastPrice &&
    a.highPrice === b.highPrice &&
    a.changePercent === b.changePercent
  );
}

export function sameStatus(a: MarketFeedStatus, b: MarketFeedStatus | null): boolean {
  return (
    b !== null &&
    a.phase === b.phase &&
    a.source === b.source &&
    a.region === b.region &&
    a.error?.code === b.error?.code &&
    a.error?.status === b.error?.status
  );
}

/** The listed symbols the feed can price: upper case, well formed, unique, not USDT itself. */
export function normalizeCoins(coins: readonly string[], max: number): string[] {
  const seen = new Set<string>();
  for (const coin of coins) {
    const symbol = coin.trim().toUpperCase();
    if (symbol === QUOTE_ASSET || !SYMBOL_PATTERN.test(symbol)) continue;
    seen.add(symbol);
    if (seen.size >= max) break;
  }
  return [...seen];
}

/**
 * A quote from the secondary service, which has no 24-hour high: the last `known` one is
 * kept, raised by a higher price, and so is the change when the service gives none.
 */
export function fromSimplePrice(
  price: SimplePrice,
  known: MarketQuote | undefined,
  receivedAt: number,
): MarketQuote {
  const value = Number(price.lastPrice);
  const highPrice =
    known && known.high >= value && Number.isFinite(known.high) ? known.highPrice : price.lastPrice;
  const changePercent = price.changePercent ?? known?.changePercent ?? '0';
  return {
    symbol: price.symbol,
    pair: pairOf(price.symbol),
    lastPrice: price.lastPrice,
    highPrice,
    changePercent,
    price: value,
    high: Number(highPrice),
    change: Number(changePercent),
    move: null,
    source: 'secondary',
    receivedAt,
  };
}

/** The direction of the move since `before`, the quote the page last had. */
export function moveSince(
  quote: MarketQuote,
  before: MarketQuote | undefined,
): MarketQuote['move'] {
  if (!before) return quote.move;
  if (quote.price > before.price) return 'up';
  if (quote.price < before.price) return 'down';
  return before.move;
}

/** What one source did in a poll: whether it was asked, whether it priced, its failure. */
export interface SourceOutcome {
  asked: boolean;
  ok: boolean;
  error: MarketRequestError | null;
}

/** The feed's status after a poll of the exchange (`primary`) and then the other service. */
export function statusAfterPoll(
  previous: MarketFeedStatus,
  region: Region,
  primary: SourceOutcome,
  secondary: SourceOutcome,
): MarketFeedStatus {
  if (primary.ok) return { phase: 'live', source: 'primary', region, error: null };
  if (secondary.ok) return { phase: 'live', source: 'secondary', region, error: null };
  // The exchange failed and the secondary service is resting: keep what we have.
  if (!secondary.asked) return { ...previous, region };
  // Both services failed (the exchange now or within its back-off, then the other one).
  const error = secondary.error ?? primary.error ?? new MarketRequestError('network', 'No answer');
  return { phase: 'error', source: previous.source, region, error: toMarketError(error) };
}
