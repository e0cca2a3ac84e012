/**
 * The server's providers and the chain, over real sockets, against local servers that speak
 * Binance's and CoinGecko's formats: what the recorder may store, the bisection around
 * unlisted pairs, error codes and Retry-After, time-outs, and the fallback from Binance to
 * Binance US to CoinGecko. The formats themselves are tested in common/market.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  binanceHandler,
  binanceTicker,
  COINGECKO_RATE_LIMITED,
  coinGeckoHandler,
} from '../../common/market/formats.testkit';
import {
  startJsonServer,
  type FakeAnswer,
  type JsonServer,
} from '../../common/market/json-server.testkit';
import { createBinanceProvider, UNKNOWN_PAIR_RETRY_MS } from './binance';
import { createProviderChain, FIRST_COOLDOWN_MS } from './chain';
import { createCoinGeckoProvider } from './coingecko';
import { createSimulatedMarket, createSimulatedProvider } from './simulated';
import { ProviderError, type PriceProvider } from './types';

const servers: JsonServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(handler: (url: URL) => FakeAnswer): Promise<JsonServer> {
  const s = await startJsonServer(handler);
  servers.push(s);
  return s;
}

describe('Binance provider', () => {
  it('asks for just the listed pairs as a URL-encoded JSON array and reads the 3 fields', async () => {
    const s = await server(binanceHandler());
    const provider = createBinanceProvider({ name: 'binance', baseUrl: s.url });
    const quotes = await provider.quote(['BTC', 'ETH', 'PEPE']);
    expect(quotes.get('BTC')).toEqual({
      price: '67123.45',
      highPrice: '70000',
      changePercent: '-1.960',
    });
    expect(quotes.get('PEPE')?.price).toBe('0.00000987');
    expect(s.requests).toHaveLength(1);
    const raw = s.requests[0]!.search;
    expect(raw).toBe(`?symbols=${encodeURIComponent('["BTCUSDT","ETHUSDT","PEPEUSDT"]')}`);
  });

  it('finds the pairs the exchange does not list, leaves them out and remembers them', async () => {
    let nowMs = 1_000_000;
    const s = await server(binanceHandler());
    const provider = createBinanceProvider({
      name: 'binance',
      baseUrl: s.url,
      now: () => nowMs,
    });
    const quotes = await provider.quote(['BTC', 'NOPE', 'ETH', 'PEPE']);
    expect([...quotes.keys()].sort()).toEqual(['BTC', 'ETH', 'PEPE']);
    const firstRound = s.requests.length;
    expect(firstRound).toBeGreaterThan(1);
    expect(firstRound).toBeLessThanOrEqual(7);

    // Next time the unknown pair is not sent: one request.
    await provider.quote(['BTC', 'NOPE', 'ETH', 'PEPE']);
    expect(s.requests).toHaveLength(firstRound + 1);
    expect(s.requests.at(-1)!.searchParams.get('symbols')).not.toContain('NOPE');

    // After a while it is asked again (it may have been listed).
    nowMs += UNKNOWN_PAIR_RETRY_MS + 1;
    await provider.quote(['BTC', 'NOPE']);
    expect(s.requests.at(-1)!.searchParams.get('symbols')).toContain('NOPE');
  });

  it('skips halted pairs (price 0) and garbage entries', async () => {
    const s = await server(() => ({
      body: [
        binanceTicker('BTCUSDT', { lastPrice: '0.00000000' }),
        { symbol: 'ETHUSDT' },
        null,
        binanceTicker('SOLUSDT', { lastPrice: '150.1' }),
      ],
    }));
    const provider = createBinanceProvider({ name: 'binance', baseUrl: s.url });
    const quotes = await provider.quote(['BTC', 'ETH', 'SOL']);
    expect([...quotes.keys()]).toEqual(['SOL']);
  });

  it('reports Binance errors with their status, code and Retry-After', async () => {
    const s = await server(() => ({
      status: 429,
      headers: { 'retry-after': '7' },
      body: { code: -1003, msg: 'Too much request weight used; current limit is 6000.' },
    }));
    const provider = createBinanceProvider({ name: 'binance', baseUrl: s.url });
    const error = await provider.quote(['BTC']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: 429, sourceCode: -1003, retryAfterMs: 7000 });
    expect((error as Error).message).toMatch(/Too much request weight/);
  });

  it('reports a restricted location (451) and a body that is not JSON', async () => {
    const s = await server(() => ({ status: 451, rawBody: '<html>restricted</html>' }));
    const provider = createBinanceProvider({ name: 'binance', baseUrl: s.url });
    await expect(provider.quote(['BTC'])).rejects.toMatchObject({ status: 451 });
  });
});

describe('CoinGecko provider', () => {
  it('prices the table coins without the coin list, as exact decimal strings', async () => {
    const s = await server(
      coinGeckoHandler({
        bitcoin: { usd: 67123.45, usd_24h_change: -1.2345678901234 },
        ethereum: { usd: 3456.7, usd_24h_change: null },
        pepe: { usd: 9.87e-6, usd_24h_change: 12.5 },
      }),
    );
    const provider = createCoinGeckoProvider({ baseUrl: s.url });
    const quotes = await provider.quote(['BTC', 'ETH', 'PEPE']);
    expect(quotes.get('BTC')).toEqual({ price: '67123.45', changePercent: '-1.2345678901234' });
    expect(quotes.get('ETH')).toEqual({ price: '3456.7' });
    expect(quotes.get('PEPE')?.price).toBe('0.00000987');
    expect(s.requests.map((r) => r.pathname)).toEqual(['/api/v3/simple/price']);
    expect(s.requests[0]!.searchParams.get('ids')).toBe('bitcoin,ethereum,pepe');
  });

  it('loads the coin list once for other symbols and picks the original over copies', async () => {
    const s = await server(coinGeckoHandler({ fooz: { usd: 2, usd_24h_change: 1 } }));
    const provider = createCoinGeckoProvider({ baseUrl: s.url });
    expect((await provider.quote(['FOOZ'])).get('FOOZ')?.price).toBe('2');
    expect((await provider.quote(['FOOZ'])).get('FOOZ')?.price).toBe('2');
    const listLoads = s.requests.filter((r) => r.pathname === '/api/v3/coins/list');
    expect(listLoads).toHaveLength(1);
  });

  it('reports the rate-limit body', async () => {
    const s = await server(() => COINGECKO_RATE_LIMITED);
    const provider = createCoinGeckoProvider({ baseUrl: s.url });
    await expect(provider.quote(['BTC'])).rejects.toMatchObject({
      status: 429,
      sourceCode: 429,
      message: expect.stringMatching(/exceeded the Rate Limit/),
    });
  });
});

describe('provider chain', () => {
  const fixed = (name: PriceProvider['name'], prices: Record<string, string>): PriceProvider => ({
    name,
    quotesRequestedTime: false,
    async quote(symbols) {
      const quotes = new Map<string, { price: string }>();
      for (const s of symbols) if (prices[s]) quotes.set(s, { price: prices[s] });
      return quotes;
    },
  });

  it('falls back from Binance to Binance US to CoinGecko, each for what is missing', async () => {
    const binance = await server(() => ({
      status: 451,
      body: { code: 0, msg: 'Service unavailable from a restricted location.' },
    }));
    const binanceUs = await server(binanceHandler({ BTCUSDT: '67000.10000000' }));
    const coinGecko = await server(coinGeckoHandler({ ethereum: { usd: 3400.5 } }));
    const chain = createProviderChain([
      createBinanceProvider({ name: 'binance', baseUrl: binance.url }),
      createBinanceProvider({ name: 'binance-us', baseUrl: binanceUs.url }),
      createCoinGeckoProvider({ baseUrl: coinGecko.url }),
    ]);
    const { quotes, failures } = await chain.quote(['BTC', 'ETH']);
    expect(quotes.get('BTC')).toMatchObject({ price: '67000.1', source: 'binance-us' });
    expect(quotes.get('ETH')).toMatchObject({ price: '3400.5', source: 'coingecko' });
    expect(failures.map((f) => f.provider)).toEqual(['binance']);
    expect(chain.current()).toBe('binance-us');
  });

  it('times out a provider that hangs and moves on within the time-out', async () => {
    const slow = await server(() => ({ delayMs: 5000, body: [] }));
    const chain = createProviderChain(
      [
        createBinanceProvider({ name: 'binance', baseUrl: slow.url }),
        fixed('coingecko', { BTC: '1.5' }),
      ],
      { timeoutMs: 150 },
    );
    const startedAt = performance.now();
    const { quotes, failures } = await chain.quote(['BTC']);
    expect(performance.now() - startedAt).toBeLessThan(1500);
    expect(quotes.get('BTC')).toMatchObject({ price: '1.5', source: 'coingecko' });
    expect(failures[0]).toMatchObject({ provider: 'binance' });
    expect(failures[0]!.message).toMatch(/timed out/);
  });

  it('rests a failed provider, and honours Retry-After', async () => {
    let nowMs = 0;
    let calls = 0;
    const failing: PriceProvider = {
      name: 'binance',
      quotesRequestedTime: false,
      async quote() {
        calls += 1;
        throw new ProviderError('binance', 'HTTP 429', 429, -1003, 30_000);
      },
    };
    const chain = createProviderChain([failing, fixed('coingecko', { BTC: '2' })], {
      now: () => nowMs,
    });
    await chain.quote(['BTC']);
    expect(calls).toBe(1);
    nowMs += FIRST_COOLDOWN_MS + 1;
    const { quotes } = await chain.quote(['BTC']);
    expect(calls).toBe(1);
    expect(quotes.get('BTC')?.source).toBe('coingecko');
    nowMs += 30_000;
    await chain.quote(['BTC']);
    expect(calls).toBe(2);
  });

  it('passes the requested second to the simulated market', async () => {
    const market = createSimulatedMarket(randomBytes(16));
    const chain = createProviderChain([createSimulatedProvider(market)]);
    const { quotes } = await chain.quote(['BTC'], { nowMs: 1_767_225_600_500 });
    expect(quotes.get('BTC')).toMatchObject({
      price: market.priceAt('BTC', 1_767_225_600),
      source: 'simulated',
    });
    expect(chain.quotesRequestedTime).toBe(true);
  });
});
