/**
 * The simulated market: a price for every coin and every second that is a pure function of
 * (secret, symbol, second). Instances with the same secret, and the same instance after a
 * restart, agree on the price of any second without talking to each other, so a trade opened
 * on one instance settles identically on another, and the web app's ticker equals the
 * recorded ticks. Without the secret nobody can compute a price: the code is public, the
 * secret is not (sim-prf.ts), so the recorded ticks say nothing about the next second's.
 *
 * The log-price is log(base) plus a sum of octaves of smooth value noise: random values from
 * the keyed pseudo-random function on a lattice of period T (1 s … ~11 days), interpolated
 * with Catmull-Rom splines. Octave amplitudes grow with √T, like a random walk, so the price
 * moves ~0.01–0.1 % a second and ranges a few percent a day; since every octave is bounded
 * the price stays within a band around its base forever (no drift to zero or infinity). A
 * shared "market" component makes coins move together, as real ones do.
 *
 * Past the random values, only IEEE-754 +, −, ×, ÷ are used (exp is computed here), so every
 * engine computes the same numbers; prices are 8 significant digits. The random values are
 * asked for in batches (one cipher call for all the lattice values a price or a 24 h window
 * needs), which keeps a 24 h ticker of 40 coins to tens of milliseconds.
 */
import { SIM_SECRET_MIN_BYTES } from '../config';
import { toSignificantDecimal } from './decimal';
import { createNoiseComponent, noiseAt, noiseAtMany, type NoiseComponent } from './sim-noise';
import { PRF_KIND } from './sim-prf';
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

const SIM_SIGNIFICANT_DIGITS = 8;
const SECONDS_PER_DAY = 86_400;
const MINUTES_PER_DAY = 1440;
/** Share of each coin's variance that moves with the whole market (correlation ≈ 0.36). */
const MARKET_WEIGHT = 0.6;
const OWN_WEIGHT = 0.8;
/** Component names: the key of each comes from the secret and its name (sim-prf.ts). */
const MARKET_COMPONENT = 'market';
const coinComponent = (symbol: string) => `coin\u0000${symbol}`;

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
  /** A value in [0, 1), new every second, for quantities that need some variety. */
  jitter: number;
}

export interface SimulatedMarket {
  /** The coins with realistic base prices (other symbols get a price from the secret). */
  readonly coins: readonly SimCoin[];
  /** The price of `symbol` at whole second `second`, 8 significant digits. */
  priceAt(symbol: string, second: number): string;
  /** The 24 h statistics of `symbol` at `nowMs`. High and low are over per-minute samples. */
  ticker(symbol: string, nowMs: number): SimTicker;
}

