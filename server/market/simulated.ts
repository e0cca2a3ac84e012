/**
 * The simulated market: a price for every coin and every second that is a pure function of
 * (seed, symbol, second). Several instances, and the same instance after a restart, agree on
 * the price of any second without sharing anything, so a trade opened on one instance
 * settles identically on another, and the web app's ticker equals the recorded ticks.
 *
 * The log-price is log(base) plus a sum of octaves of smooth value noise: hash-based random
 * values on a lattice of period T (1 s … ~11 days), interpolated with Catmull-Rom splines.
 * Octave amplitudes grow with √T, like a random walk, so the price moves ~0.01–0.1 % a
 * second and ranges a few percent a day; since every octave is bounded the price stays
 * within a band around its base forever (no drift to zero or infinity). A shared "market"
 * component makes coins move together, as real ones do.
 *
 * Only IEEE-754 +, −, ×, ÷ and 32-bit integer operations are used (exp is computed here),
 * so every engine computes the same numbers; prices are 8 significant digits.
 */
import { toSignificantDecimal } from './decimal';
import type { PriceProvider, Quote } from './types';

export interface SimCoin {
  symbol: string;
  name: string;
  /** Typical price in USDT, the centre of its band. */
  basePrice: number;
  /** Typical standard deviation of one day's log return (0.03 = 3 %). */
  dailyVol: number;
  /** Typical 24 h quote volume in USDT. */
  quoteVolumeUsd: number;
}

