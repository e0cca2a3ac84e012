import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIM_SECRET_MIN_BYTES } from '../config';
import { createNoiseComponent, noiseAt, noiseAtMany } from './sim-noise';
import { PRF_KIND, PrfBatch, createComponentPrf } from './sim-prf';
import {
  createSimulatedMarket,
  createSimulatedProvider,
  deterministicExp,
  SIM_COINS,
} from './simulated';

const T0 = 1_767_225_600; // 2026-01-01T00:00:00Z, in seconds
/** Fixed secrets, so a failure can be replayed. */
const secret = (fill: number) => Buffer.alloc(32, fill);

/** Pearson correlation of two equally long series. */
function correlation(a: readonly number[], b: readonly number[]): number {
  const mean = (x: readonly number[]) => x.reduce((sum, v) => sum + v, 0) / x.length;
  const ma = mean(a);
  const mb = mean(b);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i += 1) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

/** One-minute log returns of `symbol` over a day from T0. */
function minuteReturns(market: ReturnType<typeof createSimulatedMarket>, symbol: string) {
  const returns: number[] = [];
  let previous = Number(market.priceAt(symbol, T0));
  for (let minute = 1; minute <= 1440; minute += 1) {
    const price = Number(market.priceAt(symbol, T0 + minute * 60));
    returns.push(Math.log(price / previous));
    previous = price;
  }
  return returns;
}

