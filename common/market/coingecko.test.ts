/** CoinGecko's coin list and simple price: ids, the real formats, exact decimals. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  COINGECKO_IDS,
  coinGeckoErrorOf,
  coinGeckoIds,
  fetchCoinList,
  fetchSimplePrices,
  parseCoinList,
  parseSimplePrice,
  pickCoinGeckoId,
  simplePriceUrl,
  symbolsByCoinId,
} from './coingecko';
import { COINGECKO_RATE_LIMITED, coinGeckoHandler } from './formats.testkit';
import { getJson, MarketRequestError, type GetJsonOptions } from './http';
import { startJsonServer, type JsonServer } from './json-server.testkit';

const servers: JsonServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function coinGecko(prices: Record<string, unknown>): Promise<JsonServer> {
  const server = await startJsonServer(coinGeckoHandler(prices));
  servers.push(server);
  return server;
}

const options: GetJsonOptions = {
  fetch: (url, init) => fetch(url, init),
  timeoutMs: 2000,
  maxBytes: 64 * 1024,
};

describe('coin ids', () => {
  const list = parseCoinList(
    [
      { id: 'bitcoin-avalanche-bridged-btc-b', symbol: 'btc', name: 'Bridged' },
      { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' },
      { id: 'wrapped-zeta', symbol: 'zeta', name: 'Wrapped Zeta' },
      { id: 'zetachain', symbol: 'zeta', name: 'ZetaChain' },
      { id: 'zz', symbol: 'zeta', name: 'ZZ Wrapped' },
      { id: 'tokamak-network', symbol: 'ton', name: 'Tokamak' },
      { id: 'only-one', symbol: 'one', name: 'One' },
    ],
    1000,
  );

  it('prefers the well-known id, then the only id, then the likeliest original', () => {
    const ids = coinGeckoIds(['BTC', 'TON', 'ONE', 'ZETA', 'NONE'], list);
    expect(Object.fromEntries(ids)).toEqual({
      BTC: 'bitcoin',
      TON: 'the-open-network',
      ONE: 'only-one',
      ZETA: 'zz',
    });
  });

  it('knows only the table’s coins without a coin list', () => {
    expect(Object.fromEntries(coinGeckoIds(['BTC', 'ONE', 'TRUMP'], null))).toEqual({
      BTC: 'bitcoin',
      TRUMP: 'official-trump',
    });
  });

  it('chooses by the table, then away from bridged copies, then the shortest', () => {
    expect(pickCoinGeckoId('ETH', ['ethereum-wormhole', 'ethereum'])).toBe('ethereum');
    expect(pickCoinGeckoId('FOOZ', ['wrapped-fooz', 'fooz-network', 'fooz'])).toBe('fooz');
    expect(pickCoinGeckoId('FOOZ', ['binance-peg-fooz', 'fooz-network'])).toBe('fooz-network');
    expect(pickCoinGeckoId('FOOZ', ['fooz-b', 'fooz-a'])).toBe('fooz-a');
    expect(pickCoinGeckoId('FOOZ', ['wrapped-fooz'])).toBe('wrapped-fooz');
    expect(pickCoinGeckoId('FOOZ', [])).toBeNull();
  });

  it('never reads a table id from the prototype', () => {
    expect(COINGECKO_IDS.BTC).toBe('bitcoin');
    expect(pickCoinGeckoId('constructor', [])).toBeNull();
    expect(pickCoinGeckoId('__proto__', [])).toBeNull();
  });

  it('groups symbols by id', () => {
    const byId = symbolsByCoinId(
      new Map([
        ['POL', 'polygon-ecosystem-token'],
        ['MATIC2', 'polygon-ecosystem-token'],
        ['BTC', 'bitcoin'],
      ]),
    );
    expect(Object.fromEntries(byId)).toEqual({
      'polygon-ecosystem-token': ['POL', 'MATIC2'],
      bitcoin: ['BTC'],
    });
  });
});

describe('the coin list', () => {
  it('maps upper-case symbols to their ids in list order, skipping what is not a coin', () => {
    const ids = parseCoinList(
      [
        { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' },
        { id: 'batcat', symbol: 'btc', name: 'batcat' },
        { id: 'x'.repeat(101), symbol: 'long', name: 'Long id' },
        { id: 'spaced', symbol: 'a b', name: 'Odd symbol' },
        { id: 42, symbol: 'num', name: 'Not an id' },
        null,
      ],
      1000,
    );
    expect(Object.fromEntries(ids)).toEqual({ BTC: ['bitcoin', 'batcat'] });
  });

  it('refuses what is not a list, or a list far longer than CoinGecko’s', () => {
    expect(() => parseCoinList({ error: 'x' }, 1000)).toThrow(MarketRequestError);
    const entries = [1, 2, 3, 4].map((n) => ({ id: `c${n}`, symbol: `c${n}`, name: 'C' }));
    expect(() => parseCoinList(entries, 3)).toThrow(/over 3 entries/);
    expect(parseCoinList(entries, 4).size).toBe(4);
  });

  it('is fetched and parsed in the real format', async () => {
    const server = await coinGecko({});
    const ids = await fetchCoinList(`${server.url}/api/v3/coins/list`, {
      ...options,
      maxEntries: 100,
    });
    expect(ids.get('FOOZ')).toEqual(['wrapped-fooz', 'fooz-network', 'fooz']);
    expect(coinGeckoIds(['FOOZ', 'ETH'], ids)).toEqual(
      new Map([
        ['FOOZ', 'fooz'],
        ['ETH', 'ethereum'],
      ]),
    );
  });
});

describe('simple price', () => {
  it('asks for the ids in usd with the 24-hour change', () => {
    const url = new URL(simplePriceUrl('https://x.test/simple/price', ['a', 'b']));
    expect(url.searchParams.get('ids')).toBe('a,b');
    expect(url.searchParams.get('vs_currencies')).toBe('usd');
    expect(url.searchParams.get('include_24hr_change')).toBe('true');
  });

  it('reads prices by id into exact plain decimals', () => {
    const prices = parseSimplePrice(
      {
        bitcoin: { usd: 67187.33, usd_24h_change: -1.2345678901234 },
        ethereum: { usd: 3456.7, usd_24h_change: null },
        pepe: { usd: 1.234e-7 },
        shiba: { usd: 9.87e-6, usd_24h_change: 12.5 },
      },
      new Map([
        ['bitcoin', ['BTC']],
        ['ethereum', ['ETH']],
        ['pepe', ['PEPE']],
        ['shiba', ['SHIB', 'SHIB2']],
        ['missing', ['MISS']],
      ]),
    );
    expect(prices.get('BTC')).toEqual({
      symbol: 'BTC',
      lastPrice: '67187.33',
      changePercent: '-1.2345678901234',
    });
    expect(prices.get('ETH')).toEqual({ symbol: 'ETH', lastPrice: '3456.7', changePercent: null });
    expect(prices.get('PEPE')).toEqual({
      symbol: 'PEPE',
      lastPrice: '0.0000001234',
      changePercent: null,
    });
    expect(prices.get('SHIB2')).toEqual({
      symbol: 'SHIB2',
      lastPrice: '0.00000987',
      changePercent: '12.5',
    });
    expect(prices.has('MISS')).toBe(false);
  });

  it('leaves out prices that are not positive decimals', () => {
    const answer = {
      zero: { usd: 0 },
      negative: { usd: -1 },
      text: { usd: '1.5' },
      huge: { usd: 1e21 },
      tiny: { usd: 1e-21 },
      flat: 7,
    };
    const byId = new Map(Object.keys(answer).map((id) => [id, [id.toUpperCase()]]));
    expect(parseSimplePrice(answer, byId).size).toBe(0);
  });

  it('reads only the answer’s own ids, and refuses an answer that is not an object', () => {
    const byId = new Map([
      ['constructor', ['C']],
      ['toString', ['T']],
    ]);
    expect(parseSimplePrice({}, byId).size).toBe(0);
    expect(() => parseSimplePrice([], byId)).toThrow(MarketRequestError);
    expect(() => parseSimplePrice(null, byId)).toThrow(MarketRequestError);
  });

  it('is fetched in one request for all ids, and not at all without ids', async () => {
    const server = await coinGecko({
      bitcoin: { usd: 67123.45, usd_24h_change: -1.2345678901234 },
      pepe: { usd: 9.87e-6, usd_24h_change: 12.5 },
    });
    const endpoint = `${server.url}/api/v3/simple/price`;
    const byId = new Map([
      ['bitcoin', ['BTC']],
      ['pepe', ['PEPE']],
    ]);
    const prices = await fetchSimplePrices(endpoint, byId, options);
    expect(prices.get('BTC')?.lastPrice).toBe('67123.45');
    expect(prices.get('PEPE')?.lastPrice).toBe('0.00000987');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.searchParams.get('ids')).toBe('bitcoin,pepe');

    expect((await fetchSimplePrices(endpoint, new Map(), options)).size).toBe(0);
    expect(server.requests).toHaveLength(1);
  });
});

describe('CoinGecko errors', () => {
  it('reads both kinds of error body', async () => {
    const server = await startJsonServer(() => COINGECKO_RATE_LIMITED);
    servers.push(server);
    const error = await getJson(server.url, options).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'http', status: 429 });
    expect(coinGeckoErrorOf((error as MarketRequestError).body)).toEqual({
      code: 429,
      message: "You've exceeded the Rate Limit.",
    });
    expect(coinGeckoErrorOf({ error: 'coin not found' })).toEqual({
      code: null,
      message: 'coin not found',
    });
    expect(coinGeckoErrorOf('<html>')).toEqual({ code: null, message: null });
  });
});
