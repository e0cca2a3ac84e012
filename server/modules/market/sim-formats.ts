/**
 * The simulated market in the real services' formats: Binance's 24 h ticker objects and
 * error bodies, ipapi.co's location answer and CoinGecko's coin list and simple price. The
 * web app's worker parses these with the same code it uses against the real services.
 */
import { COINGECKO_IDS } from '../../../common/market/coingecko';
import {
  addDecimals,
  lastPlaceUnit,
  padDecimals,
  subtractDecimals,
  toSignificantDecimal,
} from '../../market/decimal';
import type { SimTicker, SimulatedMarket } from '../../market/simulated';
import { QUOTE_ASSET } from '../../../common/market/binance';

/** Binance formats prices and quantities with (at least) 8 decimals. */
const BINANCE_DECIMALS = 8;

export interface BinanceTicker24h {
  symbol: string;
  priceChange: string;
  priceChangePercent: string;
  weightedAvgPrice: string;
  prevClosePrice: string;
  lastPrice: string;
  lastQty: string;
  bidPrice: string;
  bidQty: string;
  askPrice: string;
  askQty: string;
  openPrice: string;
  highPrice: string;
  lowPrice: string;
  volume: string;
  quoteVolume: string;
  openTime: number;
  closeTime: number;
  firstId: number;
  lastId: number;
  count: number;
}

export type BinanceMiniTicker = Pick<
  BinanceTicker24h,
  | 'symbol'
  | 'openPrice'
  | 'highPrice'
  | 'lowPrice'
  | 'lastPrice'
  | 'volume'
  | 'quoteVolume'
  | 'openTime'
  | 'closeTime'
  | 'firstId'
  | 'lastId'
  | 'count'
>;

const price8 = (text: string) => padDecimals(text, BINANCE_DECIMALS);
const fixed8 = (value: number) => value.toFixed(BINANCE_DECIMALS);
/** Binance's percent has three decimals, and never a negative zero. */
export function binancePercent(value: number): string {
  const text = value.toFixed(3);
  return /^-0\.0+$/.test(text) ? text.slice(1) : text;
}

/** A Binance FULL 24 h ticker object for a simulated coin at `nowMs`. */
export function binanceTicker(t: SimTicker, nowMs: number): BinanceTicker24h {
  const quantity = (usd: number) => fixed8(Math.max(usd / Number(t.lastPrice), 1e-8));
  return {
    symbol: t.symbol + QUOTE_ASSET,
    priceChange: price8(subtractDecimals(t.lastPrice, t.openPrice)),
    priceChangePercent: binancePercent(t.changePercent),
    weightedAvgPrice: price8(t.weightedAvgPrice),
    prevClosePrice: price8(t.prevClosePrice),
    lastPrice: price8(t.lastPrice),
    lastQty: quantity(20 + 2000 * t.jitter),
    bidPrice: price8(t.lastPrice),
    bidQty: quantity(1000 + 40_000 * t.jitter),
    askPrice: price8(addDecimals(t.lastPrice, lastPlaceUnit(t.lastPrice))),
    askQty: quantity(1000 + 40_000 * (1 - t.jitter)),
    openPrice: price8(t.openPrice),
    highPrice: price8(t.highPrice),
    lowPrice: price8(t.lowPrice),
    volume: fixed8(t.volume),
    quoteVolume: fixed8(t.quoteVolume),
    openTime: nowMs - 86_400_000,
    closeTime: nowMs,
    firstId: t.lastTradeId - t.tradeCount + 1,
    lastId: t.lastTradeId,
    count: t.tradeCount,
  };
}

export function binanceMiniTicker(t: SimTicker, nowMs: number): BinanceMiniTicker {
  const full = binanceTicker(t, nowMs);
  return {
    symbol: full.symbol,
    openPrice: full.openPrice,
    highPrice: full.highPrice,
    lowPrice: full.lowPrice,
    lastPrice: full.lastPrice,
    volume: full.volume,
    quoteVolume: full.quoteVolume,
    openTime: full.openTime,
    closeTime: full.closeTime,
    firstId: full.firstId,
    lastId: full.lastId,
    count: full.count,
  };
}

/** Binance's error body. */
export interface BinanceError {
  code: number;
  msg: string;
}

