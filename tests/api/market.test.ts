/**
 * The market through the API: runtime config, the simulated services in the real formats,
 * the tick recorder (driven by hand: test apps run no timers), the chart backfill, the
 * health check, tick retention, and a live-source app whose "exchange" is a local server.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppConfig, MarketTicks } from '../../common/contract';
import {
  MARKET_TICKS_MAX,
  MAX_ENTRY_TICK_AGE_MS,
  PRICE_POLL_INTERVAL_MS,
} from '../../common/rules';
import { ConfigError, loadConfig } from '../../server/config';
import { queryRows } from '../../server/db/client';
import { purgeOldTicks } from '../../server/jobs/purge-ticks';
import {
  createProviderChain,
  createTickRecorder,
  firstTickAtOrAfter,
  latestTick,
  ProviderError,
} from '../../server/market';
import { startJsonServer, type JsonServer } from '../../common/market/json-server.testkit';
import { createSimulatedMarket } from '../../server/market/simulated';
import { simulatedMarketRoutes } from '../../server/modules/market/sim-routes';
import { DEMO_COINS } from '../../server/seed/demo-data';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
/** The simulated market's key for the shared app: set, so the test can compute its prices. */
const SIM_SECRET = Buffer.alloc(32, 7).toString('base64');
const simWithSecret = () => createSimulatedMarket(Buffer.from(SIM_SECRET, 'base64'));

async function listCoins(app: TestApp['app'], symbols: readonly string[]) {
  for (const [i, symbol] of symbols.entries()) {
    await app.db.execute(
      sql`insert into coins (symbol, name, sort_order) values (${symbol}, ${symbol}, ${i})
          on conflict do nothing`,
    );
  }
}

async function tickCount(app: TestApp['app'], where = sql`true`): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    app.db,
    sql`select count(*)::int as n from market_ticks where ${where}`,
  );
  return row!.n;
}

beforeAll(async () => {
  t = await createTestApp({ SIM_SECRET });
  await listCoins(
    t.app,
    DEMO_COINS.map((c) => c.symbol),
  );
});
afterAll(async () => t?.close());

describe('health before the first tick', () => {
  it('reports no tick and a stale feed', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().market).toEqual({
      source: 'simulated',
      lastTickAgeMs: null,
      stale: true,
      provider: null,
      recording: false,
    });
  });
});

