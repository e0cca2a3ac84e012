/**
 * The markets screen's categories (docs/product.md §2): gainers, losers and the hot coins, from the
 * listed coins' latest quotes.
 */
import { HOT_COINS_MODAL, HOT_COINS_STRIP } from '../../../common/rules';
import type { MarketQuote } from '../../services/market-feed';
import { shownChangeTone } from '../../ui/market-format';

export type MarketTab = 'all' | 'gainers' | 'losers';

/** A listed coin and its quote, if one has come. */
export interface CoinRowData {
  symbol: string;
  quote: MarketQuote | undefined;
}

/** The listed coins in list order, each with its quote. */
export function listedRows(
  coins: readonly string[],
  quotes: ReadonlyMap<string, MarketQuote>,
): CoinRowData[] {
  return coins.map((symbol) => ({ symbol, quote: quotes.get(symbol) }));
}

type Priced = CoinRowData & { quote: MarketQuote };

function priced(rows: readonly CoinRowData[]): Priced[] {
  return rows.filter(
    (row): row is Priced => row.quote !== undefined && Number.isFinite(row.quote.change),
  );
}

const bySymbol = (a: CoinRowData, b: CoinRowData) =>
  a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;

/**
 * Coins up over 24 hours, the biggest rise first. Up as the row shows it: a change that
 * rounds to "0.00%" is in neither list, whatever its sign beyond the second decimal.
 */
export function gainers(rows: readonly CoinRowData[]): Priced[] {
  return priced(rows)
    .filter((row) => shownChangeTone(row.quote.changePercent) === 'up')
    .sort((a, b) => b.quote.change - a.quote.change || bySymbol(a, b));
}

/** Coins down over 24 hours (as the row shows it, like `gainers`), the biggest fall first. */
export function losers(rows: readonly CoinRowData[]): Priced[] {
  return priced(rows)
    .filter((row) => shownChangeTone(row.quote.changePercent) === 'down')
    .sort((a, b) => a.quote.change - b.quote.change || bySymbol(a, b));
}

/** The `count` coins with the highest 24-hour change (the strip: 5, the modal: 20). */
export function hotCoins(rows: readonly CoinRowData[], count: number = HOT_COINS_STRIP): Priced[] {
  const limit = Math.max(0, Math.min(count, HOT_COINS_MODAL));
  return priced(rows)
    .sort((a, b) => b.quote.change - a.quote.change || bySymbol(a, b))
    .slice(0, limit);
}

export function rowsForTab(tab: MarketTab, rows: readonly CoinRowData[]): CoinRowData[] {
  if (tab === 'gainers') return gainers(rows);
  if (tab === 'losers') return losers(rows);
  return [...rows];
}