/** Realistic prices for the seeded coins and a few more (at least 30). */
export const SIM_COINS: readonly SimCoin[] = [
  { symbol: 'BTC', name: 'Bitcoin', basePrice: 97_000, dailyVol: 0.025, quoteVolumeUsd: 2.5e10 },
  { symbol: 'ETH', name: 'Ethereum', basePrice: 3_400, dailyVol: 0.035, quoteVolumeUsd: 1.2e10 },
  { symbol: 'BNB', name: 'BNB', basePrice: 650, dailyVol: 0.025, quoteVolumeUsd: 1.5e9 },
  { symbol: 'SOL', name: 'Solana', basePrice: 180, dailyVol: 0.045, quoteVolumeUsd: 3e9 },
  { symbol: 'XRP', name: 'XRP', basePrice: 2.3, dailyVol: 0.045, quoteVolumeUsd: 2.5e9 },
  { symbol: 'ADA', name: 'Cardano', basePrice: 0.75, dailyVol: 0.045, quoteVolumeUsd: 6e8 },
  { symbol: 'DOGE', name: 'Dogecoin', basePrice: 0.25, dailyVol: 0.055, quoteVolumeUsd: 1.5e9 },
  { symbol: 'TRX', name: 'TRON', basePrice: 0.24, dailyVol: 0.025, quoteVolumeUsd: 4e8 },
  { symbol: 'TON', name: 'Toncoin', basePrice: 3.2, dailyVol: 0.04, quoteVolumeUsd: 2e8 },
  { symbol: 'AVAX', name: 'Avalanche', basePrice: 28, dailyVol: 0.05, quoteVolumeUsd: 4e8 },
  { symbol: 'DOT', name: 'Polkadot', basePrice: 5.5, dailyVol: 0.045, quoteVolumeUsd: 2e8 },
  { symbol: 'LINK', name: 'Chainlink', basePrice: 18, dailyVol: 0.045, quoteVolumeUsd: 5e8 },
  { symbol: 'POL', name: 'Polygon', basePrice: 0.35, dailyVol: 0.05, quoteVolumeUsd: 1.5e8 },
  { symbol: 'LTC', name: 'Litecoin', basePrice: 95, dailyVol: 0.04, quoteVolumeUsd: 4e8 },
  { symbol: 'BCH', name: 'Bitcoin Cash', basePrice: 420, dailyVol: 0.04, quoteVolumeUsd: 2.5e8 },
  {
    symbol: 'SHIB',
    name: 'Shiba Inu',
    basePrice: 0.0000165,
    dailyVol: 0.055,
    quoteVolumeUsd: 3e8,
  },
  { symbol: 'NEAR', name: 'NEAR Protocol', basePrice: 4.2, dailyVol: 0.05, quoteVolumeUsd: 2e8 },
  { symbol: 'UNI', name: 'Uniswap', basePrice: 9.5, dailyVol: 0.05, quoteVolumeUsd: 2e8 },
  { symbol: 'ATOM', name: 'Cosmos', basePrice: 5.8, dailyVol: 0.045, quoteVolumeUsd: 1.2e8 },
  { symbol: 'XLM', name: 'Stellar', basePrice: 0.33, dailyVol: 0.045, quoteVolumeUsd: 2e8 },
  {
    symbol: 'ETC',
    name: 'Ethereum Classic',
    basePrice: 22,
    dailyVol: 0.045,
    quoteVolumeUsd: 1.5e8,
  },
  { symbol: 'FIL', name: 'Filecoin', basePrice: 4, dailyVol: 0.05, quoteVolumeUsd: 1.2e8 },
  { symbol: 'APT', name: 'Aptos', basePrice: 7.5, dailyVol: 0.055, quoteVolumeUsd: 1.5e8 },
  { symbol: 'ARB', name: 'Arbitrum', basePrice: 0.55, dailyVol: 0.055, quoteVolumeUsd: 2e8 },
  { symbol: 'OP', name: 'Optimism', basePrice: 1.4, dailyVol: 0.055, quoteVolumeUsd: 1.5e8 },
  {
    symbol: 'ICP',
    name: 'Internet Computer',
    basePrice: 8.5,
    dailyVol: 0.05,
    quoteVolumeUsd: 1e8,
  },
  { symbol: 'HBAR', name: 'Hedera', basePrice: 0.22, dailyVol: 0.055, quoteVolumeUsd: 1.5e8 },
  { symbol: 'VET', name: 'VeChain', basePrice: 0.034, dailyVol: 0.05, quoteVolumeUsd: 6e7 },
  { symbol: 'INJ', name: 'Injective', basePrice: 18, dailyVol: 0.06, quoteVolumeUsd: 1e8 },
  { symbol: 'SUI', name: 'Sui', basePrice: 3.6, dailyVol: 0.06, quoteVolumeUsd: 6e8 },
  { symbol: 'AAVE', name: 'Aave', basePrice: 260, dailyVol: 0.05, quoteVolumeUsd: 2.5e8 },
  { symbol: 'PEPE', name: 'Pepe', basePrice: 0.0000098, dailyVol: 0.07, quoteVolumeUsd: 5e8 },
  { symbol: 'WIF', name: 'dogwifhat', basePrice: 1.2, dailyVol: 0.08, quoteVolumeUsd: 2e8 },
  { symbol: 'FLOKI', name: 'FLOKI', basePrice: 0.00011, dailyVol: 0.07, quoteVolumeUsd: 8e7 },
  { symbol: 'BONK', name: 'Bonk', basePrice: 0.000021, dailyVol: 0.07, quoteVolumeUsd: 1e8 },
  { symbol: 'ALGO', name: 'Algorand', basePrice: 0.3, dailyVol: 0.05, quoteVolumeUsd: 5e7 },
  { symbol: 'XMR', name: 'Monero', basePrice: 190, dailyVol: 0.035, quoteVolumeUsd: 5e7 },
  { symbol: 'MATIC', name: 'Polygon (old)', basePrice: 0.38, dailyVol: 0.05, quoteVolumeUsd: 5e7 },
  { symbol: 'USDC', name: 'USDC', basePrice: 1, dailyVol: 0.0004, quoteVolumeUsd: 3e9 },
];

export const DEFAULT_SIM_SEED = 'tradewallet';
export const SIM_SIGNIFICANT_DIGITS = 8;
const SECONDS_PER_DAY = 86_400;
const MINUTES_PER_DAY = 1440;

