/**
 * Outside attack, finding 1 (docs/security.md): with the simulated market keyed by a public
 * seed, anyone could run the repository's own `createSimulatedMarket` offline, reproduce the
 * server's prices and win every trade. The market is now keyed by a secret of the
 * installation (generated once into the database, or SIM_SECRET):
 * - the attack, replayed: 200 trades predicted from the public code with guessable keys, a
 *   wrong random key, or the recorded past prices score about half, while the same predictor
 *   with the installation's real key scores all (so the test could fail);
 * - the secret is generated once and shared: two apps on one database agree on it and on
 *   every price, and SIM_SECRET keys the market when set;
 * - the configuration never simulates prices by omission, refuses the old SIM_SEED and a
 *   short SIM_SECRET, and a server that simulates without demo data says so loudly.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { queryRows } from '../../server/db/client';
import { SIM_SECRET_NAME, simulatedMarketNotice } from '../../server/market/runtime';
import { createSimulatedMarket, type SimulatedMarket } from '../../server/market/simulated';
import { DEMO_COINS } from '../../server/seed/demo-data';
import { createTestApp, createTestDatabase, type TestApp } from './harness';

const TRADES = 200;
const DURATIONS_S = [30, 60, 180, 300] as const;
/** Half of the decided trades ± 15 points: a coin toss stays inside (4 standard deviations). */
const GUESSING = { min: 0.35, max: 0.65 };

interface Trade {
  symbol: string;
  /** The entry second. */
  second: number;
  durationS: number;
}

/** A trade's outcome in a market: 1 up, −1 down, 0 a draw (the stake comes back). */
function outcome(market: SimulatedMarket, trade: Trade): number {
  const entry = Number(market.priceAt(trade.symbol, trade.second));
  const exit = Number(market.priceAt(trade.symbol, trade.second + trade.durationS));
  return Math.sign(exit - entry);
}

/** Random trades: a listed coin, a second within the next 30 days, one of the durations. */
function randomTrades(): Trade[] {
  const nowS = Math.floor(Date.now() / 1000);
  return Array.from({ length: TRADES }, () => ({
    symbol: DEMO_COINS[randomInt(DEMO_COINS.length)]!.symbol,
    second: nowS + randomInt(30 * 86_400),
    durationS: DURATIONS_S[randomInt(DURATIONS_S.length)]!,
  }));
}

/**
 * The share of decided trades (not draws) a predictor wins on the server's market: it picks
 * up or down for each, and wins when the price goes that way.
 */
function score(
  server: SimulatedMarket,
  trades: readonly Trade[],
  predict: (trade: Trade) => number,
): number {
  let decided = 0;
  let won = 0;
  for (const trade of trades) {
    const actual = outcome(server, trade);
    if (actual === 0) continue;
    decided += 1;
    if (predict(trade) === actual) won += 1;
  }
  expect(decided).toBeGreaterThan(TRADES * 0.8);
  return won / decided;
}

/** The installation's generated key, as stored (hex), or undefined. */
async function storedSecret(app: TestApp['app']): Promise<string | undefined> {
  const rows = await queryRows<{ value_hex: string }>(
    app.db,
    sql`select encode(value, 'hex') as value_hex from installation_secrets
        where name = ${SIM_SECRET_NAME}`,
  );
  return rows[0]?.value_hex;
}

describe('predicting trades on the simulated market (the attack, replayed)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('scores a coin toss without the secret and every trade with it', async () => {
    const server = t.app.market.simulated!;
    const trades = randomTrades();
    const stored = await storedSecret(t.app);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);

    // The attacker's own market from the public code, keyed with what he can guess or try.
    const guesses = {
      'the old public seed': Buffer.from('tradewallet'.padEnd(16, '\0')),
      'a key of zeros': Buffer.alloc(32),
      'a wrong random key': randomBytes(32),
    };
    for (const [guess, key] of Object.entries(guesses)) {
      const attacker = createSimulatedMarket(key);
      const share = score(server, trades, (trade) => outcome(attacker, trade));
      expect(share, guess).toBeGreaterThan(GUESSING.min);
      expect(share, guess).toBeLessThan(GUESSING.max);
    }

    // The recorded ticks are public too: the last minute's move says nothing of the next.
    const momentum = score(server, trades, (trade) =>
      Math.sign(
        Number(server.priceAt(trade.symbol, trade.second)) -
          Number(server.priceAt(trade.symbol, trade.second - 60)),
      ),
    );
    expect(momentum).toBeGreaterThan(GUESSING.min);
    expect(momentum).toBeLessThan(GUESSING.max);

    // The same predictor with the installation's real key wins every decided trade.
    const insider = createSimulatedMarket(Buffer.from(stored!, 'hex'));
    expect(score(server, trades, (trade) => outcome(insider, trade))).toBe(1);
  });
});

