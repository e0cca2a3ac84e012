/** Binance's 24 h ticker: the request, the answer's real format, and the refusals. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  binanceErrorOf,
  fetchTicker,
  isInvalidSymbolError,
  parseTicker,
  tickerUrl,
} from './binance';
import { binanceHandler, binanceTicker } from './formats.testkit';
import { MarketRequestError, type GetJsonOptions } from './http';
import { startJsonServer, type JsonServer } from './json-server.testkit';

const servers: JsonServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function exchange(): Promise<{ server: JsonServer; endpoint: string }> {
  const server = await startJsonServer(binanceHandler());
  servers.push(server);
  return { server, endpoint: `${server.url}/api/v3/ticker/24hr` };
}

const options: GetJsonOptions = {
  fetch: (url, init) => fetch(url, init),
  timeoutMs: 2000,
  maxBytes: 64 * 1024,
};

describe('the ticker request', () => {
  it('asks for just the listed pairs, as a URL-encoded JSON array', () => {
    const url = new URL(tickerUrl('https://x.test/api/v3/ticker/24hr', ['BTCUSDT', 'ETHUSDT']));
    expect(url.searchParams.get('symbols')).toBe('["BTCUSDT","ETHUSDT"]');
    expect(url.search).toBe(`?symbols=${encodeURIComponent('["BTCUSDT","ETHUSDT"]')}`);
    expect(url.search).toBe('?symbols=%5B%22BTCUSDT%22%2C%22ETHUSDT%22%5D');
  });

  it('reads the three figures of each pair exactly as quoted, in one request', async () => {
    const { server, endpoint } = await exchange();
    const entries = await fetchTicker(endpoint, ['BTCUSDT', 'ETHUSDT', 'PEPEUSDT'], options);
    expect(entries.get('BTCUSDT')).toEqual({
      pair: 'BTCUSDT',
      lastPrice: '67123.45000000',
      highPrice: '70000.00000000',
      changePercent: '-1.960',
    });
    expect(entries.get('PEPEUSDT')?.lastPrice).toBe('0.00000987');
    expect(server.requests).toHaveLength(1);
  });

  it('recognizes the refusal of a list naming a pair the exchange does not trade', async () => {
    const { endpoint } = await exchange();
    const error = await fetchTicker(endpoint, ['BTCUSDT', 'NOPEUSDT'], options).catch(
      (e: unknown) => e,
    );
    expect(isInvalidSymbolError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'http', status: 400 });
  });

  it('names 1 to 100 pairs a request', async () => {
    const { endpoint } = await exchange();
    await expect(fetchTicker(endpoint, [], options)).rejects.toThrow(RangeError);
    const many = Array.from({ length: 101 }, (_, i) => `C${i}USDT`);
    await expect(fetchTicker(endpoint, many, options)).rejects.toThrow(RangeError);
  });
});

describe('parseTicker', () => {
  const wanted = new Set(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);

  it('keeps the asked pairs with a decimal price and skips the rest', () => {
    const entries = parseTicker(
      [
        { symbol: 'BTCUSDT', lastPrice: '1.5', highPrice: '2', priceChangePercent: '-1.0' },
        { symbol: 'ETHUSDT', lastPrice: 'NaN', highPrice: '2', priceChangePercent: '1' },
        { symbol: 'XRPUSDT', lastPrice: '1', highPrice: '2', priceChangePercent: '1' },
      ],
      new Set(['BTCUSDT', 'ETHUSDT']),
    );
    expect([...entries.keys()]).toEqual(['BTCUSDT']);
  });

  it('passes a halted pair ("0.00000000") on and skips garbage entries', () => {
    const entries = parseTicker(
      [
        binanceTicker('BTCUSDT', { lastPrice: '0.00000000' }),
        { symbol: 'ETHUSDT' },
        null,
        'SOLUSDT',
        binanceTicker('SOLUSDT', { lastPrice: '150.1' }),
      ],
      wanted,
    );
    expect([...entries.keys()]).toEqual(['BTCUSDT', 'SOLUSDT']);
    expect(entries.get('BTCUSDT')?.lastPrice).toBe('0.00000000');
  });

  it('answers null for a figure beside the price that is missing or not a decimal', () => {
    const entries = parseTicker(
      [{ symbol: 'BTCUSDT', lastPrice: '67000.1', highPrice: 68000, priceChangePercent: '1e2' }],
      wanted,
    );
    expect(entries.get('BTCUSDT')).toEqual({
      pair: 'BTCUSDT',
      lastPrice: '67000.1',
      highPrice: null,
      changePercent: null,
    });
  });

  it('accepts a single ticker object and an empty list', () => {
    const single = parseTicker(binanceTicker('ETHUSDT', { lastPrice: '3456.78' }), wanted);
    expect([...single.keys()]).toEqual(['ETHUSDT']);
    expect(parseTicker([], wanted).size).toBe(0);
  });

  it('refuses an answer that is not a ticker, or has none of the asked pairs', () => {
    expect(() => parseTicker('nope', wanted)).toThrow(MarketRequestError);
    expect(() => parseTicker(null, wanted)).toThrow(MarketRequestError);
    expect(() => parseTicker([{ symbol: 'BTCUSDT' }], wanted)).toThrow(/none of the asked pairs/);
    expect(() => parseTicker([binanceTicker('XRPUSDT', { lastPrice: '1' })], wanted)).toThrow(
      /none of the asked pairs/,
    );
  });
});

describe('Binance errors', () => {
  it('reads the error body', () => {
    expect(binanceErrorOf({ code: -1003, msg: 'Too much request weight used' })).toEqual({
      code: -1003,
      message: 'Too much request weight used',
    });
    expect(binanceErrorOf({ code: 0, msg: 'x'.repeat(500) }).message).toHaveLength(200);
    expect(binanceErrorOf('<html>')).toEqual({ code: null, message: null });
    expect(binanceErrorOf([1])).toEqual({ code: null, message: null });
  });

  it('tells the unknown-pair refusal from other refusals', () => {
    const refusal = (status: number, body: unknown) =>
      new MarketRequestError('http', `HTTP ${status}`, { status, body });
    expect(isInvalidSymbolError(refusal(400, { code: -1121, msg: 'Invalid symbol.' }))).toBe(true);
    expect(isInvalidSymbolError(refusal(400, { code: -1100 }))).toBe(false);
    expect(isInvalidSymbolError(refusal(429, { code: -1121 }))).toBe(false);
    expect(isInvalidSymbolError(new MarketRequestError('format', 'x'))).toBe(false);
    expect(isInvalidSymbolError(new Error('HTTP 400'))).toBe(false);
  });
});
