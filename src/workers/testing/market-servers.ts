/**
 * Local stand-ins for the market services, for the feed's tests: one HTTP server on port 0
 * (common/market/json-server.testkit.ts) that speaks the real formats (Binance's 24-hour
 * ticker with its `symbols` filter and error JSON, an ipapi-like location answer, CoinGecko's
 * coin list and simple price). Each service can be told to fail, hang or answer too much.
 */
import { BINANCE_INVALID_SYMBOL, binanceTicker } from '../../../common/market/formats.testkit';
import { startJsonServer, type FakeAnswer } from '../../../common/market/json-server.testkit';

type ServiceMode = 'ok' | 'fail' | 'hang' | 'huge' | 'garbage';

interface CoinState {
  lastPrice: string;
  highPrice: string;
  changePercent: string;
}

export interface MarketServers {
  origin: string;
  /** The coins every service knows, keyed by symbol ("BTC"); tests change the figures. */
  coins: Map<string, CoinState>;
  /** Pairs the global or the US ticker does not trade: they answer -1121 for them. */
  unknownPairs: { global: Set<string>; us: Set<string> };
  mode: {
    global: ServiceMode;
    us: ServiceMode;
    geo: ServiceMode;
    coinList: ServiceMode;
    simplePrice: ServiceMode;
  };
  countryCode: string;
  /** Every request as path plus query, oldest first. */
  requests: string[];
  /** The paths of the endpoints, as `AppConfig.market.endpoints` carries them. */
  endpoints: {
    tickerUrl: string;
    tickerUsUrl: string;
    geoUrl: string;
    coinListUrl: string;
    simplePriceUrl: string;
  };
  requestsTo(pathPrefix: string): URL[];
  close(): Promise<void>;
}

const PATHS = {
  global: '/binance/api/v3/ticker/24hr',
  us: '/binanceus/api/v3/ticker/24hr',
  geo: '/ipapi/json/',
  coinList: '/coingecko/api/v3/coins/list',
  simplePrice: '/coingecko/api/v3/simple/price',
};

/** CoinGecko ids of the test coins, plus look-alikes that share a symbol. */
const COIN_LIST = [
  { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' },
  { id: 'bitcoin-avalanche-bridged-btc-b', symbol: 'btc', name: 'Bitcoin Avalanche Bridged' },
  { id: 'ethereum', symbol: 'eth', name: 'Ethereum' },
  { id: 'ethereum-wormhole', symbol: 'eth', name: 'Ethereum (Wormhole)' },
  { id: 'solana', symbol: 'sol', name: 'Solana' },
  { id: 'the-open-network', symbol: 'ton', name: 'Toncoin' },
  { id: 'tokamak-network', symbol: 'ton', name: 'Tokamak Network' },
  { id: 'zeta-coin', symbol: 'zeta', name: 'Zeta' },
];

const ID_OF: Record<string, string> = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  SOL: 'solana',
  TON: 'the-open-network',
  ZETA: 'zeta-coin',
};