describe("the installation's secret", () => {
  it('is generated once and shared by every app on the database, which quote alike', async () => {
    const database = await createTestDatabase();
    // Started together, as instances behind a load balancer are: both find no secret, both
    // insert one, one insert loses, and both read the winner's.
    const [a, b] = await Promise.all([
      createTestApp({}, { database }),
      createTestApp({}, { database }),
    ]);
    try {
      const stored = await storedSecret(a.app);
      expect(stored).toMatch(/^[0-9a-f]{64}$/);
      const [row] = await queryRows<{ n: number }>(
        a.app.db,
        sql`select count(*)::int as n from installation_secrets`,
      );
      expect(row!.n).toBe(1);
      const nowMs = Date.UTC(2026, 5, 1, 12, 0, 0, 250);
      const symbols = DEMO_COINS.map((c) => c.symbol);
      const quotesA = await a.app.market.chain.quote(symbols, { nowMs });
      const quotesB = await b.app.market.chain.quote(symbols, { nowMs });
      expect([...quotesB.quotes]).toEqual([...quotesA.quotes]);
      const insider = createSimulatedMarket(Buffer.from(stored!, 'hex'));
      expect(quotesA.quotes.get('BTC')?.price).toBe(
        insider.priceAt('BTC', Math.floor(nowMs / 1000)),
      );

      // A third app, started later (a restart), finds the same secret: the same prices.
      const c = await createTestApp({}, { database });
      try {
        expect(await storedSecret(c.app)).toBe(stored);
        expect(c.app.market.simulated!.priceAt('ETH', 1_780_000_000)).toBe(
          a.app.market.simulated!.priceAt('ETH', 1_780_000_000),
        );
      } finally {
        await c.close();
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
      await database.drop();
    }
  });

  it('is SIM_SECRET when set: nothing is generated', async () => {
    const key = randomBytes(24);
    const t = await createTestApp({ SIM_SECRET: key.toString('base64') });
    try {
      expect(await storedSecret(t.app)).toBeUndefined();
      expect(t.app.market.simulated!.priceAt('SOL', 1_780_000_000)).toBe(
        createSimulatedMarket(key).priceAt('SOL', 1_780_000_000),
      );
    } finally {
      await t.close();
    }
  });

  it('is never answered by the API', async () => {
    const t = await createTestApp();
    try {
      const stored = (await storedSecret(t.app))!;
      const base64 = Buffer.from(stored, 'hex').toString('base64');
      for (const url of ['/api/config', '/api/health', '/sim/geo/json']) {
        const body = (await t.app.inject({ url })).body;
        expect(body).not.toContain(stored);
        expect(body).not.toContain(base64);
      }
    } finally {
      await t.close();
    }
  });
});

describe('the market source in the configuration', () => {
  const load = (env: Record<string, string>) => () =>
    loadConfig({ DATA_DIR: '/tmp', LOG_LEVEL: 'silent', ...env });
  const POSTGRES = { DATABASE_URL: 'postgres://app@db.example/tradewallet' };

  it('is live unless demo data is on: never simulated by omission', () => {
    expect(load(POSTGRES)().marketSource).toBe('binance');
    expect(load({ ...POSTGRES, DEMO: 'false' })().marketSource).toBe('binance');
    expect(load({ DEMO: 'false' })().marketSource).toBe('binance');
    expect(load({ ...POSTGRES, DEMO: 'true' })().marketSource).toBe('simulated');
    // The embedded database has demo data by default, and so the simulated market.
    expect(load({})()).toMatchObject({ demo: true, marketSource: 'simulated' });
    // Asked for by name it runs without demo data, and the server warns at start.
    const explicit = load({ ...POSTGRES, MARKET_SOURCE: 'simulated' })();
    expect(explicit).toMatchObject({ demo: false, marketSource: 'simulated' });
    expect(simulatedMarketNotice(explicit)?.join(' ')).toMatch(
      /SIMULATED.*Never use it for real money/,
    );
    expect(simulatedMarketNotice(load({})())).toBeNull();
    expect(simulatedMarketNotice(load(POSTGRES)())).toBeNull();
  });

  it('refuses the old SIM_SEED and says what to use instead', () => {
    expect(load({ SIM_SEED: 'tradewallet' })).toThrow(ConfigError);
    expect(load({ SIM_SEED: 'my-own-seed' })).toThrow(/SIM_SEED.*SIM_SECRET/);
  });

  it('takes SIM_SECRET as base64 of at least 16 bytes, and nothing else', () => {
    const sixteen = randomBytes(16).toString('base64');
    expect(load({ SIM_SECRET: sixteen })().simSecret).toBe(sixteen);
    expect(load({})().simSecret).toBeNull();
    expect(load({ SIM_SECRET: randomBytes(15).toString('base64') })).toThrow(
      /SIM_SECRET must encode 16 to 1024 bytes \(it encodes 15\)/,
    );
    expect(load({ SIM_SECRET: 'not base64!' })).toThrow(/SIM_SECRET must be standard base64/);
    // URL-safe base64 and missing padding are not the standard form.
    expect(load({ SIM_SECRET: 'ab-_'.repeat(8) })).toThrow(ConfigError);
    expect(load({ SIM_SECRET: randomBytes(17).toString('base64').replace(/=+$/, '') })).toThrow(
      ConfigError,
    );
    expect(load({ SIM_SECRET: randomBytes(2000).toString('base64') })).toThrow(ConfigError);
  });
});
