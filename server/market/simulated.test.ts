import { describe, expect, it } from 'vitest';
import { DEMO_COINS } from '../seed/demo-data';
import {
  createSimulatedMarket,
  createSimulatedProvider,
  deterministicExp,
  SIM_COINS,
} from './simulated';

const T0 = 1_767_225_600; // 2026-01-01T00:00:00Z, in seconds

describe('the simulated market', () => {
  it('knows at least 30 coins, every seeded one among them', () => {
    expect(SIM_COINS.length).toBeGreaterThanOrEqual(30);
    const known = new Set(SIM_COINS.map((c) => c.symbol));
    for (const coin of DEMO_COINS) expect(known, coin.symbol).toContain(coin.symbol);
  });

  it('is a pure function of (seed, symbol, second): instances and restarts agree', () => {
    const a = createSimulatedMarket('seed-1');
    const b = createSimulatedMarket('seed-1');
    for (const symbol of ['BTC', 'ETH', 'PEPE', 'NOTLISTED']) {
      for (const second of [T0, T0 + 1, T0 + 86_399, T0 - 12_345_678]) {
        expect(b.priceAt(symbol, second)).toBe(a.priceAt(symbol, second));
      }
    }
    // The order of questions does not matter (no hidden state).
    const c = createSimulatedMarket('seed-1');
    c.ticker('BTC', (T0 + 500) * 1000);
    expect(c.priceAt('BTC', T0)).toBe(a.priceAt('BTC', T0));
    expect(c.ticker('BTC', T0 * 1000)).toEqual(a.ticker('BTC', T0 * 1000));
  });

  it('answers other prices for another seed', () => {
    const a = createSimulatedMarket('seed-1');
    const b = createSimulatedMarket('seed-2');
    expect(b.priceAt('BTC', T0)).not.toBe(a.priceAt('BTC', T0));
  });

  it('gives realistic prices with 8 significant digits; small coins keep their decimals', () => {
    const m = createSimulatedMarket();
    const btc = Number(m.priceAt('BTC', T0));
    expect(btc).toBeGreaterThan(50_000);
    expect(btc).toBeLessThan(200_000);
    const pepe = m.priceAt('PEPE', T0);
    expect(pepe).toMatch(/^0\.00000\d+$/);
    expect(pepe.replace(/^0\.0*/, '').length).toBeLessThanOrEqual(8);
    expect(pepe.replace(/^0\.0*/, '').length).toBeGreaterThanOrEqual(5);
    for (const symbol of ['BTC', 'ETH', 'SHIB', 'USDC', 'ANYTHING']) {
      const digits = m.priceAt(symbol, T0).replace('.', '').replace(/^0+/, '');
      expect(digits.length, symbol).toBeLessThanOrEqual(8);
    }
  });

  it('stays positive, moves every few seconds, and never jumps more than 0.5 % a second', () => {
    const m = createSimulatedMarket('steps');
    for (const symbol of ['BTC', 'ETH', 'DOGE', 'PEPE', 'WIF', 'XYZ']) {
      let previous = Number(m.priceAt(symbol, T0));
      let changes = 0;
      let sumAbsLog = 0;
      const seconds = 3600;
      for (let s = 1; s <= seconds; s += 1) {
        const price = Number(m.priceAt(symbol, T0 + s));
        expect(price).toBeGreaterThan(0);
        const step = Math.abs(Math.log(price / previous));
        expect(step, `${symbol} at +${s}s`).toBeLessThan(0.005);
        sumAbsLog += step;
        if (price !== previous) changes += 1;
        previous = price;
      }
      expect(changes / seconds, symbol).toBeGreaterThan(0.9);
      const meanStepPercent = (sumAbsLog / seconds) * 100;
      expect(meanStepPercent, symbol).toBeGreaterThan(0.002);
      expect(meanStepPercent, symbol).toBeLessThan(0.1);
    }
  });

  it('ranges a realistic amount in a day and stays within a band around its base', () => {
    const m = createSimulatedMarket('ranges');
    const btc = SIM_COINS.find((c) => c.symbol === 'BTC')!;
    for (let day = 0; day < 5; day += 1) {
      let low = Infinity;
      let high = 0;
      for (let s = 0; s < 86_400; s += 30) {
        const price = Number(m.priceAt('BTC', T0 + day * 86_400 + s));
        low = Math.min(low, price);
        high = Math.max(high, price);
      }
      const range = high / low - 1;
      expect(range, `day ${day}`).toBeGreaterThan(0.003);
      expect(range, `day ${day}`).toBeLessThan(0.25);
      expect(low).toBeGreaterThan(btc.basePrice * 0.5);
      expect(high).toBeLessThan(btc.basePrice * 2);
    }
  });

  it('derives the 24 h ticker from the same function', () => {
    const m = createSimulatedMarket();
    const nowMs = T0 * 1000 + 345;
    const t = m.ticker('ETH', nowMs);
    expect(t.second).toBe(T0);
    expect(t.lastPrice).toBe(m.priceAt('ETH', T0));
    expect(t.openPrice).toBe(m.priceAt('ETH', T0 - 86_400));
    const last = Number(t.lastPrice);
    const open = Number(t.openPrice);
    expect(Number(t.highPrice)).toBeGreaterThanOrEqual(Math.max(last, open));
    expect(Number(t.lowPrice)).toBeLessThanOrEqual(Math.min(last, open));
    expect(t.changePercent).toBeCloseTo((last / open - 1) * 100, 10);
    // The high is the maximum of per-minute samples: any sample is at most the high.
    for (let minute = 1; minute < 1440; minute += 97) {
      const sample = Number(m.priceAt('ETH', (Math.floor(T0 / 60) - minute) * 60));
      expect(sample).toBeLessThanOrEqual(Number(t.highPrice));
      expect(sample).toBeGreaterThanOrEqual(Number(t.lowPrice));
    }
    expect(t.volume).toBeGreaterThan(0);
    expect(t.tradeCount).toBeGreaterThan(0);
  });

  it('computes exp from basic arithmetic, accurate to the last bits', () => {
    for (const x of [-3, -0.5, -1e-9, 0, 1e-9, 0.25, 0.6931471805599453, 1, 2.5, 10]) {
      expect(Math.abs(deterministicExp(x) / Math.exp(x) - 1)).toBeLessThan(1e-14);
    }
  });

  it('quotes through the provider interface for the requested second', async () => {
    const m = createSimulatedMarket();
    const provider = createSimulatedProvider(m, () => 0);
    const quotes = await provider.quote(['BTC', 'SOL'], { nowMs: T0 * 1000 + 999 });
    expect(provider.quotesRequestedTime).toBe(true);
    expect(quotes.get('BTC')?.price).toBe(m.priceAt('BTC', T0));
    expect(quotes.get('SOL')?.highPrice).toBe(m.ticker('SOL', T0 * 1000).highPrice);
    expect(quotes.get('SOL')?.changePercent).toMatch(/^-?\d+\.\d{3}$/);
  });
});