export const BINANCE_ERRORS = {
  invalidSymbol: { code: -1121, msg: 'Invalid symbol.' },
  illegalSymbols: {
    code: -1100,
    msg: 'Illegal characters found in parameter \'symbols\'; legal range is \'^\\[("[A-Z0-9-_.]{1,20}"(,"[A-Z0-9-_.]{1,20}"){0,}){0,1}\\]$\'.',
  },
  illegalSymbol: {
    code: -1100,
    msg: "Illegal characters found in parameter 'symbol'; legal range is '^[A-Z0-9-_.]{1,20}$'.",
  },
  emptySymbols: {
    code: -1102,
    msg: "Mandatory parameter 'symbols' was not sent, was empty/null, or malformed.",
  },
  bothSymbolParams: { code: -1128, msg: 'Combination of optional parameters invalid.' },
  duplicateSymbols: { code: -1101, msg: 'Duplicate values for a parameter detected.' },
  invalidType: { code: -1139, msg: 'Invalid ticker type.' },
  tooMuchWeight: {
    code: -1003,
    msg: 'Too much request weight used; current limit is 6000 request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.',
  },
  notFound: { code: -1000, msg: 'An unknown error occurred while processing the request.' },
} satisfies Record<string, BinanceError>;

export const tooManySymbols = (max: number, received: number): BinanceError => ({
  code: -1101,
  msg: `Too many parameters; expected '${max}' and received '${received}'.`,
});

const SYMBOLS_PARAM = /^\[("[A-Z0-9-_.]{1,20}"(,"[A-Z0-9-_.]{1,20}")*)?\]$/;
const SYMBOL_PARAM = /^[A-Z0-9-_.]{1,20}$/;

/**
 * Reads `symbol` / `symbols` as Binance does: the pairs asked for, null for "all", or the
 * error Binance would answer.
 */
export function parseBinanceSymbols(
  query: Record<string, unknown>,
  maxSymbols: number,
): { pairs: string[] | null; single: boolean } | { error: BinanceError } {
  const { symbol, symbols } = query;
  if (symbol !== undefined && symbols !== undefined) {
    return { error: BINANCE_ERRORS.bothSymbolParams };
  }
  if (symbol !== undefined) {
    if (typeof symbol !== 'string' || !SYMBOL_PARAM.test(symbol)) {
      return { error: BINANCE_ERRORS.illegalSymbol };
    }
    return { pairs: [symbol], single: true };
  }
  if (symbols === undefined) return { pairs: null, single: false };
  if (typeof symbols !== 'string' || symbols.length > 30_000 || !SYMBOLS_PARAM.test(symbols)) {
    return { error: BINANCE_ERRORS.illegalSymbols };
  }
  const pairs = JSON.parse(symbols) as string[];
  if (pairs.length === 0) return { error: BINANCE_ERRORS.emptySymbols };
  if (pairs.length > maxSymbols) return { error: tooManySymbols(maxSymbols, pairs.length) };
  if (new Set(pairs).size !== pairs.length) return { error: BINANCE_ERRORS.duplicateSymbols };
  return { pairs, single: false };
}

/** Countries the simulated IP-location service can answer (via the x-sim-country header). */
const COUNTRIES: Record<string, { name: string; capital: string; currency: string; tz: string }> = {
  US: { name: 'United States', capital: 'Washington', currency: 'USD', tz: 'America/New_York' },
  DE: { name: 'Germany', capital: 'Berlin', currency: 'EUR', tz: 'Europe/Berlin' },
  FR: { name: 'France', capital: 'Paris', currency: 'EUR', tz: 'Europe/Paris' },
  ES: { name: 'Spain', capital: 'Madrid', currency: 'EUR', tz: 'Europe/Madrid' },
  GB: { name: 'United Kingdom', capital: 'London', currency: 'GBP', tz: 'Europe/London' },
  CN: { name: 'China', capital: 'Beijing', currency: 'CNY', tz: 'Asia/Shanghai' },
  CA: { name: 'Canada', capital: 'Ottawa', currency: 'CAD', tz: 'America/Toronto' },
  JP: { name: 'Japan', capital: 'Tokyo', currency: 'JPY', tz: 'Asia/Tokyo' },
  BR: { name: 'Brazil', capital: 'Brasilia', currency: 'BRL', tz: 'America/Sao_Paulo' },
  IN: { name: 'India', capital: 'New Delhi', currency: 'INR', tz: 'Asia/Kolkata' },
};
/** Without the header the simulated visitor is outside the US (as most are). */
export const DEFAULT_SIM_COUNTRY = 'DE';

