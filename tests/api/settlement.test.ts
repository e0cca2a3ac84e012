/**
 * Settlement on several instances at once: two app instances share one PostgreSQL
 * database, their sweepers run at the same time, and every trade must settle exactly once
 * with the books and the recorded ticks in agreement. PostgreSQL only (TEST_DATABASE_URL):
 * on PGlite there is one connection, so nothing runs at the same time.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, queryRows } from '../../server/db/client';
import { settleDueTrades, startTradeSettlement } from '../../server/jobs/settle-trades';
import { checkLedger } from '../../server/ledger/check';
import { verifyTrades } from '../../server/modules/trades/verify';
import {
  createTestApp,
  fund,
  newKey,
  platformBalance,
  registerAndLogin,
  type TestApp,
} from './harness';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('settlement on two instances of one database', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let apps: FastifyInstance[];

  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await queryRows<{ name: string }>(
      t.app.db,
      sql`select current_database() as name`,
    );
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${row?.name ?? ''}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
    second = await buildApp({ config: t.config, database, logger: false });
    await second.ready();
    apps = [t.app, second];
    for (const symbol of ['BTC', 'ETH', 'SOL', 'XRP']) {
      await t.app.db.execute(sql`insert into coins (symbol, name) values (${symbol}, ${symbol})`);
    }
  });

  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const usdt = (whole: number) => BigInt(whole) * 1_000_000n;
  const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

  async function tick(symbol: string, atMs: number, price: string) {
    await t.app.db.execute(
      sql`insert into market_ticks (symbol, recorded_at, price, source)
          values (${symbol}, ${new Date(atMs).toISOString()}::timestamptz, ${price}::numeric, 'simulated')
          on conflict do nothing`,
    );
  }

  /** Opens `count` trades through both instances, 20 at a time; answers their expiries. */
  async function openTrades(
    users: Array<{ auth: Record<string, string> }>,
    count: number,
    symbols: string[],
    pick: (i: number) => { symbol: string; selectedTime: string },
  ): Promise<number[]> {
    const expiries: number[] = [];
    for (let start = 0; start < count; start += 20) {
      for (const symbol of symbols) await tick(symbol, wholeSecond(Date.now()), '100');
      const chunk = Array.from({ length: Math.min(20, count - start) }, (_, k) => start + k);
      const answers = await Promise.all(
        chunk.map((i) => {
          const { symbol, selectedTime } = pick(i);
          return apps[i % 2]!.inject({
            method: 'POST',
            url: '/api/createTrade',
            headers: { ...users[i % users.length]!.auth, 'idempotency-key': newKey() },
            payload: {
              coinType: `${symbol}USDT`,
              tradeType: i % 3 === 0 ? 'sell' : 'buy',
              tradeAmount: String(10 + (i % 7)),
              selectedTime,
            },
          });
        }),
      );
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(201);
        expiries.push(Date.parse(answer.json().trade.expiresAt));
      }
    }
    return expiries;
  }

  async function counts() {
    const [row] = await queryRows<{
      pending: string;
      completed: string;
      moved: string;
      entries: string;
      distinct_refs: string;
    }>(
      t.app.db,
      sql`select (select count(*) from trades where status = 'Pending')::text as pending,
                 (select count(*) from trades where status = 'Completed')::text as completed,
                 (select count(*) from trades where status = 'Completed'
                    and returned_micros <> stake_micros)::text as moved,
                 (select count(*) from journal_entries where kind = 'trade_settlement')::text as entries,
                 (select count(distinct reference_id) from journal_entries
                    where kind = 'trade_settlement')::text as distinct_refs`,
    );
    if (!row) throw new Error('no counts');
    return {
      pending: Number(row.pending),
      completed: Number(row.completed),
      moved: Number(row.moved),
      entries: Number(row.entries),
      distinctRefs: Number(row.distinct_refs),
    };
  }

  it('two sweepers, then four concurrent sweeps, settle every trade exactly once', async () => {
    const users = [];
    for (let i = 0; i < 8; i += 1) {
      const user = await registerAndLogin(t.app);
      await fund(t.app, user.userId, usdt(10_000));
      users.push(user);
    }
    const userTotal = async () => (await checkLedger(t.app.db)).userBalancesMicros;
    const conserved = async () =>
      (await userTotal()) + (await platformBalance(t.app, 'trading_house'));
    const before = await conserved();

    // Round 1: 300 trades of 30 s, mostly BTC (recorded up, flat or down), some ETH (never
    // recorded again: void), some XRP (recorded flat: a draw whichever second they expire
    // in), settled by two running sweepers on a clock 40 s ahead.
    const firstExpiries = await openTrades(users, 300, ['BTC', 'ETH', 'XRP'], (i) => ({
      symbol: i % 10 === 0 ? 'ETH' : i % 10 === 5 ? 'XRP' : 'BTC',
      selectedTime: 'trade30Second',
    }));
    const from = wholeSecond(Math.min(...firstExpiries));
    const to = Math.max(...firstExpiries) + 6000;
    for (let s = from; s <= to; s += 1000) {
      await tick('BTC', s, ['99.5', '100', '100.25'][(s / 1000) % 3]!);
      await tick('XRP', s, '100');
    }
    const errors: unknown[] = [];
    const log = {
      info: () => undefined,
      warn: () => undefined,
      error: (...a: unknown[]) => void errors.push(a),
    };
    const stops = apps.map((app) =>
      startTradeSettlement(
        { db: app.db, platformAccounts: app.platformAccounts, log, now: () => Date.now() + 40_000 },
        20,
      ),
    );
    const deadline = Date.now() + 20_000;
    while ((await counts()).pending > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all(stops.map((stop) => stop()));
    expect(errors).toEqual([]);
    const afterFirst = await counts();
    expect(afterFirst).toMatchObject({ pending: 0, completed: 300 });
    expect(afterFirst.entries).toBe(afterFirst.moved);
    expect(afterFirst.distinctRefs).toBe(afterFirst.entries);

    // Round 2: 200 trades of 60 s on SOL, four sweeps at once in small batches, two per
    // instance, so their batches interleave.
    const secondExpiries = await openTrades(users, 200, ['SOL'], () => ({
      symbol: 'SOL',
      selectedTime: 'trade60Second',
    }));
    for (
      let s = wholeSecond(Math.min(...secondExpiries));
      s <= Math.max(...secondExpiries) + 6000;
      s += 1000
    ) {
      await tick('SOL', s, (s / 1000) % 2 === 0 ? '100.5' : '99.75');
    }
    const nowMs = Math.max(...secondExpiries) + 1500;
    const sweeps = await Promise.all(
      [...apps, ...apps].map((app) =>
        settleDueTrades(app.db, app.platformAccounts, nowMs, { batchSize: 10 }),
      ),
    );
    expect(sweeps.flatMap((s) => s.failed)).toEqual([]);
    expect(sweeps.reduce((sum, s) => sum + s.settled, 0)).toBe(200);
    expect(sweeps.filter((s) => s.settled > 0).length).toBeGreaterThan(1);

    const final = await counts();
    expect(final).toMatchObject({ pending: 0, completed: 500 });
    expect(final.entries).toBe(final.moved);
    expect(final.distinctRefs).toBe(final.entries);
    const [results] = await queryRows<{ kinds: string }>(
      t.app.db,
      sql`select string_agg(distinct result, ',' order by result) as kinds from trades`,
    );
    expect(results?.kinds).toBe('draw,loss,void,win');

    const report = await checkLedger(t.app.db);
    expect(report.violations).toEqual([]);
    expect(report.userHeldMicros).toBe(0n);
    // Money moved between the wallets and the trading house only.
    expect(await conserved()).toBe(before);
    const verified = await verifyTrades(t.app.db);
    expect(verified.mismatches).toEqual([]);
    expect(verified).toMatchObject({ settled: 500, verified: 500, pending: 0, mismatchCount: 0 });
    expect(verified.void).toBe(30);
  });
});