interface CoinParams {
  own: NoiseComponent;
  basePrice: number;
  perSecondVol: number;
  quoteVolumeUsd: number;
  /** Where the coin's trade ids start, in [0, 1,000,000). */
  tradeIdOffset: number;
  /** The hourly volume noise of the last hour asked for, in [-1, 1). */
  volumeHour: number;
  volumeNoise: number;
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
/** Random values of a coin's parameters: base price, volatility, trade-id offset. */
const COIN_PARAM_VALUES = 3;

/**
 * The market keyed by `secret` (at least SIM_SECRET_MIN_BYTES random bytes; the installation's,
 * see installation-secrets.ts). The secret is kept only inside this closure.
 */
export function createSimulatedMarket(secret: Uint8Array): SimulatedMarket {
  if (secret.length < SIM_SECRET_MIN_BYTES) {
    throw new RangeError(
      `The simulated market's secret must be at least ${SIM_SECRET_MIN_BYTES} bytes`,
    );
  }
  const key = Uint8Array.from(secret);
  const market = createNoiseComponent(key, MARKET_COMPONENT).component;
  const marketCache = new Map<number, number>();
  const known = new Map(SIM_COINS.map((c) => [c.symbol, c]));
  const params = new Map<string, CoinParams>();
  const windows = new Map<string, DayWindow>();

  function paramsOf(symbol: string): CoinParams {
    let p = params.get(symbol);
    if (p) return p;
    const coin = known.get(symbol);
    const { component: own, extra: values } = createNoiseComponent(
      key,
      coinComponent(symbol),
      COIN_PARAM_VALUES,
    );
    const [u = 0, v = 0, w = 0] = values;
    const common = {
      own,
      tradeIdOffset: Math.floor(w * 1_000_000),
      volumeHour: NaN,
      volumeNoise: 0,
    };
    p = coin
      ? {
          ...common,
          basePrice: coin.basePrice,
          perSecondVol: coin.dailyVol / Math.sqrt(SECONDS_PER_DAY),
          quoteVolumeUsd: coin.quoteVolumeUsd,
        }
      : {
          // Any other symbol: log-uniform between 0.01 and ~500, 4–8 % daily volatility.
          ...common,
          basePrice: Number(deterministicExp(2.302585092994046 * (-2 + 4.7 * u)).toPrecision(4)),
          perSecondVol: (0.04 + 0.04 * v) / Math.sqrt(SECONDS_PER_DAY),
          quoteVolumeUsd: 2e7 + 8e7 * v,
        };
    if (params.size >= MAX_CACHED_WINDOWS) params.clear();
    params.set(symbol, p);
    return p;
  }

  /** The market component at `second`: shared by every coin, so computed once and kept. */
  function marketNoise(second: number): number {
    let value = marketCache.get(second);
    if (value === undefined) {
      value = noiseAt(market, second);
      if (marketCache.size >= MAX_CACHED_MARKET_SECONDS) marketCache.clear();
      marketCache.set(second, value);
    }
    return value;
  }

  /** The market component at each of `seconds` (ascending), the missing ones in one batch. */
  function marketNoiseMany(seconds: ArrayLike<number>): Float64Array {
    const out = new Float64Array(seconds.length);
    const missing: number[] = [];
    for (let i = 0; i < seconds.length; i += 1) {
      const cached = marketCache.get(seconds[i]!);
      if (cached === undefined) missing.push(seconds[i]!);
      else out[i] = cached;
    }
    if (missing.length === 0) return out;
    const computed = noiseAtMany(market, missing);
    if (marketCache.size + missing.length > MAX_CACHED_MARKET_SECONDS) marketCache.clear();
    for (let i = 0, j = 0; i < seconds.length; i += 1) {
      // Seconds ascend, so the missing ones come up in the order they were computed.
      if (seconds[i] !== missing[j]) continue;
      out[i] = computed[j]!;
      marketCache.set(missing[j]!, computed[j]!);
      j += 1;
    }
    return out;
  }

  /** A coin's price from the two components of its log-price at one second. */
  function price(p: CoinParams, shared: number, own: number): number {
    return (
      p.basePrice * deterministicExp(p.perSecondVol * (MARKET_WEIGHT * shared + OWN_WEIGHT * own))
    );
  }

  /** The unrounded price of `symbol` at whole second `second`. */
  function priceValue(symbol: string, second: number): number {
    const p = paramsOf(symbol);
    return price(p, marketNoise(second), noiseAt(p.own, second));
  }

  const rounded = (value: number) => toSignificantDecimal(value, SIM_SIGNIFICANT_DIGITS);

  function priceAt(symbol: string, second: number): string {
    return rounded(priceValue(symbol, second));
  }

  /** Per-minute prices (at each minute's first second) of the 24 h before `minute`. */
  function dayWindow(symbol: string, minute: number): Float64Array {
    let w = windows.get(symbol);
    // Raw values: rounding is monotonic, so the rounded maximum is the maximum rounded.
    if (!w || minute < w.lastMinute || minute - w.lastMinute >= MINUTES_PER_DAY) {
      if (!w && windows.size >= MAX_CACHED_WINDOWS) windows.clear();
      const firstMinute = minute - MINUTES_PER_DAY + 1;
      const seconds = new Float64Array(MINUTES_PER_DAY);
      for (let i = 0; i < MINUTES_PER_DAY; i += 1) seconds[i] = (firstMinute + i) * 60;
      const p = paramsOf(symbol);
      const shared = marketNoiseMany(seconds);
      const own = noiseAtMany(p.own, seconds);
      w = { lastMinute: minute, samples: new Float64Array(MINUTES_PER_DAY) };
      for (let i = 0; i < MINUTES_PER_DAY; i += 1) {
        w.samples[mod(firstMinute + i, MINUTES_PER_DAY)] = price(p, shared[i]!, own[i]!);
      }
      windows.set(symbol, w);
      return w.samples;
    }
    for (let m = w.lastMinute + 1; m <= minute; m += 1) {
      w.samples[mod(m, MINUTES_PER_DAY)] = priceValue(symbol, m * 60);
    }
    w.lastMinute = minute;
    return w.samples;
  }

  /** Volume breathes with a slow noise of its own: a new value in [-1, 1) every hour. */
  function hourlyVolumeNoise(p: CoinParams, hour: number): number {
    if (p.volumeHour !== hour) {
      p.volumeNoise = p.own.prf.uniform(PRF_KIND.volume, 0, hour) * 2 - 1;
      p.volumeHour = hour;
    }
    return p.volumeNoise;
  }

  function ticker(symbol: string, nowMs: number): SimTicker {
    const second = Math.floor(nowMs / 1000);
    const p = paramsOf(symbol);
    const lastPrice = priceAt(symbol, second);
    const openPrice = priceAt(symbol, second - SECONDS_PER_DAY);
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
    // ±40 % around the coin's typical figure.
    const quoteVolume =
      p.quoteVolumeUsd * (1 + 0.4 * hourlyVolumeNoise(p, Math.floor(second / 3600)));
    const tradesPerSecond = Math.max(0.05, quoteVolume / SECONDS_PER_DAY / 2500);
    return {
      symbol,
      second,
      lastPrice,
      openPrice,
      prevClosePrice: priceAt(symbol, second - SECONDS_PER_DAY - 1),
      highPrice: rounded(high),
      lowPrice: rounded(low),
      weightedAvgPrice: rounded(average),
      changePercent: (last / open - 1) * 100,
      volume: quoteVolume / average,
      quoteVolume,
      tradeCount: Math.floor(tradesPerSecond * SECONDS_PER_DAY),
      lastTradeId: Math.floor(second * tradesPerSecond) + p.tradeIdOffset,
      jitter: p.own.prf.uniform(PRF_KIND.jitter, 0, second),
    };
  }

  return { coins: SIM_COINS, priceAt, ticker };
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