/** An ipapi.co-style answer for the country `requested` (or the default). */
export function geoAnswer(requested: string | undefined, ip: string) {
  const code =
    requested !== undefined && COUNTRIES[requested.trim().toUpperCase()]
      ? requested.trim().toUpperCase()
      : DEFAULT_SIM_COUNTRY;
  const country = COUNTRIES[code]!;
  return {
    ip,
    network: null,
    version: ip.includes(':') ? 'IPv6' : 'IPv4',
    city: country.capital,
    region: country.capital,
    region_code: null,
    country: code,
    country_name: country.name,
    country_code: code,
    country_code_iso3: null,
    country_capital: country.capital,
    country_tld: `.${code.toLowerCase()}`,
    continent_code: null,
    in_eu: ['DE', 'FR', 'ES'].includes(code),
    postal: null,
    latitude: null,
    longitude: null,
    timezone: country.tz,
    utc_offset: null,
    country_calling_code: null,
    currency: country.currency,
    currency_name: null,
    languages: null,
    country_area: null,
    country_population: null,
    asn: 'AS64496',
    org: 'TradeWallet simulated network',
  };
}

export interface CoinGeckoCoin {
  id: string;
  symbol: string;
  name: string;
}

/**
 * Bridged copies that share a symbol with the real coin, as on CoinGecko: a client must pick
 * the right id. They trade a little below the original.
 */
const DECOYS: readonly (CoinGeckoCoin & { of: string })[] = [
  { id: 'ethereum-wormhole', symbol: 'eth', name: 'Ethereum (Wormhole)', of: 'ETH' },
  { id: 'binance-peg-dogecoin', symbol: 'doge', name: 'Binance-Peg Dogecoin', of: 'DOGE' },
  { id: 'sol-wormhole', symbol: 'sol', name: 'Solana (Wormhole)', of: 'SOL' },
];
const DECOY_DISCOUNT = 0.997;

/** The simulated CoinGecko universe: each coin's id, and which symbol each id prices. */
export interface CoinGeckoUniverse {
  list: CoinGeckoCoin[];
  /** id → the simulated symbol it prices, and the factor applied (decoys). */
  byId: Map<string, { symbol: string; factor: number }>;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export function coinGeckoUniverse(coins: readonly { symbol: string; name: string }[]) {
  const list: CoinGeckoCoin[] = [];
  const byId = new Map<string, { symbol: string; factor: number }>();
  const add = (coin: CoinGeckoCoin, symbol: string, factor: number) => {
    if (byId.has(coin.id)) return;
    list.push(coin);
    byId.set(coin.id, { symbol, factor });
  };
  for (const coin of coins) {
    const known = COINGECKO_IDS[coin.symbol];
    let id = known ?? (slug(coin.name) || coin.symbol.toLowerCase());
    if (!known && byId.has(id)) id = `${id}-${coin.symbol.toLowerCase()}`;
    add({ id, symbol: coin.symbol.toLowerCase(), name: coin.name }, coin.symbol, 1);
  }
  const symbols = new Set(coins.map((c) => c.symbol));
  for (const decoy of DECOYS) {
    if (symbols.has(decoy.of)) {
      add({ id: decoy.id, symbol: decoy.symbol, name: decoy.name }, decoy.of, DECOY_DISCOUNT);
    }
  }
  // CoinGecko answers its list sorted by id.
  list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { list, byId } satisfies CoinGeckoUniverse;
}

export interface SimplePriceFlags {
  marketCap: boolean;
  volume: boolean;
  change: boolean;
  lastUpdated: boolean;
}

/** One id's entry of `/simple/price`, for the currencies asked (the simulation knows usd). */
export function simplePriceEntry(
  market: SimulatedMarket,
  entry: { symbol: string; factor: number },
  currencies: readonly string[],
  flags: SimplePriceFlags,
  nowMs: number,
): Record<string, number> {
  const answer: Record<string, number> = {};
  if (!currencies.includes('usd')) return answer;
  const t = market.ticker(entry.symbol, nowMs);
  const price = Number(
    entry.factor === 1 ? t.lastPrice : toSignificantDecimal(Number(t.lastPrice) * entry.factor, 8),
  );
  answer.usd = price;
  // A circulating supply that puts the market cap in a plausible range.
  if (flags.marketCap) answer.usd_market_cap = Math.round(t.quoteVolume * 25);
  if (flags.volume) answer.usd_24h_vol = t.quoteVolume * entry.factor;
  if (flags.change) answer.usd_24h_change = t.changePercent;
  if (flags.lastUpdated) answer.last_updated_at = t.second;
  return answer;
}

export const COINGECKO_RATE_LIMITED = {
  status: {
    error_code: 429,
    error_message:
      "You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits.",
  },
};

export const GEO_RATE_LIMITED = {
  error: true,
  reason: 'RateLimited',
  message: 'Visit https://ipapi.co/ratelimited/ for details',
};