export async function startMarketServers(): Promise<MarketServers> {
  const state: Omit<MarketServers, 'origin' | 'endpoints' | 'requestsTo' | 'close'> = {
    coins: new Map([
      ['BTC', { lastPrice: '67187.33000000', highPrice: '68000.00000000', changePercent: '1.250' }],
      ['ETH', { lastPrice: '3456.78000000', highPrice: '3500.10000000', changePercent: '-0.840' }],
      ['SOL', { lastPrice: '145.23000000', highPrice: '150.00000000', changePercent: '4.100' }],
      ['TON', { lastPrice: '5.43210000', highPrice: '5.60000000', changePercent: '-2.300' }],
      ['ZETA', { lastPrice: '0.00001234', highPrice: '0.00001300', changePercent: '0.000' }],
    ]),
    unknownPairs: { global: new Set(), us: new Set() },
    mode: { global: 'ok', us: 'ok', geo: 'ok', coinList: 'ok', simplePrice: 'ok' },
    countryCode: 'DE',
    requests: [],
  };

  /** The answer of a service that is not 'ok', or null to answer normally. */
  const modeAnswer = (mode: ServiceMode): FakeAnswer | null => {
    if (mode === 'hang') return { hang: true };
    if (mode === 'fail') return { status: 503, body: { error: 'Service unavailable' } };
    if (mode === 'garbage') return { rawBody: '<html>Just a moment...</html>' };
    if (mode === 'huge') return { body: { padding: 'x'.repeat(2 * 1024 * 1024) } };
    return null;
  };

  const tickerOf = (symbol: string) => {
    const coin = state.coins.get(symbol) as CoinState;
    return binanceTicker(`${symbol}USDT`, {
      lastPrice: coin.lastPrice,
      highPrice: coin.highPrice,
      priceChangePercent: coin.changePercent,
    });
  };

  const ticker = (url: URL, host: 'global' | 'us'): FakeAnswer => {
    const raw = url.searchParams.get('symbols');
    let pairs: unknown;
    try {
      pairs = raw === null ? null : JSON.parse(raw);
    } catch {
      pairs = undefined;
    }
    if (pairs === null) return { body: [...state.coins.keys()].map(tickerOf) };
    if (!Array.isArray(pairs) || pairs.some((p) => typeof p !== 'string')) {
      return {
        status: 400,
        body: { code: -1100, msg: "Illegal characters found in parameter 'symbols'." },
      };
    }
    const known = (pair: string) =>
      !state.unknownPairs[host].has(pair) &&
      pair.endsWith('USDT') &&
      state.coins.has(pair.slice(0, -4));
    if (!(pairs as string[]).every(known)) return BINANCE_INVALID_SYMBOL;
    return { body: (pairs as string[]).map((pair) => tickerOf(pair.slice(0, -4))) };
  };

  const simplePrice = (url: URL): FakeAnswer => {
    if (url.searchParams.get('vs_currencies') !== 'usd') {
      return { status: 400, body: { error: 'Missing parameter vs_currencies' } };
    }
    const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
    const withChange = url.searchParams.get('include_24hr_change') === 'true';
    const answer: Record<string, Record<string, number>> = {};
    for (const [symbol, coin] of state.coins) {
      const id = ID_OF[symbol];
      if (id === undefined || !ids.includes(id)) continue;
      answer[id] = {
        usd: Number(coin.lastPrice),
        ...(withChange ? { usd_24h_change: Number(coin.changePercent) } : {}),
      };
    }
    return { body: answer };
  };

  const server = await startJsonServer((url) => {
    state.requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === PATHS.global || url.pathname === PATHS.us) {
      const host = url.pathname === PATHS.us ? 'us' : 'global';
      return modeAnswer(state.mode[host]) ?? ticker(url, host);
    }
    if (url.pathname === PATHS.geo) {
      return (
        modeAnswer(state.mode.geo) ?? {
          body: { ip: '203.0.113.7', country_code: state.countryCode, country_name: 'X' },
        }
      );
    }
    if (url.pathname === PATHS.coinList) {
      return modeAnswer(state.mode.coinList) ?? { body: COIN_LIST };
    }
    if (url.pathname === PATHS.simplePrice) {
      return modeAnswer(state.mode.simplePrice) ?? simplePrice(url);
    }
    return { status: 404, body: { error: 'Not found' } };
  });

  return Object.assign(state, {
    origin: server.url,
    endpoints: {
      tickerUrl: PATHS.global,
      tickerUsUrl: PATHS.us,
      geoUrl: PATHS.geo,
      coinListUrl: PATHS.coinList,
      simplePriceUrl: PATHS.simplePrice,
    },
    requestsTo(pathPrefix: string): URL[] {
      return state.requests
        .filter((r) => r.startsWith(pathPrefix))
        .map((r) => new URL(r, 'http://localhost'));
    },
    close: () => server.close(),
  });
}

export const SERVICE_PATHS = PATHS;
