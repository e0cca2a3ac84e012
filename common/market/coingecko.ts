/**
 * CoinGecko, the fallback price service: `GET /api/v3/coins/list` → `[{ id, symbol, name }]`
 * to learn the ids of coins outside the fixed table, then
 * `GET /api/v3/simple/price?ids=a,b&vs_currencies=usd&include_24hr_change=true` →
 * `{ [id]: { usd, usd_24h_change } }`. Prices arrive as JSON numbers and become exact decimal
 * strings (`numberToDecimalString`). The answer has no 24-hour high.
 */
import { jsonNumberToDecimal } from './decimal';
import {
  getJson,
  isJsonObject,
  MarketRequestError,
  type GetJsonOptions,
  type ServiceError,
} from './http';

export const COIN_LIST_PATH = '/api/v3/coins/list';
export const SIMPLE_PRICE_PATH = '/api/v3/simple/price';

/**
 * The ids of well-known coins. Many tokens share a ticker symbol (dozens of coins call
 * themselves "ETH" or "SOL" on some chain), so where the table knows a symbol its id wins
 * over a guess from the coin list. One table for the web app and the recorder, so both price
 * a coin from the same CoinGecko entry.
 */
export const COINGECKO_IDS: Readonly<Record<string, string>> = {
  AAVE: 'aave',
  ADA: 'cardano',
  ALGO: 'algorand',
  APT: 'aptos',
  ARB: 'arbitrum',
  ATOM: 'cosmos',
  AVAX: 'avalanche-2',
  AXS: 'axie-infinity',
  BCH: 'bitcoin-cash',
  BNB: 'binancecoin',
  BONK: 'bonk',
  BTC: 'bitcoin',
  CRV: 'curve-dao-token',
  DAI: 'dai',
  DASH: 'dash',
  DOGE: 'dogecoin',
  DOT: 'polkadot',
  EGLD: 'elrond-erd-2',
  ENA: 'ethena',
  EOS: 'eos',
  ETC: 'ethereum-classic',
  ETH: 'ethereum',
  FET: 'fetch-ai',
  FIL: 'filecoin',
  FLOKI: 'floki',
  FTM: 'fantom',
  GRT: 'the-graph',
  HBAR: 'hedera-hashgraph',
  ICP: 'internet-computer',
  IMX: 'immutable-x',
  INJ: 'injective-protocol',
  JUP: 'jupiter-exchange-solana',
  KAS: 'kaspa',
  LDO: 'lido-dao',
  LINK: 'chainlink',
  LTC: 'litecoin',
  MANA: 'decentraland',
  MATIC: 'matic-network',
  MKR: 'maker',
  NEAR: 'near',
  NEO: 'neo',
  ONDO: 'ondo-finance',
  OP: 'optimism',
  PEPE: 'pepe',
  POL: 'polygon-ecosystem-token',
  PYTH: 'pyth-network',
  RENDER: 'render-token',
  RUNE: 'thorchain',
  SAND: 'the-sandbox',
  SEI: 'sei-network',
  SHIB: 'shiba-inu',
  SOL: 'solana',
  STX: 'blockstack',
  SUI: 'sui',
  THETA: 'theta-token',
  TIA: 'celestia',
  TON: 'the-open-network',
  TRUMP: 'official-trump',
  TRX: 'tron',
  UNI: 'uniswap',
  USDC: 'usd-coin',
  VET: 'vechain',
  WIF: 'dogwifcoin',
  WLD: 'worldcoin-wld',
  XLM: 'stellar',
  XMR: 'monero',
  XRP: 'ripple',
  XTZ: 'tezos',
  ZEC: 'zcash',
};

/** Ids longer than this are not CoinGecko's (its longest are about 60 characters). */
const MAX_ID_LENGTH = 100;
/** Symbols of the coin list kept: what a listed coin can be, upper-cased. */
const COIN_LIST_SYMBOL = /^[A-Z0-9]{1,15}$/;
/** Ids that name a bridged, wrapped or pegged copy of a coin rather than the coin itself. */
const COPY_ID = /(wrapped|bridged|peg|wormhole|bridge|legacy|-old\b|-token-|^binance-)/;

/**
 * symbol (upper case) → the ids listed for it, in list order, from a `coins/list` answer. A
 * list of more than `maxEntries` entries is refused ('format'): CoinGecko lists about 17,000
 * coins, so anything far beyond is not its coin list.
 */
export function parseCoinList(body: unknown, maxEntries: number): Map<string, string[]> {
  if (!Array.isArray(body)) throw new MarketRequestError('format', 'The coin list is not a list');
  if (body.length > maxEntries) {
    throw new MarketRequestError('format', `The coin list has over ${maxEntries} entries`);
  }
  const idsBySymbol = new Map<string, string[]>();
  for (const item of body as unknown[]) {
    if (!isJsonObject(item)) continue;
    const { id, symbol } = item;
    if (typeof id !== 'string' || id.length > MAX_ID_LENGTH || typeof symbol !== 'string') continue;
    const upper = symbol.toUpperCase();
    if (!COIN_LIST_SYMBOL.test(upper)) continue;
    const ids = idsBySymbol.get(upper);
    if (ids) ids.push(id);
    else idsBySymbol.set(upper, [id]);
  }
  return idsBySymbol;
}