/** Noise periods in seconds, ~×3.2 apart, from one second to ~11.6 days. */
const OCTAVE_PERIODS_S = [
  1, 3, 10, 30, 100, 300, 1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000,
] as const;
/** Octave amplitudes grow with √T, like a random walk's spread (sqrt is correctly rounded). */
const SQRT_PERIODS = OCTAVE_PERIODS_S.map((period) => Math.sqrt(period));
/** Share of each coin's variance that moves with the whole market (correlation ≈ 0.6). */
const MARKET_WEIGHT = 0.6;
const OWN_WEIGHT = 0.8;
/** The market component has the coin's volatility too, so it only sets the correlation. */
const MARKET_SYMBOL = '\u0000market';

/** 32-bit avalanche mix (lowbias32). */
function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over UTF-16 code units, then mixed: a string's 32-bit hash. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

function hashInts(a: number, b: number, c: number, d: number): number {
  // Seconds since 1970 fit 32 bits until 2106; the high word keeps it exact beyond.
  const high = Math.floor(d / 4_294_967_296);
  let h = mix32(a ^ 0x9e3779b9);
  h = mix32(h ^ b);
  h = mix32(h ^ c);
  h = mix32(h ^ (d >>> 0));
  return mix32(h ^ high);
}

/** A lattice value in [-1, 1). */
function latticeValue(seedHash: number, symbolHash: number, octave: number, n: number): number {
  return (hashInts(seedHash, symbolHash, octave, n) / 4_294_967_296) * 2 - 1;
}

/** exp(x) from + − × ÷ only: range reduction by ln 2 and a Taylor series (|x| ≲ 700). */
export function deterministicExp(x: number): number {
  const LN2 = 0.6931471805599453;
  const k = Math.round(x / LN2);
  const r = x - k * LN2;
  let term = 1;
  let sum = 1;
  for (let i = 1; i <= 22; i += 1) {
    term = (term * r) / i;
    sum += term;
  }
  let scale = 1;
  const factor = k >= 0 ? 2 : 0.5;
  for (let i = 0; i < Math.abs(k); i += 1) scale *= factor;
  return sum * scale;
}

/** Per-octave phase offsets of one component, so the octaves' lattices do not line up. */
function octavePhases(seedHash: number, symbolHash: number): number[] {
  return OCTAVE_PERIODS_S.map((period, octave) =>
    period === 1 ? 0 : hashInts(seedHash, symbolHash, octave, 0x5eed) % period,
  );
}

/**
 * One component (market or own) of the log-price at integer second `second`, for a
 * per-second volatility of 1: the sum of the octaves, each with amplitude √T.
 */
function unitNoise(
  seedHash: number,
  symbolHash: number,
  phases: readonly number[],
  second: number,
): number {
  let total = 0;
  for (let octave = 0; octave < OCTAVE_PERIODS_S.length; octave += 1) {
    const period = OCTAVE_PERIODS_S[octave]!;
    const amplitude = SQRT_PERIODS[octave]!;
    if (period === 1) {
      total += amplitude * latticeValue(seedHash, symbolHash, octave, second);
      continue;
    }
    const shifted = second + phases[octave]!;
    const cell = Math.floor(shifted / period);
    const t = (shifted - cell * period) / period;
    const p0 = latticeValue(seedHash, symbolHash, octave, cell - 1);
    const p1 = latticeValue(seedHash, symbolHash, octave, cell);
    const p2 = latticeValue(seedHash, symbolHash, octave, cell + 1);
    const p3 = latticeValue(seedHash, symbolHash, octave, cell + 2);
    // Catmull-Rom: passes through the lattice values with a continuous slope.
    const value =
      0.5 *
      (2 * p1 +
        (p2 - p0) * t +
        (2 * p0 - 5 * p1 + 4 * p2 - p3) * t * t +
        (3 * p1 - p0 - 3 * p2 + p3) * t * t * t);
    total += amplitude * value;
  }
  return total;
}

/** Everything about one coin's last 24 h that a 24 h ticker reports. */
export interface SimTicker {
  symbol: string;
  /** The second quoted (whole seconds since 1970). */
  second: number;
  lastPrice: string;
  /** Price 24 h before `second`. */
  openPrice: string;
  /** Price one second before the window opened. */
  prevClosePrice: string;
  highPrice: string;
  lowPrice: string;
  weightedAvgPrice: string;
  /** (last − open) / open in percent, a number; formatting is the caller's. */
  changePercent: number;
  /** Base-asset volume and quote (USDT) volume of the last 24 h. */
  volume: number;
  quoteVolume: number;
  tradeCount: number;
  lastTradeId: number;
  /** A deterministic value in [0, 1) for quantities that need some variety. */
  jitter: number;
}

