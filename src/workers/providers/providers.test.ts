import { describe, expect, it } from 'vitest';
import { numberToDecimalString } from '../decimal';
import { FeedRequestError } from '../http';
import { isInvalidSymbolError, parseTicker, tickerRequestUrl } from './binance';
import { buildCoinIdMap, parseSimplePrice, simplePriceRequestUrl } from './coingecko';
import { regionOf } from './geo';

describe('binance', () => {
  it('encodes the symbols filter as a JSON array', () => {
    const url = new URL(
      tickerRequestUrl(new URL('https://x.test/api/v3/ticker/24hr'), ['BTCUSDT']),
    );
    expect(url.searchParams.get('symbols')).toBe('["BTCUSDT"]');
    expect(url.search).toBe('?symbols=%5B%22BTCUSDT%22%5D');
  });

  it('keeps the asked pairs with valid figures and skips the rest', () => {
    const entries = parseTicker(
      [
        { symbol: 'BTCUSDT', lastPrice: '1.5', highPrice: '2', priceChangePercent: '-1.0' },
        { symbol: 'ETHUSDT', lastPrice: 'NaN', highPrice: '2', priceChangePercent: '1' },
        { symbol: 'XRPUSDT', lastPrice: '1', highPrice: '2', priceChangePercent: '1' },
      ],
      new Set(['BTCUSDT', 'ETHUSDT']),
    );
    expect([...entries.keys()]).toEqual(['BTCUSDT']);
    expect(() => parseTicker('nope', new Set(['BTCUSDT']))).toThrow(FeedRequestError);
  });

  it('recognizes the unknown-symbol refusal', () => {
    const refusal = new FeedRequestError('http', 'HTTP 400', 400, {
      code: -1121,
      msg: 'Invalid symbol.',
    });
    expect(isInvalidSymbolError(refusal)).toBe(true);
    expect(
      isInvalidSymbolError(new FeedRequestError('http', 'HTTP 400', 400, { code: -1100 })),
    ).toBe(false);
  });
});

describe('coingecko', () => {
  const list = [
    { id: 'bitcoin-avalanche-bridged-btc-b', symbol: 'btc', name: 'Bridged' },
    { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' },
    { id: 'wrapped-zeta', symbol: 'zeta', name: 'Wrapped Zeta' },
    { id: 'zetachain', symbol: 'zeta', name: 'ZetaChain' },
    { id: 'zz', symbol: 'zeta', name: 'ZZ Wrapped' },
    { id: 'tokamak-network', symbol: 'ton', name: 'Tokamak' },
    { id: 'only-one', symbol: 'one', name: 'One' },
  ];

  it('prefers the well-known id, then the only id, then the likeliest original', () => {
    const ids = buildCoinIdMap(list, ['BTC', 'TON', 'ONE', 'ZETA', 'NONE'], 1000);
    expect(Object.fromEntries(ids)).toEqual({
      BTC: 'bitcoin',
      TON: 'the-open-network',
      ONE: 'only-one',
      ZETA: 'zz',
    });
  });

  it('reads at most maxEntries of the list', () => {
    expect(buildCoinIdMap(list, ['ONE'], 3).has('ONE')).toBe(false);
  });

  it('reads prices by id into plain decimals', () => {
    const url = new URL(simplePriceRequestUrl(new URL('https://x.test/simple/price'), ['a', 'b']));
    expect(url.searchParams.get('ids')).toBe('a,b');
    const prices = parseSimplePrice(
      { bitcoin: { usd: 67187.33, usd_24h_change: 1.5 }, pepe: { usd: 1.234e-7 } },
      new Map([
        ['bitcoin', ['BTC']],
        ['pepe', ['PEPE']],
        ['missing', ['MISS']],
      ]),
    );
    expect(prices.get('BTC')).toEqual({
      symbol: 'BTC',
      lastPrice: '67187.33',
      changePercent: '1.5',
    });
    expect(prices.get('PEPE')).toEqual({
      symbol: 'PEPE',
      lastPrice: '0.0000001234',
      changePercent: null,
    });
    expect(prices.has('MISS')).toBe(false);
  });

  it('never writes an exponent, and refuses absurd figures', () => {
    expect(numberToDecimalString(1e15)).toBe('1000000000000000');
    expect(numberToDecimalString(1e21)).toBeNull();
    expect(numberToDecimalString(Number.NaN)).toBeNull();
    expect(numberToDecimalString(-0)).toBe('0');
  });
});

describe('geo', () => {
  it('only US means the US host', () => {
    expect(regionOf({ country_code: 'US' })).toBe('us');
    expect(regionOf({ country_code: 'us ' })).toBe('us');
    expect(regionOf({ country_code: 'GB' })).toBe('global');
    expect(regionOf({ error: true, reason: 'RateLimited' })).toBe('global');
    expect(regionOf(null)).toBe('global');
  });
});