describe('GET /api/config', () => {
  it('answers the contract with same-origin simulated endpoints and the trading rules', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(is(body, AppConfig)).toBe(true);
    expect(body.market).toEqual({
      source: 'simulated',
      simulated: true,
      pollIntervalMs: PRICE_POLL_INTERVAL_MS,
      endpoints: {
        tickerUrl: '/sim/binance/api/v3/ticker/24hr',
        tickerUsUrl: '/sim/binance-us/api/v3/ticker/24hr',
        geoUrl: '/sim/geo/json',
        coinListUrl: '/sim/coingecko/api/v3/coins/list',
        simplePriceUrl: '/sim/coingecko/api/v3/simple/price',
      },
    });
    expect(body.trading.maxTickAgeMs).toBe(MAX_ENTRY_TICK_AGE_MS);
    expect(body.trading.durations.map((d: { seconds: number }) => d.seconds)).toEqual([
      30, 60, 180, 300,
    ]);
  });

  it('reads the trading rules fresh on every request', async () => {
    await t.app.db.execute(sql`update site_settings set trading_enabled = false where id = 1`);
    const off = (await t.app.inject({ url: '/api/config' })).json();
    await t.app.db.execute(sql`update site_settings set trading_enabled = true where id = 1`);
    const on = (await t.app.inject({ url: '/api/config' })).json();
    expect(off.trading.enabled).toBe(false);
    expect(on.trading.enabled).toBe(true);
  });

  it("keeps the CSP's connect-src to the app's own origin in simulated mode", async () => {
    const res = await t.app.inject({ url: '/api/config' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
  });
});

describe('simulated Binance ticker', () => {
  const url = (pairs: string[], prefix = '/sim/binance') =>
    `${prefix}/api/v3/ticker/24hr?symbols=${encodeURIComponent(JSON.stringify(pairs))}`;

  it('answers 24 h ticker objects with every usual field, prices equal to the simulation', async () => {
    const res = await t.app.inject({ url: url(['BTCUSDT', 'PEPEUSDT', 'SHIBUSDT']) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const tickers = res.json() as Record<string, unknown>[];
    expect(tickers.map((x) => x.symbol)).toEqual(['BTCUSDT', 'PEPEUSDT', 'SHIBUSDT']);
    const stringFields = [
      'priceChange',
      'priceChangePercent',
      'weightedAvgPrice',
      'prevClosePrice',
      'lastPrice',
      'lastQty',
      'bidPrice',
      'bidQty',
      'askPrice',
      'askQty',
      'openPrice',
      'highPrice',
      'lowPrice',
      'volume',
      'quoteVolume',
    ];
    for (const ticker of tickers) {
      for (const field of stringFields) {
        expect(ticker[field], `${String(ticker.symbol)}.${field}`).toMatch(/^-?\d+\.\d+$/);
      }
      for (const field of ['openTime', 'closeTime', 'firstId', 'lastId', 'count']) {
        expect(Number.isInteger(ticker[field]), field).toBe(true);
      }
      expect(Number(ticker.lastPrice)).toBeGreaterThan(0);
      expect(Number(ticker.highPrice)).toBeGreaterThanOrEqual(Number(ticker.lastPrice));
      expect(Number(ticker.lowPrice)).toBeLessThanOrEqual(Number(ticker.lastPrice));
      expect(Number(ticker.askPrice)).toBeGreaterThan(Number(ticker.bidPrice));
      expect(ticker.priceChangePercent).toMatch(/^-?\d+\.\d{3}$/);
      expect(ticker.lastPrice).toMatch(/\.\d{8,}$/);
    }
    const btc = tickers[0]!;
    const second = Math.floor(Number(btc.closeTime) / 1000);
    const expected = t.app.market.simulated!.priceAt('BTC', second);
    expect(Number(btc.lastPrice)).toBe(Number(expected));
    // Small coins keep their significant digits.
    const pepe = t.app.market.simulated!.priceAt('PEPE', second);
    expect(tickers[1]!.lastPrice).toBe(pepe.length >= 10 ? pepe : pepe.padEnd(10, '0'));
  });

  it('answers the same format on the Binance US path, and one object for `symbol`', async () => {
    const us = await t.app.inject({ url: url(['ETHUSDT'], '/sim/binance-us') });
    expect(us.statusCode).toBe(200);
    expect(us.json()[0].symbol).toBe('ETHUSDT');
    const single = await t.app.inject({ url: '/sim/binance/api/v3/ticker/24hr?symbol=SOLUSDT' });
    expect(single.json()).toMatchObject({ symbol: 'SOLUSDT' });
    const mini = await t.app.inject({ url: `${url(['SOLUSDT'])}&type=MINI` });
    expect(Object.keys(mini.json()[0])).not.toContain('bidPrice');
    expect(mini.json()[0].lastPrice).toMatch(/^\d+\.\d+$/);
  });

  it('refuses like Binance: unknown pair, malformed list, spaces, too many, both params', async () => {
    const cases: [string, number][] = [
      [url(['BTCUSDT', 'NOPEUSDT']), -1121],
      [url(['BTCBUSD']), -1121],
      ['/sim/binance/api/v3/ticker/24hr?symbols=BTCUSDT', -1100],
      [
        `/sim/binance/api/v3/ticker/24hr?symbols=${encodeURIComponent('["BTCUSDT", "ETHUSDT"]')}`,
        -1100,
      ],
      [url(['btcusdt']), -1100],
      [url(Array.from({ length: 101 }, (_, i) => `C${i}USDT`)), -1101],
      [url(['BTCUSDT', 'BTCUSDT']), -1101],
      [`${url(['BTCUSDT'])}&symbol=BTCUSDT`, -1128],
      ['/sim/binance/api/v3/ticker/24hr?symbols=%5B%5D', -1102],
    ];
    for (const [requestUrl, code] of cases) {
      const res = await t.app.inject({ url: requestUrl });
      expect(res.statusCode, requestUrl).toBe(400);
      expect(res.json(), requestUrl).toEqual({ code, msg: expect.any(String) });
    }
    const invalid = await t.app.inject({ url: url(['NOPEUSDT']) });
    expect(invalid.json()).toEqual({ code: -1121, msg: 'Invalid symbol.' });
  });

  it('answers unknown /sim paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/sim/binance/api/v3/nothing' });
    expect(res.statusCode).toBe(404);
  });
});