describe('the simulated market', () => {
  it('knows at least 30 coins', () => {
    expect(SIM_COINS.length).toBeGreaterThanOrEqual(30);
  });

  it('is a pure function of (secret, symbol, second): instances and restarts agree', () => {
    const a = createSimulatedMarket(secret(1));
    const b = createSimulatedMarket(secret(1));
    for (const symbol of ['BTC', 'ETH', 'PEPE', 'NOTLISTED']) {
      for (const second of [T0, T0 + 1, T0 + 86_399, T0 - 12_345_678]) {
        expect(b.priceAt(symbol, second)).toBe(a.priceAt(symbol, second));
      }
    }
    // The order of questions does not matter (no hidden state).
    const c = createSimulatedMarket(secret(1));
    c.ticker('BTC', (T0 + 500) * 1000);
    expect(c.priceAt('BTC', T0)).toBe(a.priceAt('BTC', T0));
    expect(c.ticker('BTC', T0 * 1000)).toEqual(a.ticker('BTC', T0 * 1000));
  });

  it('answers unrelated prices for another secret, even one differing in a single bit', () => {
    const a = createSimulatedMarket(secret(1));
    const flipped = secret(1);
    flipped.writeUInt8(flipped.readUInt8(31) ^ 1, 31);
    for (const b of [createSimulatedMarket(secret(2)), createSimulatedMarket(flipped)]) {
      expect(b.priceAt('BTC', T0)).not.toBe(a.priceAt('BTC', T0));
      // Their moves are independent: minute returns uncorrelated (|r| < 0.15 over 1,440
      // minutes; the same coin under one secret correlates 1, two coins about 0.36).
      for (const symbol of ['BTC', 'DOGE', 'NOTLISTED']) {
        expect(
          Math.abs(correlation(minuteReturns(a, symbol), minuteReturns(b, symbol))),
        ).toBeLessThan(0.15);
      }
    }
    // Unlisted coins' base prices come from the secret too.
    const bases = [1, 2, 3, 4].map((fill) =>
      Number(createSimulatedMarket(secret(fill)).priceAt('ZZZ', T0)),
    );
    expect(new Set(bases.map((p) => p.toPrecision(2))).size).toBeGreaterThan(1);
  });

  it('refuses a secret shorter than 128 bits', () => {
    expect(() => createSimulatedMarket(Buffer.alloc(SIM_SECRET_MIN_BYTES - 1, 1))).toThrow(
      RangeError,
    );
    expect(() => createSimulatedMarket(Buffer.alloc(SIM_SECRET_MIN_BYTES, 1))).not.toThrow();
  });

  it('moves coins together, as a market does', () => {
    const m = createSimulatedMarket(secret(3));
    // Each coin's log-price is 0.6 × market + 0.8 × its own: correlation 0.36 in theory.
    const r = correlation(minuteReturns(m, 'BTC'), minuteReturns(m, 'ETH'));
    expect(r).toBeGreaterThan(0.2);
    expect(r).toBeLessThan(0.55);
  });

  it('gives realistic prices with 8 significant digits; small coins keep their decimals', () => {
    const m = createSimulatedMarket(secret(4));
    const btc = Number(m.priceAt('BTC', T0));
    expect(btc).toBeGreaterThan(50_000);
    expect(btc).toBeLessThan(200_000);
    const pepe = m.priceAt('PEPE', T0);
    // PEPE's base is 0.0000098: within its band, 0.00000x or 0.0000x.
    expect(pepe).toMatch(/^0\.0000\d+$/);
    expect(pepe.replace(/^0\.0*/, '').length).toBeLessThanOrEqual(8);
    expect(pepe.replace(/^0\.0*/, '').length).toBeGreaterThanOrEqual(5);
    for (const symbol of ['BTC', 'ETH', 'SHIB', 'USDC', 'ANYTHING']) {
      const digits = m.priceAt(symbol, T0).replace('.', '').replace(/^0+/, '');
      expect(digits.length, symbol).toBeLessThanOrEqual(8);
    }
  });

  it('stays positive, moves every few seconds, and never jumps more than 0.5 % a second', () => {
    const m = createSimulatedMarket(secret(5));
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
    const m = createSimulatedMarket(secret(6));
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
    const m = createSimulatedMarket(secret(7));
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
    // The window's minute samples are computed in one batch; priceAt one at a time through
    // a cache: the same numbers, so the high and low are exactly the samples' extremes.
    const fresh = createSimulatedMarket(secret(7));
    const samples = [T0, T0 - 86_400];
    for (let minute = 0; minute < 1440; minute += 1)
      samples.push((Math.floor(T0 / 60) - minute) * 60);
    const prices = samples.map((second) => Number(fresh.priceAt('ETH', second)));
    expect(t.highPrice).toBe(String(Math.max(...prices)));
    expect(t.lowPrice).toBe(String(Math.min(...prices)));
  });

  it('computes the same noise one second at a time (cached) and many at once', () => {
    const { component } = createNoiseComponent(secret(8), 'coin\u0000BTC');
    const seconds: number[] = [];
    for (
      let second = T0 - 5_000_000;
      seconds.length < 2000;
      second += 1 + ((second * 7919) % 431)
    ) {
      seconds.push(second);
    }
    const many = noiseAtMany(component, seconds);
    // In order, then jumping about (the cache evicts and refills segments).
    for (let i = 0; i < seconds.length; i += 1)
      expect(noiseAt(component, seconds[i]!)).toBe(many[i]);
    for (let k = 0; k < 2000; k += 1) {
      const i = (k * 7919) % seconds.length;
      expect(noiseAt(component, seconds[i]!)).toBe(many[i]);
    }
    expect(() => noiseAtMany(component, [T0, T0 - 1])).toThrow(RangeError);
  });

  it('draws its randomness from AES under a key made from the secret (node:crypto)', () => {
    const prf = createComponentPrf(secret(9), 'market');
    const batch = new PrfBatch(1);
    for (const index of [0, 1, -1, 2 ** 40, -(2 ** 40), Number.MAX_SAFE_INTEGER]) {
      batch.push(PRF_KIND.lattice, 3, index);
    }
    const values = prf.uniforms(batch);
    // Two values per block, each in [0, 1), all distinct.
    expect(values).toHaveLength(12);
    for (const value of values) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
    expect(new Set(values).size).toBe(12);
    // The same block under another component's key or another secret: another value.
    const again = createComponentPrf(secret(9), 'market').uniform(PRF_KIND.lattice, 3, 0);
    expect(again).toBe(values[0]);
    expect(createComponentPrf(secret(9), 'coin\u0000BTC').uniform(PRF_KIND.lattice, 3, 0)).not.toBe(
      again,
    );
    expect(createComponentPrf(secret(10), 'market').uniform(PRF_KIND.lattice, 3, 0)).not.toBe(
      again,
    );
    expect(() => batch.push(PRF_KIND.lattice, 3, 0.5)).toThrow(RangeError);
  });

  it('answers random values that look uniform', () => {
    const prf = createComponentPrf(randomBytes(32), 'market');
    const batch = new PrfBatch(5000);
    for (let i = 0; i < 5000; i += 1) batch.push(PRF_KIND.lattice, 0, i);
    const values = prf.uniforms(batch);
    const buckets = new Array<number>(10).fill(0);
    for (const value of values) buckets[Math.floor(value * 10)]! += 1;
    // 10,000 values in 10 buckets: 1,000 each, ± 5 standard deviations (95).
    for (const count of buckets) expect(Math.abs(count - 1000)).toBeLessThan(5 * 95);
  });

  it('computes exp from basic arithmetic, accurate to the last bits', () => {
    for (const x of [-3, -0.5, -1e-9, 0, 1e-9, 0.25, 0.6931471805599453, 1, 2.5, 10]) {
      expect(Math.abs(deterministicExp(x) / Math.exp(x) - 1)).toBeLessThan(1e-14);
    }
  });

  it('quotes through the provider interface for the requested second', async () => {
    const m = createSimulatedMarket(secret(11));
    const provider = createSimulatedProvider(m, () => 0);
    const quotes = await provider.quote(['BTC', 'SOL'], { nowMs: T0 * 1000 + 999 });
    expect(provider.quotesRequestedTime).toBe(true);
    expect(quotes.get('BTC')?.price).toBe(m.priceAt('BTC', T0));
    expect(quotes.get('SOL')?.highPrice).toBe(m.ticker('SOL', T0 * 1000).highPrice);
    expect(quotes.get('SOL')?.changePercent).toMatch(/^-?\d+\.\d{3}$/);
  });
});