/** Fetches and parses the coin list (`parseCoinList`). */
export async function fetchCoinList(
  endpoint: string | URL,
  options: GetJsonOptions & { maxEntries: number },
): Promise<Map<string, string[]>> {
  return parseCoinList(await getJson(String(endpoint), options), options.maxEntries);
}

/**
 * The id of `symbol`: the table's when it knows the symbol; otherwise, among `candidates`
 * (the coin list's ids for it), one that does not look like a bridged or pegged copy, then
 * the shortest, then the first alphabetically (stable). The original coin usually has the
 * plain id and its copies longer ones ("bitcoin" beside "bitcoin-avalanche-bridged-btc-b").
 */
export function pickCoinGeckoId(symbol: string, candidates: readonly string[]): string | null {
  if (Object.hasOwn(COINGECKO_IDS, symbol)) return COINGECKO_IDS[symbol] as string;
  const ranked = [...candidates].sort(
    (a, b) =>
      Number(COPY_ID.test(a)) - Number(COPY_ID.test(b)) ||
      a.length - b.length ||
      (a < b ? -1 : a > b ? 1 : 0),
  );
  return ranked[0] ?? null;
}

/**
 * symbol → id for `symbols`: the table's ids, and with a coin list (`parseCoinList`) the
 * likeliest id of every other symbol it lists. Without one, only the table's coins.
 */
export function coinGeckoIds(
  symbols: readonly string[],
  idsBySymbol: ReadonlyMap<string, readonly string[]> | null,
): Map<string, string> {
  const ids = new Map<string, string>();
  for (const symbol of symbols) {
    const id = pickCoinGeckoId(symbol, idsBySymbol?.get(symbol) ?? []);
    if (id !== null) ids.set(symbol, id);
  }
  return ids;
}

/** id → the symbols it prices (two listed symbols may share an id). */
export function symbolsByCoinId(idsBySymbol: ReadonlyMap<string, string>): Map<string, string[]> {
  const symbolsById = new Map<string, string[]>();
  for (const [symbol, id] of idsBySymbol) {
    const symbols = symbolsById.get(id);
    if (symbols) symbols.push(symbol);
    else symbolsById.set(id, [symbol]);
  }
  return symbolsById;
}

/** `{endpoint}?ids=a,b&vs_currencies=usd&include_24hr_change=true` */
export function simplePriceUrl(endpoint: string | URL, ids: readonly string[]): string {
  const url = new URL(endpoint);
  url.searchParams.set('ids', ids.join(','));
  url.searchParams.set('vs_currencies', 'usd');
  url.searchParams.set('include_24hr_change', 'true');
  return url.toString();
}

export interface SimplePrice {
  symbol: string;
  /** A positive decimal string. */
  lastPrice: string;
  /** Null when the answer has no change for the coin. */
  changePercent: string | null;
}

/**
 * Prices by symbol from a `simple/price` answer (`{ [id]: { usd, usd_24h_change } }`), for
 * the ids of `symbolsById`. An id without a positive decimal price is left out; an answer
 * that is not an object is a 'format' failure.
 */
export function parseSimplePrice(
  body: unknown,
  symbolsById: ReadonlyMap<string, readonly string[]>,
): Map<string, SimplePrice> {
  if (!isJsonObject(body))
    throw new MarketRequestError('format', 'The price answer is not an object');
  const prices = new Map<string, SimplePrice>();
  for (const [id, symbols] of symbolsById) {
    const entry = Object.hasOwn(body, id) ? body[id] : undefined;
    if (!isJsonObject(entry)) continue;
    const lastPrice = jsonNumberToDecimal(entry.usd);
    if (lastPrice === null || !(Number(lastPrice) > 0)) continue;
    const changePercent = jsonNumberToDecimal(entry.usd_24h_change);
    for (const symbol of symbols) prices.set(symbol, { symbol, lastPrice, changePercent });
  }
  return prices;
}

/** Fetches the prices of `symbolsById`'s ids in one request (none when there are no ids). */
export async function fetchSimplePrices(
  endpoint: string | URL,
  symbolsById: ReadonlyMap<string, readonly string[]>,
  options: GetJsonOptions,
): Promise<Map<string, SimplePrice>> {
  if (symbolsById.size === 0) return new Map();
  const body = await getJson(simplePriceUrl(endpoint, [...symbolsById.keys()]), options);
  return parseSimplePrice(body, symbolsById);
}

/** CoinGecko's error bodies: `{ error }` or `{ status: { error_code, error_message } }`. */
export function coinGeckoErrorOf(body: unknown): ServiceError {
  if (!isJsonObject(body)) return { code: null, message: null };
  const status = isJsonObject(body.status) ? body.status : {};
  const message =
    typeof status.error_message === 'string'
      ? status.error_message
      : typeof body.error === 'string'
        ? body.error
        : null;
  return {
    code: typeof status.error_code === 'number' ? status.error_code : null,
    message: message === null ? null : message.slice(0, 200),
  };
}