export interface SimulatedMarket {
  readonly seed: string;
  /** The coins with realistic base prices (other symbols get a price from their hash). */
  readonly coins: readonly SimCoin[];
  /** The price of `symbol` at whole second `second`, 8 significant digits. */
  priceAt(symbol: string, second: number): string;
  /** The 24 h statistics of `symbol` at `nowMs`. High and low are over per-minute samples. */
  ticker(symbol: string, nowMs: number): SimTicker;
}

interface CoinParams {
  symbolHash: number;
  phases: number[];
  basePrice: number;
  perSecondVol: number;
  quoteVolumeUsd: number;
}

/** Minute samples of the last 24 h, kept as a ring and advanced a minute at a time. */
interface DayWindow {
  lastMinute: number;
  samples: Float64Array;
}

/** Seconds of market component kept: a day of minute samples plus the recent seconds. */
const MAX_CACHED_MARKET_SECONDS = 4_000;
/** Symbols whose 24 h window is cached: listed coins are few; this bounds a flood. */
const MAX_CACHED_WINDOWS = 2_000;

export function createSimulatedMarket(seed: string = DEFAULT_SIM_SEED): SimulatedMarket {
  const seedHash = hashString(seed);
  const marketHash = hashString(MARKET_SYMBOL);
  const marketPhases = octavePhases(seedHash, marketHash);
  const marketCache = new Map<number, number>();
  const known = new Map(SIM_COINS.map((c) => [c.symbol, c]));
  const params = new Map<string, CoinParams>();
  const windows = new Map<string, DayWindow>();

  function paramsOf(symbol: string): CoinParams {
    let p = params.get(symbol);
    if (p) return p;
    const coin = known.get(symbol);
    const symbolHash = hashString(symbol);
    if (coin) {
      p = {
        symbolHash,
        phases: octavePhases(seedHash, symbolHash),
        basePrice: coin.basePrice,
        perSecondVol: coin.dailyVol / Math.sqrt(SECONDS_PER_DAY),
        quoteVolumeUsd: coin.quoteVolumeUsd,
      };
    } else {
      // Any other symbol: log-uniform between 0.01 and ~500, 4–8 % daily volatility.
      const u = mix32(symbolHash ^ seedHash) / 4_294_967_296;
      const v = mix32(symbolHash ^ 0xa5a5a5a5) / 4_294_967_296;
      p = {
        symbolHash,
        phases: octavePhases(seedHash, symbolHash),
        basePrice: Number(deterministicExp(2.302585092994046 * (-2 + 4.7 * u)).toPrecision(4)),
        perSecondVol: (0.04 + 0.04 * v) / Math.sqrt(SECONDS_PER_DAY),
        quoteVolumeUsd: 2e7 + 8e7 * v,
      };
    }
    if (params.size >= MAX_CACHED_WINDOWS) params.clear();
    params.set(symbol, p);
    return p;
  }

  /** The market component is shared by every coin: computed once per second, kept a while. */
  function marketNoise(second: number): number {
    let value = marketCache.get(second);
    if (value === undefined) {
      value = unitNoise(seedHash, marketHash, marketPhases, second);
      if (marketCache.size >= MAX_CACHED_MARKET_SECONDS) marketCache.clear();
      marketCache.set(second, value);
    }
    return value;
  }

  function priceValueAt(symbol: string, second: number): number {
    const p = paramsOf(symbol);
    const own = unitNoise(seedHash, p.symbolHash, p.phases, second);
    const logDeviation = p.perSecondVol * (MARKET_WEIGHT * marketNoise(second) + OWN_WEIGHT * own);
    return p.basePrice * deterministicExp(logDeviation);
  }

  function priceAt(symbol: string, second: number): string {
    if (!Number.isInteger(second)) throw new RangeError('second must be a whole number');
    return toSignificantDecimal(priceValueAt(symbol, second), SIM_SIGNIFICANT_DIGITS);
  }

  /** Per-minute prices (at each minute's first second) of the 24 h before `minute`. */
  function dayWindow(symbol: string, minute: number): Float64Array {
    let w = windows.get(symbol);
    // Raw values: rounding is monotonic, so the rounded maximum is the maximum rounded.
    const sample = (m: number) => priceValueAt(symbol, m * 60);
    if (!w || minute < w.lastMinute || minute - w.lastMinute >= MINUTES_PER_DAY) {
      if (!w && windows.size >= MAX_CACHED_WINDOWS) windows.clear();
      w = { lastMinute: minute, samples: new Float64Array(MINUTES_PER_DAY) };
      for (let m = minute - MINUTES_PER_DAY + 1; m <= minute; m += 1) {
        w.samples[mod(m, MINUTES_PER_DAY)] = sample(m);
      }
      windows.set(symbol, w);
      return w.samples;
    }
    for (let m = w.lastMinute + 1; m <= minute; m += 1) {
      w.samples[mod(m, MINUTES_PER_DAY)] = sample(m);
    }
    w.lastMinute = minute;
    return w.samples;
  }

  function ticker(symbol: string, nowMs: number): SimTicker {
    const second = Math.floor(nowMs / 1000);
    const p = paramsOf(symbol);
    const lastPrice = priceAt(symbol, second);
    const openPrice = priceAt(symbol, second - SECONDS_PER_DAY);
    const prevClosePrice = priceAt(symbol, second - SECONDS_PER_DAY - 1);
    const samples = dayWindow(symbol, Math.floor(second / 60));
    const last = Number(lastPrice);
    const open = Number(openPrice);
    let high = Math.max(last, open);
    let low = Math.min(last, open);
    let sum = 0;
    for (const value of samples) {
      if (value > high) high = value;
      if (value < low) low = value;
      sum += value;
    }
    const average = sum / samples.length;
    // Volume breathes with a slow noise of its own, ±40 % around the coin's typical figure.
    const hourly = latticeValue(seedHash, p.symbolHash, 97, Math.floor(second / 3600));
    const quoteVolume = p.quoteVolumeUsd * (1 + 0.4 * hourly);
    const tradesPerSecond = Math.max(0.05, quoteVolume / SECONDS_PER_DAY / 2500);
    return {
      symbol,
      second,
      lastPrice,
      openPrice,
      prevClosePrice,
      highPrice: toSignificantDecimal(high, SIM_SIGNIFICANT_DIGITS),
      lowPrice: toSignificantDecimal(low, SIM_SIGNIFICANT_DIGITS),
      weightedAvgPrice: toSignificantDecimal(average, SIM_SIGNIFICANT_DIGITS),
      changePercent: (last / open - 1) * 100,
      volume: quoteVolume / average,
      quoteVolume,
      tradeCount: Math.floor(tradesPerSecond * SECONDS_PER_DAY),
      lastTradeId: Math.floor(second * tradesPerSecond) + (p.symbolHash % 1_000_000),
      jitter: mix32(p.symbolHash ^ hashInts(seedHash, 7, 7, second)) / 4_294_967_296,
    };
  }

  return { seed, coins: SIM_COINS, priceAt, ticker };
}

function mod(n: number, m: number): number {
  return ((n % m) + m) % m;
}

/** The simulated market as a provider: quotes the requested second exactly. */
export function createSimulatedProvider(
  market: SimulatedMarket,
  now: () => number = Date.now,
): PriceProvider {
  return {
    name: 'simulated',
    quotesRequestedTime: true,
    async quote(symbols, options = {}) {
      const nowMs = options.nowMs ?? now();
      const quotes = new Map<string, Quote>();
      for (const symbol of new Set(symbols)) {
        const t = market.ticker(symbol, nowMs);
        quotes.set(symbol, {
          price: t.lastPrice,
          highPrice: t.highPrice,
          changePercent: t.changePercent.toFixed(3),
        });
      }
      return quotes;
    },
  };
}