describe('simulated IP location and CoinGecko', () => {
  it('answers a non-US country unless x-sim-country says US', async () => {
    const plain = await t.app.inject({ url: '/sim/geo/json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().country_code).not.toBe('US');
    expect(plain.json()).toMatchObject({
      country_name: expect.any(String),
      ip: expect.any(String),
    });
    const us = await t.app.inject({ url: '/sim/geo/json', headers: { 'x-sim-country': 'US' } });
    expect(us.json()).toMatchObject({ country_code: 'US', country_name: 'United States' });
  });

  it('lists coins as {id, symbol, name}, sorted by id, with copies sharing a symbol', async () => {
    const res = await t.app.inject({ url: '/sim/coingecko/api/v3/coins/list' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; symbol: string; name: string }[];
    expect(list).toContainEqual({ id: 'bitcoin', symbol: 'btc', name: 'BTC' });
    expect(list.filter((c) => c.symbol === 'eth').map((c) => c.id)).toEqual([
      'ethereum',
      'ethereum-wormhole',
    ]);
    const ids = list.map((c) => c.id);
    expect(ids).toEqual([...ids].sort());
    for (const coin of list) expect(Object.keys(coin).sort()).toEqual(['id', 'name', 'symbol']);
  });

  it('answers simple prices as numbers with the 24 h change, leaving out unknown ids', async () => {
    const res = await t.app.inject({
      url: '/sim/coingecko/api/v3/simple/price?ids=bitcoin,pepe,nope&vs_currencies=usd&include_24hr_change=true',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['bitcoin', 'pepe']);
    expect(Object.keys(body.bitcoin).sort()).toEqual(['usd', 'usd_24h_change']);
    expect(typeof body.bitcoin.usd).toBe('number');
    expect(typeof body.bitcoin.usd_24h_change).toBe('number');
    expect(body.pepe.usd).toBeLessThan(0.001);
    const missing = await t.app.inject({ url: '/sim/coingecko/api/v3/simple/price?ids=bitcoin' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'Missing parameter vs_currencies' });
  });

  it("rate-limits each service and answers 429 in the service's own format", async () => {
    const app = Fastify({ logger: false });
    await app.register(rateLimit, { global: false });
    await app.register(simulatedMarketRoutes, {
      market: createSimulatedMarket(randomBytes(16)),
      tickerPerMinute: 1,
      geoPerMinute: 1,
      coinGeckoPerMinute: 1,
    });
    try {
      const geo = () => app.inject({ url: '/sim/geo/json' });
      expect((await geo()).statusCode).toBe(200);
      const limited = await geo();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: true, reason: 'RateLimited' });
      const ticker = () => app.inject({ url: '/sim/binance/api/v3/ticker/24hr?symbols=x' });
      expect((await ticker()).statusCode).toBe(400);
      const tooMany = await ticker();
      expect(tooMany.statusCode).toBe(429);
      expect(tooMany.json()).toMatchObject({ code: -1003 });
      const gecko = () => app.inject({ url: '/sim/coingecko/api/v3/simple/price' });
      expect((await gecko()).statusCode).toBe(400);
      expect((await gecko()).json()).toMatchObject({ status: { error_code: 429 } });
    } finally {
      await app.close();
    }
  });
});

describe('the tick recorder', () => {
  it('records one tick per listed coin per second, the first writer winning', async () => {
    const nowMs = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
    const second = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    const first = await t.app.market.recorder.recordOnce(nowMs);
    expect(first).toMatchObject({ coins: DEMO_COINS.length, inserted: DEMO_COINS.length });
    expect(first.recordedAt?.toISOString()).toBe(second.toISOString());
    const again = await t.app.market.recorder.recordOnce(nowMs + 200);
    expect(again.inserted).toBe(0);
    const rows = await queryRows<{ symbol: string; price: string; source: string }>(
      t.app.db,
      sql`select symbol, price::text as price, source from market_ticks
          where recorded_at = ${second.toISOString()}::timestamptz order by symbol`,
    );
    expect(rows).toHaveLength(DEMO_COINS.length);
    const sim = simWithSecret();
    for (const row of rows) {
      expect(row.source).toBe('simulated');
      expect(Number(row.price), row.symbol).toBe(
        Number(sim.priceAt(row.symbol, second.getTime() / 1000)),
      );
    }
  });

  it('exposes the newest tick and the first tick at or after a moment', async () => {
    const base = Date.UTC(2026, 0, 3, 0, 0, 0);
    for (const offsetS of [0, 1, 2, 7])
      await t.app.market.recorder.recordOnce(base + offsetS * 1000);
    const sim = simWithSecret();
    const newest = await latestTick(t.app.db, 'BTC');
    expect(newest).not.toBeNull();
    // Other tests record later seconds; the newest is at least the last one recorded here.
    expect(newest!.recordedAt.getTime()).toBeGreaterThanOrEqual(base + 7000);
    const exit = await firstTickAtOrAfter(t.app.db, 'BTCUSDT', new Date(base + 1500), 5);
    expect(exit).toEqual({
      price: sim.priceAt('BTC', base / 1000 + 2),
      recordedAt: new Date(base + 2000),
      source: 'simulated',
    });
    expect(await firstTickAtOrAfter(t.app.db, 'BTC', new Date(base + 3000), 3)).toBeNull();
    expect(
      (await firstTickAtOrAfter(t.app.db, 'BTC', new Date(base + 3000), 4))?.recordedAt,
    ).toEqual(new Date(base + 7000));
    expect(await latestTick(t.app.db, 'NOTLISTED')).toBeNull();
  });

  it('never throws when every provider fails, and logs the failure once a minute', async () => {
    const warnings: unknown[] = [];
    const log = {
      info: () => undefined,
      error: () => undefined,
      warn: (o: unknown) => warnings.push(o),
    };
    const chain = createProviderChain([
      {
        name: 'binance',
        quotesRequestedTime: false,
        quote: async () => {
          throw new ProviderError('binance', 'HTTP 418: banned', 418);
        },
      },
    ]);
    const recorder = createTickRecorder({ db: t.app.db, chain, log });
    const before = await tickCount(t.app);
    const first = await recorder.recordOnce(Date.now());
    expect(first).toMatchObject({ recordedAt: null, inserted: 0 });
    expect(first.failures).toEqual([{ provider: 'binance', message: 'binance: HTTP 418: banned' }]);
    expect(first.missing).toHaveLength(DEMO_COINS.length);
    await recorder.recordOnce(Date.now());
    expect(await tickCount(t.app)).toBe(before);
    const kinds = warnings.map((w) => (w as { kind: string }).kind);
    expect(kinds.filter((k) => k === 'provider:binance')).toHaveLength(1);
    expect(recorder.status()).toMatchObject({
      lastRecordedAtMs: null,
      listedCoins: DEMO_COINS.length,
    });
  });

  it('runs on a timer aligned to the second and stops cleanly', async () => {
    const before = await tickCount(t.app, sql`symbol = 'BTC'`);
    t.app.market.recorder.start();
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline && (await tickCount(t.app, sql`symbol = 'BTC'`)) === before) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await t.app.market.recorder.stop();
    expect(await tickCount(t.app, sql`symbol = 'BTC'`)).toBeGreaterThan(before);
    // Every tick belongs to a whole second.
    expect(await tickCount(t.app, sql`recorded_at <> date_trunc('second', recorded_at)`)).toBe(0);
    expect(t.app.market.recorder.status().running).toBe(false);
  });
});

describe('GET /api/getMarketTicks/:symbol', () => {
  it('answers the recorded ticks of a listed coin, oldest first, by symbol or pair', async () => {
    const nowS = Math.floor(Date.now() / 1000);
    for (const ago of [4, 3, 2]) await t.app.market.recorder.recordOnce((nowS - ago) * 1000);
    const res = await t.app.inject({ url: `/api/getMarketTicks/BTC?sinceMs=${(nowS - 4) * 1000}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(is(body, MarketTicks)).toBe(true);
    expect(body.symbol).toBe('BTC');
    expect(body.source).toBe('simulated');
    const times = body.ticks.map((x: { at: string }) => Date.parse(x.at));
    expect(times.slice(0, 3)).toEqual([nowS - 4, nowS - 3, nowS - 2].map((s) => s * 1000));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(body.ticks[0].price).toBe(t.app.market.simulated!.priceAt('BTC', nowS - 4));
    const pair = await t.app.inject({
      url: `/api/getMarketTicks/BTCUSDT?sinceMs=${(nowS - 4) * 1000}`,
    });
    expect(pair.json()).toEqual(body);
  });

  it('defaults to the last five minutes and never reaches back more than an hour', async () => {
    const nowMs = Date.now();
    await t.app.db.execute(sql`
      insert into market_ticks (symbol, recorded_at, price, source)
      select 'ETH', to_timestamp(s), 3000, 'simulated'
      from generate_series(${Math.floor(nowMs / 1000) - 7200}::bigint, ${Math.floor(nowMs / 1000) - 400}::bigint, 60) as s
      on conflict do nothing`);
    const fallback = (await t.app.inject({ url: '/api/getMarketTicks/ETH' })).json();
    for (const tick of fallback.ticks) {
      expect(Date.parse(tick.at)).toBeGreaterThanOrEqual(nowMs - 5 * 60_000 - 1000);
    }
    const old = (await t.app.inject({ url: '/api/getMarketTicks/ETH?sinceMs=0' })).json();
    expect(old.ticks.length).toBeGreaterThan(0);
    for (const tick of old.ticks) {
      expect(Date.parse(tick.at)).toBeGreaterThanOrEqual(nowMs - 60 * 60_000 - 1000);
    }
  });

  it(`answers at most ${MARKET_TICKS_MAX} ticks, the newest ones`, async () => {
    const nowS = Math.floor(Date.now() / 1000);
    await t.app.db.execute(sql`
      insert into market_ticks (symbol, recorded_at, price, source)
      select 'SOL', to_timestamp(s), 150, 'simulated'
      from generate_series(${nowS - 1000}::bigint, ${nowS - 1}::bigint) as s
      on conflict do nothing`);
    const body = (
      await t.app.inject({ url: `/api/getMarketTicks/SOL?sinceMs=${(nowS - 1000) * 1000}` })
    ).json();
    expect(body.ticks).toHaveLength(MARKET_TICKS_MAX);
    // The newest ones: the last is SOL's newest tick (the recorder may have added some).
    const [newest] = await queryRows<{ at_s: number }>(
      t.app.db,
      sql`select extract(epoch from max(recorded_at))::float8 as at_s
          from market_ticks where symbol = 'SOL'`,
    );
    expect(Date.parse(body.ticks.at(-1).at)).toBe(newest!.at_s * 1000);
    expect(Date.parse(body.ticks.at(-1).at)).toBeGreaterThanOrEqual((nowS - 1) * 1000);
    expect(body.ticks[0].price).toBe('150');
  });

  it('answers 404 for a coin that is not listed and 400 for a bad sinceMs', async () => {
    for (const symbol of ['NOPE', 'NOPEUSDT', 'b@d', 'X']) {
      const res = await t.app.inject({ url: `/api/getMarketTicks/${encodeURIComponent(symbol)}` });
      expect(res.statusCode, symbol).toBe(404);
      expect(res.json().error).toBe('This coin is not listed.');
    }
    for (const sinceMs of ['abc', '-5', '1.5', '1e12', '9999999999999999']) {
      const res = await t.app.inject({ url: `/api/getMarketTicks/BTC?sinceMs=${sinceMs}` });
      expect(res.statusCode, sinceMs).toBe(400);
      expect(res.json().error).toMatch(/sinceMs must be a whole number of milliseconds/);
    }
  });
});

describe('health and retention', () => {
  it('reports the feed: fresh after a record', async () => {
    await t.app.market.recorder.recordOnce(Date.now());
    const health = (await t.app.inject({ url: '/api/health' })).json();
    expect(health.market).toMatchObject({
      source: 'simulated',
      stale: false,
      provider: 'simulated',
      recording: false,
    });
    expect(health.market.lastTickAgeMs).toBeGreaterThanOrEqual(0);
    expect(health.market.lastTickAgeMs).toBeLessThan(MAX_ENTRY_TICK_AGE_MS);
  });

  it('purges ticks older than the retention, keeping the rest', async () => {
    const now = new Date(Date.UTC(2026, 5, 1));
    await t.app.db.execute(sql`
      insert into market_ticks (symbol, recorded_at, price, source) values
        ('ADA', ${new Date(now.getTime() - 31 * 86_400_000).toISOString()}::timestamptz, 1, 'simulated'),
        ('ADA', ${new Date(now.getTime() - 30 * 86_400_000 - 1000).toISOString()}::timestamptz, 1, 'simulated'),
        ('ADA', ${new Date(now.getTime() - 29 * 86_400_000).toISOString()}::timestamptz, 1, 'simulated')`);
    const before = await tickCount(t.app);
    expect(await purgeOldTicks(t.app.db, 30, now)).toBeGreaterThanOrEqual(2);
    const remaining = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from market_ticks where recorded_at < ${new Date(now.getTime() - 30 * 86_400_000).toISOString()}::timestamptz`,
    );
    expect(remaining[0]!.n).toBe(0);
    expect(
      await tickCount(
        t.app,
        sql`symbol = 'ADA' and recorded_at > ${new Date(now.getTime() - 30 * 86_400_000).toISOString()}::timestamptz`,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(await tickCount(t.app)).toBeLessThan(before);
  });
});

describe('market configuration', () => {
  const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: '/tmp', ...env });

  it('has working defaults and normalises base URLs', () => {
    const config = loadConfig({ DATA_DIR: '/tmp', BINANCE_URL: 'https://proxy.example/binance/' });
    expect(config).toMatchObject({
      binanceUrl: 'https://proxy.example/binance',
      binanceUsUrl: 'https://api.binance.us',
      coingeckoUrl: 'https://api.coingecko.com',
      geoUrl: 'https://ipapi.co/json/',
      simSecret: null,
      tickRetentionDays: 30,
      marketRecorder: true,
    });
  });

  it('refuses bad market settings with a message naming them', () => {
    expect(load({ BINANCE_URL: 'api.binance.com' })).toThrow(/BINANCE_URL/);
    expect(load({ COINGECKO_URL: 'ftp://x.example' })).toThrow(/COINGECKO_URL/);
    expect(load({ BINANCE_US_URL: 'https://x.example/?a=1' })).toThrow(/BINANCE_US_URL/);
    expect(load({ GEO_URL: 'https://user:pw@x.example/' })).toThrow(/GEO_URL/);
    expect(load({ TICK_RETENTION_DAYS: '0' })).toThrow(/TICK_RETENTION_DAYS/);
    expect(load({ TICK_RETENTION_DAYS: '1.5' })).toThrow(ConfigError);
    expect(load({ MARKET_RECORDER: 'maybe' })).toThrow(/MARKET_RECORDER/);
  });
});

describe('live source (MARKET_SOURCE=binance)', () => {
  let exchange: JsonServer;
  let live: TestApp;

  beforeAll(async () => {
    exchange = await startJsonServer((url) => {
      const pairs = JSON.parse(url.searchParams.get('symbols') ?? '[]') as string[];
      return {
        body: pairs.map((symbol) => ({
          symbol,
          lastPrice: symbol === 'BTCUSDT' ? '67123.45000000' : '3456.78000000',
          highPrice: '70000.00000000',
          priceChangePercent: '1.234',
        })),
      };
    });
    live = await createTestApp({
      MARKET_SOURCE: 'binance',
      BINANCE_URL: exchange.url,
      BINANCE_US_URL: 'https://us.example.test',
      COINGECKO_URL: 'https://cg.example.test/',
      GEO_URL: 'https://geo.example.test/json/',
    });
    await listCoins(live.app, ['BTC', 'ETH']);
  });
  afterAll(async () => {
    await live?.close();
    await exchange?.close();
  });

  it('publishes the real endpoints and allows exactly their origins in connect-src', async () => {
    const res = await live.app.inject({ url: '/api/config' });
    expect(res.json().market).toEqual({
      source: 'binance',
      simulated: false,
      pollIntervalMs: PRICE_POLL_INTERVAL_MS,
      endpoints: {
        tickerUrl: `${exchange.url}/api/v3/ticker/24hr`,
        tickerUsUrl: 'https://us.example.test/api/v3/ticker/24hr',
        geoUrl: 'https://geo.example.test/json/',
        coinListUrl: 'https://cg.example.test/api/v3/coins/list',
        simplePriceUrl: 'https://cg.example.test/api/v3/simple/price',
      },
    });
    const connectSrc = /connect-src ([^;]+)/.exec(
      String(res.headers['content-security-policy']),
    )![1]!;
    expect(connectSrc.split(' ').sort()).toEqual(
      [
        "'self'",
        exchange.url,
        'https://us.example.test',
        'https://cg.example.test',
        'https://geo.example.test',
      ].sort(),
    );
  });

  it('does not serve the simulated services', async () => {
    const res = await live.app.inject({ url: '/sim/geo/json' });
    expect(res.statusCode).toBe(404);
  });

  it('records the exchange prices with their source, in the second the answer came', async () => {
    const before = Date.now();
    const result = await live.app.market.recorder.recordOnce(before);
    expect(result.inserted).toBe(2);
    expect(result.recordedAt!.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(await latestTick(live.app.db, 'BTC')).toMatchObject({
      price: '67123.45',
      source: 'binance',
    });
    const health = (await live.app.inject({ url: '/api/health' })).json();
    expect(health.market).toMatchObject({ source: 'binance', provider: 'binance', stale: false });
  });
});
