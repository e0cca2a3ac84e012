/**
 * Runtime configuration and market data. `GET /api/config` (no token) tells the web app
 * where its market worker reads prices and what the trading rules are, so the same code
 * reads Binance and CoinGecko in production and the server's simulated market offline.
 */
import { array, boolean, enums, nullable, number, object, string, type Infer } from 'superstruct';
import { IsoDate, WireAmount } from './common';

/** The spec's names of the four trade durations, in order of TRADE_DURATIONS_S. */
export const SELECTED_TIMES = ['trade30Second', 'trade60Second', 'trade3Min', 'trade5Min'] as const;
export type SelectedTime = (typeof SELECTED_TIMES)[number];

/**
 * Where the worker reads prices. Absolute URLs, or paths on the app's own origin (the
 * simulated market). Each speaks the real service's format:
 * - tickerUrl / tickerUsUrl: Binance `GET /api/v3/ticker/24hr?symbols=["BTCUSDT",...]`
 *   answering an array of `{ symbol, lastPrice, highPrice, priceChangePercent, ... }`
 *   (decimal strings).
 * - geoUrl: an IP-location service answering JSON with `country_code` ("US", ...).
 * - coinListUrl: CoinGecko `GET /api/v3/coins/list` → `[{ id, symbol, name }]`.
 * - simplePriceUrl: CoinGecko `GET /api/v3/simple/price?ids=a,b&vs_currencies=usd
 *   &include_24hr_change=true` → `{ [id]: { usd, usd_24h_change } }`.
 */
export const MarketEndpoints = object({
  tickerUrl: string(),
  tickerUsUrl: string(),
  geoUrl: string(),
  coinListUrl: string(),
  simplePriceUrl: string(),
});
export type MarketEndpoints = Infer<typeof MarketEndpoints>;

const TradeDuration = object({
  selectedTime: enums(SELECTED_TIMES),
  seconds: number(),
  /** Profit on a win, in percent of the stake ("80.000000"). */
  payoutPercent: WireAmount,
});
type TradeDuration = Infer<typeof TradeDuration>;

export const TradingConfig = object({
  /** Trading on for everyone (a country in blockedCountries is still refused). */
  enabled: boolean(),
  /** ISO 3166 alpha-2 codes of countries where trading is off. */
  blockedCountries: array(string()),
  minAmount: WireAmount,
  maxAmount: WireAmount,
  durations: array(TradeDuration),
  /** The server refuses a trade when its newest tick is older than this. */
  maxTickAgeMs: number(),
});
export type TradingConfig = Infer<typeof TradingConfig>;

/** GET /api/config */
export const AppConfig = object({
  market: object({
    /** 'simulated' or 'binance': what the server records from. */
    source: string(),
    /** Prices are simulated, not a market's: the web app marks every screen that shows them. */
    simulated: boolean(),
    pollIntervalMs: number(),
    endpoints: MarketEndpoints,
  }),
  trading: TradingConfig,
});
export type AppConfig = Infer<typeof AppConfig>;

/** One recorded tick: the whole second it belongs to and the price then. */
const Tick = object({ at: IsoDate, price: string() });
type Tick = Infer<typeof Tick>;

/**
 * GET /api/getMarketTicks/{symbol}?sinceMs= (no token): the server's recorded ticks of one
 * coin, oldest first, at most MARKET_TICKS_MAX; backfills the trade chart.
 */
export const MarketTicks = object({
  symbol: string(),
  source: nullable(string()),
  ticks: array(Tick),
});
export type MarketTicks = Infer<typeof MarketTicks>;
