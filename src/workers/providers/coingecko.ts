/**
 * The secondary price service (CoinGecko): `coins/list` once to learn each coin's id, then
 * `simple/price` with the 24-hour change. Its answer has no 24-hour high, so the feed keeps
 * the last known one.
 */
import { numberToDecimalString } from '../decimal';
import { FeedRequestError, getJson, type FetchLike, type GetJsonOptions } from '../http';

/**
 * The ids of well-known coins. Many tokens share a ticker symbol (dozens of coins call
 * themselves "ETH" or "SOL" on some chain), so where the table knows a symbol its id wins
 * over a guess from the coin list.
 */
export const WELL_KNOWN_COIN_IDS: Readonly<Record<string, string>> = {
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

/**
 * symbol → id for the wanted symbols, from a `coins/list` answer (`[{ id, symbol, name }]`).
 * A symbol in the well-known table takes the table's id. Otherwise a symbol with one coin
 * takes its id; one shared by several takes the shortest id that does not name a copy, since
 * the original coin usually has the plain id and its bridged or pegged copies longer ones
 * ("bitcoin" beside "bitcoin-avalanche-bridged-btc-b"). At most `maxEntries` entries of the
 * list are read.
 */
export function buildCoinIdMap(
  body: unknown,
  wanted: readonly string[],
  maxEntries: number,
): Map<string, string> {
  if (!Array.isArray(body)) throw new FeedRequestError('format', 'The coin list is not a list');
  const wantedSet = new Set(wanted);
  const candidates = new Map<string, string[]>();
  for (const item of body.slice(0, maxEntries)) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, symbol } = item as Record<string, unknown>;
    if (typeof id !== 'string' || typeof symbol !== 'string' || id.length > 100) continue;
    const upper = symbol.toUpperCase();
    if (!wantedSet.has(upper)) continue;
    const list = candidates.get(upper) ?? [];
    list.push(id);
    candidates.set(upper, list);
  }
  const ids = new Map<string, string>();
  for (const symbol of wanted) {
    const known = WELL_KNOWN_COIN_IDS[symbol];
    const found = candidates.get(symbol);
    if (known !== undefined) ids.set(symbol, known);
    else if (found && found.length > 0) ids.set(symbol, pickLikelyId(found));
  }
  return ids;
}

/** The well-known ids of `wanted`: what the feed uses while the coin list is unavailable. */
export function wellKnownIds(wanted: readonly string[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const symbol of wanted) {
    const known = WELL_KNOWN_COIN_IDS[symbol];
    if (known !== undefined) ids.set(symbol, known);
  }
  return ids;
}

/** Ids that name a bridged, wrapped or pegged copy of a coin rather than the coin itself. */
const COPY_ID = /(wrapped|bridged|peg|wormhole|bridge|legacy|-old\b)/;

function pickLikelyId(ids: readonly string[]): string {
  const originals = ids.filter((id) => !COPY_ID.test(id));
  const pool = originals.length > 0 ? originals : ids;
  return [...pool].sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))[0] as string;
}

export async function fetchCoinIdMap(
  fetchFn: FetchLike,
  url: URL,
  wanted: readonly string[],
  options: GetJsonOptions & { maxEntries: number },
): Promise<Map<string, string>> {
  const body = await getJson(fetchFn, url.toString(), options);
  return buildCoinIdMap(body, wanted, options.maxEntries);
}

/** `{simplePrice}?ids=a,b&vs_currencies=usd&include_24hr_change=true` */
export function simplePriceRequestUrl(base: URL, ids: readonly string[]): string {
  const url = new URL(base);
  url.searchParams.set('ids', ids.join(','));
  url.searchParams.set('vs_currencies', 'usd');
  url.searchParams.set('include_24hr_change', 'true');
  return url.toString();
}

export interface SimplePrice {
  symbol: string;
  lastPrice: string;
  /** Null when the answer has no change for the coin. */
  changePercent: string | null;
}

/** Prices by symbol from a `simple/price` answer (`{ [id]: { usd, usd_24h_change } }`). */
export function parseSimplePrice(
  body: unknown,
  symbolsById: ReadonlyMap<string, readonly string[]>,
): Map<string, SimplePrice> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new FeedRequestError('format', 'The price answer is not an object');
  }
  const prices = new Map<string, SimplePrice>();
  for (const [id, symbols] of symbolsById) {
    const entry = Object.hasOwn(body, id) ? (body as Record<string, unknown>)[id] : undefined;
    if (typeof entry !== 'object' || entry === null) continue;
    const fields = entry as Record<string, unknown>;
    const lastPrice = numberToDecimalString(fields.usd);
    if (lastPrice === null || Number(lastPrice) <= 0) continue;
    const changePercent = numberToDecimalString(fields.usd_24h_change);
    for (const symbol of symbols) prices.set(symbol, { symbol, lastPrice, changePercent });
  }
  return prices;
}

export async function fetchSimplePrices(
  fetchFn: FetchLike,
  base: URL,
  idsBySymbol: ReadonlyMap<string, string>,
  options: GetJsonOptions,
): Promise<Map<string, SimplePrice>> {
  const symbolsById = new Map<string, string[]>();
  for (const [symbol, id] of idsBySymbol) {
    const list = symbolsById.get(id) ?? [];
    list.push(symbol);
    symbolsById.set(id, list);
  }
  if (symbolsById.size === 0) return new Map();
  const body = await getJson(
    fetchFn,
    simplePriceRequestUrl(base, [...symbolsById.keys()]),
    options,
  );
  return parseSimplePrice(body, symbolsById);
}
