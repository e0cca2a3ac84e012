import { describe, expect, it } from 'vitest';
import type { MarketQuote } from '../../services/market-feed';
import { gainers, hotCoins, listedRows, losers, rowsForTab } from './market-lists';
import {
  formatChange,
  formatDecimal,
  formatPrice,
  priceDecimals,
  shownChangeTone,
} from '../../ui/market-format';

function quote(symbol: string, change: number): MarketQuote {
  return {
    symbol,
    pair: `${symbol}USDT`,
    lastPrice: '1.00',
    highPrice: '1.00',
    changePercent: String(change),
    price: 1,
    high: 1,
    change,
    move: null,
    source: 'primary',
    receivedAt: 0,
  };
}

const changes: Record<string, number> = {
  BTC: 1.2,
  ETH: -0.8,
  SOL: 4.1,
  XRP: 0,
  ADA: -3.5,
  DOGE: 9.9,
  TRX: 0.3,
  TON: -0.1,
  DOT: 2.2,
  LINK: 1.2,
};
const coins = Object.keys(changes);
const quotes = new Map(coins.map((s) => [s, quote(s, changes[s] as number)]));
const rows = listedRows([...coins, 'NEW'], quotes); // NEW has no price yet

const symbols = (list: { symbol: string }[]) => list.map((r) => r.symbol);

describe('market categories', () => {
  it('gainers: only rises, biggest first, ties by symbol', () => {
    expect(symbols(gainers(rows))).toEqual(['DOGE', 'SOL', 'DOT', 'BTC', 'LINK', 'TRX']);
  });

  it('leaves a change that shows as 0.00% out of both lists, whatever its sign', () => {
    const tiny = listedRows(
      ['UP', 'DOWN', 'FLATUP', 'FLATDOWN'],
      new Map([
        ['UP', quote('UP', 0.005)],
        ['DOWN', quote('DOWN', -0.005)],
        ['FLATUP', quote('FLATUP', 0.004)],
        ['FLATDOWN', quote('FLATDOWN', -0.004)],
      ]),
    );
    expect(symbols(gainers(tiny))).toEqual(['UP']);
    expect(symbols(losers(tiny))).toEqual(['DOWN']);
  });

  it('losers: only falls, biggest fall first', () => {
    expect(symbols(losers(rows))).toEqual(['ADA', 'ETH', 'TON']);
  });

  it('hot coins: the top 5 by 24-hour change, at most 20 however many are asked', () => {
    expect(symbols(hotCoins(rows, 5))).toEqual(['DOGE', 'SOL', 'DOT', 'BTC', 'LINK']);
    expect(hotCoins(rows, 20)).toHaveLength(10);
    const many = listedRows(
      Array.from({ length: 30 }, (_, i) => `C${i}`),
      new Map(Array.from({ length: 30 }, (_, i) => [`C${i}`, quote(`C${i}`, i)])),
    );
    expect(hotCoins(many, 50)).toHaveLength(20);
    expect(hotCoins(many, 20)[0]?.symbol).toBe('C29');
  });

  it('all coins: the listed order, coins without a price included', () => {
    expect(symbols(rowsForTab('all', rows))).toEqual([...coins, 'NEW']);
    expect(rowsForTab('gainers', rows).every((r) => (r.quote?.change ?? 0) > 0)).toBe(true);
  });

  it('leaves out coins whose change is not a number', () => {
    const odd = listedRows(['X'], new Map([['X', quote('X', Number.NaN)]]));
    expect(hotCoins(odd)).toEqual([]);
  });
});

describe('market figures', () => {
  it('rounds decimal strings on their digits and groups thousands', () => {
    expect(formatDecimal('67187.33000000', 2)).toBe('67,187.33');
    expect(formatDecimal('9.999', 2)).toBe('10.00');
    expect(formatDecimal('0.00001234', 8)).toBe('0.00001234');
    expect(formatDecimal('1234567.005', 2)).toBe('1,234,567.01');
    expect(formatDecimal('-0.001', 2)).toBe('0.00');
    expect(formatDecimal('abc', 2)).toBe('abc');
  });

  it('shows more decimals for cheaper coins', () => {
    expect(priceDecimals(67187)).toBe(2);
    expect(priceDecimals(5.4)).toBe(4);
    expect(priceDecimals(0.5234)).toBe(4);
    expect(priceDecimals(0.00001234)).toBe(8);
    expect(formatPrice('0.12345000')).toBe('0.1235');
    expect(formatPrice('145.23000000')).toBe('145.23');
  });

  it('signs the change with a plus or a true minus', () => {
    expect(formatChange('1.250')).toBe('+1.25%');
    expect(formatChange('-0.840')).toBe('\u22120.84%');
    expect(formatChange('0.001')).toBe('0.00%');
  });

  it('colours a change as shown: one that rounds to 0.00 % is flat', () => {
    expect(shownChangeTone('1.25')).toBe('up');
    expect(shownChangeTone('-0.84')).toBe('down');
    expect(shownChangeTone('-0.001')).toBe('flat');
    expect(shownChangeTone('0.004')).toBe('flat');
  });
});
