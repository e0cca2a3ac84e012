/**
 * Local stand-ins for the market services, for the feed's tests: one HTTP server on port 0
 * that speaks the real formats (Binance's 24-hour ticker with its `symbols` filter and error
 * JSON, an ipapi-like location answer, CoinGecko's coin list and simple price). Each service
 * can be told to fail, hang or answer too much.
 *
 * The web project has no Node types on purpose (web code must not see `process` or Node's
 * timers), so node:http is loaded at run time through the narrow interface below.
 */

interface NodeRequest {
  url?: string;
  method?: string;
}

interface NodeResponse {
  statusCode: number;
  setHeader(name: string, value: string): void;
  end(body?: string): void;
}

interface NodeServer {
  listen(port: number, host: string, callback: () => void): void;
  address(): { port: number } | string | null;
  close(callback: (error?: Error) => void): void;
  closeAllConnections(): void;
}

interface NodeHttp {
  createServer(handler: (request: NodeRequest, response: NodeResponse) => void): NodeServer;
}

const NODE_HTTP = 'node:http';

export type ServiceMode = 'ok' | 'fail' | 'hang' | 'huge' | 'garbage';

export interface CoinState {
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
  const http = (await import(/* @vite-ignore */ NODE_HTTP)) as NodeHttp;
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

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    state.requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      response.statusCode = status;
      response.setHeader('Content-Type', 'application/json');
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const failOrHang = (mode: ServiceMode): boolean => {
      if (mode === 'hang') return true;
      if (mode === 'fail') {
        send(503, { error: 'Service unavailable' });
        return true;
      }
      if (mode === 'garbage') {
        send(200, '<html>Just a moment...</html>');
        return true;
      }
      if (mode === 'huge') {
        send(200, JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }));
        return true;
      }
      return false;
    };

    if (url.pathname === PATHS.global || url.pathname === PATHS.us) {
      const host = url.pathname === PATHS.us ? 'us' : 'global';
      if (failOrHang(state.mode[host])) return;
      const raw = url.searchParams.get('symbols');
      let pairs: unknown;
      try {
        pairs = raw === null ? null : JSON.parse(raw);
      } catch {
        pairs = undefined;
      }
      if (pairs === null)
        return send(
          200,
          [...state.coins.keys()].map((s) => tickerOf(s)),
        );
      if (!Array.isArray(pairs) || pairs.some((p) => typeof p !== 'string')) {
        return send(400, { code: -1100, msg: "Illegal characters found in parameter 'symbols'." });
      }
      const known = (pair: string) =>
        !state.unknownPairs[host].has(pair) &&
        pair.endsWith('USDT') &&
        state.coins.has(pair.slice(0, -4));
      if (!(pairs as string[]).every(known)) {
        return send(400, { code: -1121, msg: 'Invalid symbol.' });
      }
      return send(
        200,
        (pairs as string[]).map((pair) => tickerOf(pair.slice(0, -4))),
      );
    }
    if (url.pathname === PATHS.geo) {
      if (failOrHang(state.mode.geo)) return;
      return send(200, { ip: '203.0.113.7', country_code: state.countryCode, country_name: 'X' });
    }
    if (url.pathname === PATHS.coinList) {
      if (failOrHang(state.mode.coinList)) return;
      return send(200, COIN_LIST);
    }
    if (url.pathname === PATHS.simplePrice) {
      if (failOrHang(state.mode.simplePrice)) return;
      if (url.searchParams.get('vs_currencies') !== 'usd') {
        return send(400, { error: 'Missing parameter vs_currencies' });
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
      return send(200, answer);
    }
    send(404, { error: 'Not found' });
  });

  function tickerOf(symbol: string) {
    const coin = state.coins.get(symbol) as CoinState;
    return {
      symbol: `${symbol}USDT`,
      priceChange: '12.50000000',
      priceChangePercent: coin.changePercent,
      weightedAvgPrice: coin.lastPrice,
      prevClosePrice: coin.lastPrice,
      lastPrice: coin.lastPrice,
      lastQty: '0.01000000',
      bidPrice: coin.lastPrice,
      bidQty: '1.00000000',
      askPrice: coin.lastPrice,
      askQty: '1.00000000',
      openPrice: coin.lastPrice,
      highPrice: coin.highPrice,
      lowPrice: coin.lastPrice,
      volume: '1000.00000000',
      quoteVolume: '1000000.00000000',
      openTime: 1_700_000_000_000,
      closeTime: 1_700_086_400_000,
      firstId: 1,
      lastId: 100,
      count: 100,
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('No port');
  const origin = `http://127.0.0.1:${address.port}`;

  return Object.assign(state, {
    origin,
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
    close(): Promise<void> {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  });
}

export const SERVICE_PATHS = PATHS;
