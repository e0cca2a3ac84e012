/**
 * For tests only: answers in the real services' formats, as the services send them (every
 * field, strings where they use strings), for the local servers of the market tests.
 */
import type { FakeAnswer } from './json-server.testkit';

/** One Binance 24 h ticker object, every field as the exchange sends it. */
export function binanceTicker(
  pair: string,
  figures: { lastPrice: string; highPrice?: string; priceChangePercent?: string },
) {
  const { lastPrice, highPrice = '70000.00000000', priceChangePercent = '-1.960' } = figures;
  return {
    symbol: pair,
    priceChange: '-94.99999800',
    priceChangePercent,
    weightedAvgPrice: lastPrice,
    prevClosePrice: lastPrice,
    lastPrice,
    lastQty: '200.00000000',
    bidPrice: lastPrice,
    bidQty: '100.00000000',
    askPrice: lastPrice,
    askQty: '100.00000000',
    openPrice: lastPrice,
    highPrice,
    lowPrice: lastPrice,
    volume: '8913.30000000',
    quoteVolume: '15.30000000',
    openTime: 1499783499040,
    closeTime: 1499869899040,
    firstId: 28385,
    lastId: 28460,
    count: 76,
  };
}

/** Binance's answer to a `symbols` list naming a pair it does not trade. */
export const BINANCE_INVALID_SYMBOL: FakeAnswer = {
  status: 400,
  body: { code: -1121, msg: 'Invalid symbol.' },
};

const BINANCE_PRICES: Readonly<Record<string, string>> = {
  BTCUSDT: '67123.45000000',
  ETHUSDT: '3456.78000000',
  PEPEUSDT: '0.00000987',
};

/** A fake exchange: the 24 h ticker of the listed pairs, -1121 for a list with an unknown one. */
export function binanceHandler(prices: Readonly<Record<string, string>> = BINANCE_PRICES) {
  return (url: URL): FakeAnswer => {
    if (url.pathname !== '/api/v3/ticker/24hr') {
      return { status: 404, body: { code: -1000, msg: 'Not found' } };
    }
    const symbols = url.searchParams.get('symbols');
    if (symbols === null) return { status: 400, body: { code: -1102, msg: 'full ticker refused' } };
    const pairs = JSON.parse(symbols) as string[];
    if (pairs.some((p) => prices[p] === undefined)) return BINANCE_INVALID_SYMBOL;
    return { body: pairs.map((p) => binanceTicker(p, { lastPrice: prices[p] as string })) };
  };
}

/** A slice of CoinGecko's coin list with the duplicate symbols the real one has. */
const COIN_LIST = [
  { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' },
  { id: 'batcat', symbol: 'btc', name: 'batcat' },
  { id: 'bitcoin-avalanche-bridged-btc-b', symbol: 'btc', name: 'Bitcoin Avalanche Bridged' },
  { id: 'ethereum', symbol: 'eth', name: 'Ethereum' },
  { id: 'ethereum-wormhole', symbol: 'eth', name: 'Ethereum (Wormhole)' },
  { id: 'tokamak-network', symbol: 'ton', name: 'Tokamak Network' },
  { id: 'wrapped-fooz', symbol: 'fooz', name: 'Wrapped Fooz' },
  { id: 'fooz-network', symbol: 'fooz', name: 'Fooz Network' },
  { id: 'fooz', symbol: 'fooz', name: 'Fooz' },
];

/**
 * A fake CoinGecko: the coin list above, and `simple/price` answering `prices[id]` for the
 * asked ids (only with `vs_currencies=usd&include_24hr_change=true`, as the app asks).
 */
export function coinGeckoHandler(prices: Readonly<Record<string, unknown>>) {
  return (url: URL): FakeAnswer => {
    if (url.pathname === '/api/v3/coins/list') return { body: COIN_LIST };
    if (url.pathname === '/api/v3/simple/price') {
      if (url.searchParams.get('vs_currencies') !== 'usd') return { status: 400, body: {} };
      if (url.searchParams.get('include_24hr_change') !== 'true') return { status: 400, body: {} };
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      return {
        body: Object.fromEntries(ids.filter((id) => id in prices).map((id) => [id, prices[id]])),
      };
    }
    return { status: 404, body: { error: 'Not found' } };
  };
}

/** CoinGecko's rate-limit answer. */
export const COINGECKO_RATE_LIMITED: FakeAnswer = {
  status: 429,
  body: { status: { error_code: 429, error_message: "You've exceeded the Rate Limit." } },
};
