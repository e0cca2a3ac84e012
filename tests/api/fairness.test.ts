/**
 * The fairness record: GET /api/getFairnessStats against an independent count of the
 * trades table, and GET /api/downloadTradeReceipts checked offline (the pure check and the
 * `npm run trades:verify -- --receipts FILE` command), intact and tampered.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FairnessStats, RECEIPTS_FORMAT, ReceiptsFile } from '../../common/contract';
import { formatMicros } from '../../common/money';
import { queryRows } from '../../server/db/client';
import { settleDueTrades } from '../../server/jobs/settle-trades';
import { checkReceiptsFile } from '../../server/modules/trades/receipts-check';
import {
  closeCheckingLedger,
  createAdminTestApp,
  fundedUser,
  newKey,
  registerAndLogin,
  type AdminTestApp,
} from './harness';

const run = promisify(execFile);
let t: AdminTestApp;
const DAY_MS = 24 * 60 * 60 * 1000;
const usdt = (whole: number) => BigInt(Math.round(whole * 1_000_000));
const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;
const exitSecond = (expiresAt: string) => Math.ceil(Date.parse(expiresAt) / 1000) * 1000;

beforeAll(async () => {
  t = await createAdminTestApp();
  for (const symbol of ['BTC', 'ETH', 'SOL', 'XRP']) {
    await t.app.db.execute(sql`insert into coins (symbol, name) values (${symbol}, ${symbol})`);
  }
});

afterAll(async () => {
  await closeCheckingLedger(t);
});

async function tick(symbol: string, atMs: number, price: string, source = 'simulated') {
  await t.app.db.execute(
    sql`insert into market_ticks (symbol, recorded_at, price, source)
        values (${symbol}, ${new Date(atMs).toISOString()}::timestamptz, ${price}::numeric, ${source})
        on conflict (symbol, recorded_at) do nothing`,
  );
}

describe('GET /api/getFairnessStats', () => {
  type Result = 'win' | 'loss' | 'draw' | 'void';
  /**
   * A settled trade written straight to the table, `daysAgo` days ago: the statistics read
   * only the trades table, and past dates cannot be made through the API.
   */
  async function settled(userId: string, daysAgo: number, result: Result, stake: number) {
    const stakeMicros = usdt(stake);
    const returned =
      result === 'win' ? (stakeMicros * 180n) / 100n : result === 'loss' ? 0n : stakeMicros;
    const at = new Date(Date.now() - daysAgo * DAY_MS).toISOString();
    await t.app.db.execute(
      sql`insert into trades (user_id, symbol, direction, stake_micros, duration_s,
                              payout_micro_percent, entry_price, entry_tick_at, entry_source,
                              created_at, expires_at, status, result, exit_price, exit_tick_at,
                              exit_source, returned_micros, settled_at)
          values (${userId}::uuid, 'ETH', 'buy', ${stakeMicros}, 30, 80000000, 100,
                  ${at}::timestamptz, 'simulated', ${at}::timestamptz, ${at}::timestamptz,
                  'Completed', ${result}, ${result === 'void' ? null : 100}, ${result === 'void' ? null : at}::timestamptz,
                  ${result === 'void' ? null : 'simulated'}, ${returned}, ${at}::timestamptz)`,
    );
  }

  let first: FairnessStats;

  beforeAll(async () => {
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => registerAndLogin(t.app)));
    // a: within 30 days, two wins of 10 and a loss of 10 → +6 (did not lose).
    await settled(a!.userId, 1.5, 'win', 10);
    await settled(a!.userId, 2.5, 'win', 10);
    await settled(a!.userId, 3.5, 'loss', 10);
    // b: a loss of 25 and a draw within 30 days; a win of 100 at 45 days (90-day window).
    await settled(b!.userId, 10.5, 'loss', 25);
    await settled(b!.userId, 11.5, 'draw', 5);
    await settled(b!.userId, 45.5, 'win', 100);
    // c: a void trade only (active, lost nothing), and a loss of 7 at 60 days.
    await settled(c!.userId, 20.5, 'void', 3);
    await settled(c!.userId, 60.5, 'loss', 7);
    // d: only older than 90 days: counted nowhere.
    await settled(d!.userId, 95.5, 'loss', 50);
    // A pending trade counts nowhere either.
    await t.app.db.execute(
      sql`insert into trades (user_id, symbol, direction, stake_micros, duration_s,
                              payout_micro_percent, entry_price, entry_tick_at, entry_source,
                              expires_at)
          values (${a!.userId}::uuid, 'ETH', 'sell', 1000000, 30, 80000000, 100, now(),
                  'simulated', now() + interval '30 seconds')`,
    );
    const res = await t.app.inject({ url: '/api/getFairnessStats' });
    expect(res.statusCode, res.body).toBe(200);
    first = res.json();
    // It holds no stake, which the ledger check at the end would rightly refuse.
    await t.app.db.execute(sql`delete from trades where status = 'Pending'`);
  });

  it('answers anyone, without a token, in the contract, cacheable', async () => {
    expect(is(first, FairnessStats)).toBe(true);
    const res = await t.app.inject({ url: '/api/getFairnessStats' });
    expect(res.headers['cache-control']).toBe('public, max-age=600');
  });

  it('counts what the fixtures say', () => {
    expect(first.last30Days).toEqual({
      days: 30,
      settled: 6,
      won: 2,
      lost: 2,
      drawn: 1,
      void: 1,
      activeAccounts: 3,
      accountsThatLost: 1,
      // Stakes lost (10 + 25) minus profits paid (8 + 8).
      houseResult: '19.000000',
    });
    expect(first.last90Days).toEqual({
      days: 90,
      settled: 8,
      won: 3,
      lost: 3,
      drawn: 1,
      void: 1,
      activeAccounts: 3,
      // b: −25 + 80 = +55; c: −7.
      accountsThatLost: 1,
      houseResult: formatMicros(usdt(19 + 7 - 80)),
    });
  });

  it('equals an independent SQL count of the trades table', async () => {
    for (const period of [first.last30Days, first.last90Days]) {
      const since = sql`now() - make_interval(days => ${period.days})`;
      const count = async (result: string) => {
        const [row] = await queryRows<{ n: string }>(
          t.app.db,
          sql`select count(*)::text as n from trades
              where status = 'Completed' and result = ${result} and settled_at > ${since}`,
        );
        return Number(row?.n);
      };
      expect(period.won).toBe(await count('win'));
      expect(period.lost).toBe(await count('loss'));
      expect(period.drawn).toBe(await count('draw'));
      expect(period.void).toBe(await count('void'));
      const [row] = await queryRows<{ n: string; house: string; lost: string }>(
        t.app.db,
        sql`select count(*)::text as n,
                   (sum(case result when 'loss' then stake_micros when 'win' then stake_micros - returned_micros else 0 end))::text as house,
                   (select count(distinct user_id) from trades x
                    where x.status = 'Completed' and x.settled_at > ${since}
                      and (select sum(returned_micros) - sum(stake_micros) from trades y
                           where y.user_id = x.user_id and y.status = 'Completed'
                             and y.settled_at > ${since}) < 0)::text as lost
            from trades where status = 'Completed' and settled_at > ${since}`,
      );
      expect(period.settled).toBe(Number(row?.n));
      expect(period.houseResult).toBe(formatMicros(BigInt(row?.house ?? 'x')));
      expect(period.accountsThatLost).toBe(Number(row?.lost));
    }
  });

  it('answers the cached figures within ten minutes', async () => {
    const [user] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id::text from users limit 1`,
    );
    await settled(user!.id, 0.5, 'loss', 1);
    const again = (await t.app.inject({ url: '/api/getFairnessStats' })).json();
    expect(again).toEqual(first);
  });
});

describe('GET /api/downloadTradeReceipts and the offline check', () => {
  let file: ReceiptsFile;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'receipts-'));
    const user = await fundedUser(t.app, usdt(100));
    const opened: Record<string, { _id: string; expiresAt: string }> = {};
    const plan = { BTC: 'buy', ETH: 'sell', SOL: 'buy', XRP: 'sell' } as const;
    for (const [symbol, tradeType] of Object.entries(plan)) {
      await tick(symbol, wholeSecond(Date.now()), '100');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/createTrade',
        headers: { ...user.auth, 'idempotency-key': newKey() },
        payload: {
          coinType: `${symbol}USDT`,
          tradeType,
          tradeAmount: '10',
          selectedTime: 'trade30Second',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      opened[symbol] = res.json().trade;
    }
    // BTC rises (the buy wins), ETH rises (the sell loses), SOL ends level (draw), XRP is
    // never recorded again (void). A later tick in the window is in the file, not the exit.
    await tick('BTC', exitSecond(opened.BTC!.expiresAt), '100.5', 'binance');
    await tick('BTC', exitSecond(opened.BTC!.expiresAt) + 1000, '90', 'binance');
    await tick('ETH', exitSecond(opened.ETH!.expiresAt), '101');
    await tick('SOL', exitSecond(opened.SOL!.expiresAt), '100.000');
    const lastExpiry = Math.max(...Object.values(opened).map((o) => Date.parse(o.expiresAt)));
    const summary = await settleDueTrades(t.app.db, t.app.platformAccounts, lastExpiry + 8000, {
      userId: user.userId,
    });
    expect(summary.settled).toBe(4);

    const res = await t.app.inject({ url: '/api/downloadTradeReceipts', headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="trade-receipts-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    file = res.json();
    expect(is(file, ReceiptsFile)).toBe(true);
    expect(file).toMatchObject({ format: RECEIPTS_FORMAT, userId: user.userId, truncated: false });
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a caller without a token', async () => {
    expect((await t.app.inject({ url: '/api/downloadTradeReceipts' })).statusCode).toBe(401);
  });

  it('carries every settled trade with the ticks that decided it', () => {
    const bySymbol = new Map(file.trades.map((e) => [e.trade.coinType, e]));
    expect([...bySymbol.keys()].sort()).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT']);
    expect(bySymbol.get('BTCUSDT')?.trade.tradeResult).toBe('win');
    expect(bySymbol.get('BTCUSDT')?.ticks.window.map((tk) => tk.price)).toEqual(['100.5', '90']);
    expect(bySymbol.get('BTCUSDT')?.ticks.entry).toEqual(
      bySymbol.get('BTCUSDT')?.trade.receipt?.entry,
    );
    expect(bySymbol.get('ETHUSDT')?.trade.tradeResult).toBe('loss');
    expect(bySymbol.get('SOLUSDT')?.trade.tradeResult).toBe('draw');
    expect(bySymbol.get('XRPUSDT')?.trade.tradeResult).toBe('void');
    expect(bySymbol.get('XRPUSDT')?.ticks.window).toEqual([]);
  });

  it('verifies offline, and finds a changed exit price or result', () => {
    const intact = checkReceiptsFile(structuredClone(file));
    expect(intact).toMatchObject({
      ok: true,
      report: { trades: 4, verified: 4, void: 1, mismatches: [] },
    });

    const exitChanged = structuredClone(file);
    const btc = exitChanged.trades.find((e) => e.trade.coinType === 'BTCUSDT')!;
    btc.trade.receipt!.exit!.price = '99';
    const first = checkReceiptsFile(exitChanged);
    expect(first.ok && first.report.mismatches.map((m) => m.tradeId)).toEqual([btc.trade._id]);

    const resultChanged = structuredClone(file);
    const eth = resultChanged.trades.find((e) => e.trade.coinType === 'ETHUSDT')!;
    eth.trade.tradeResult = 'win';
    const second = checkReceiptsFile(resultChanged);
    expect(second.ok && second.report.mismatches[0]?.problems).toEqual([
      'result win, re-derived loss',
    ]);

    const tickChanged = structuredClone(file);
    tickChanged.trades.find((e) => e.trade.coinType === 'SOLUSDT')!.ticks.window[0]!.price =
      '100.1';
    const third = checkReceiptsFile(tickChanged);
    expect(third.ok && third.report.mismatches).toHaveLength(1);

    expect(checkReceiptsFile({ format: 'something-else' })).toMatchObject({ ok: false });
  });

  it('npm run trades:verify -- --receipts FILE: exit 0 for the file, 1 for a tampered one', async () => {
    const good = path.join(dir, 'good.json');
    fs.writeFileSync(good, JSON.stringify(file));
    const ok = await run('npx', ['tsx', 'scripts/trades-verify.ts', '--receipts', good], {
      env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
    });
    expect(ok.stdout).toContain('verified     4');
    expect(ok.stdout).toContain('result       OK');

    const bad = path.join(dir, 'bad.json');
    const tampered = structuredClone(file);
    const btc = tampered.trades.find((e) => e.trade.coinType === 'BTCUSDT')!;
    btc.trade.receipt!.exit!.price = '99';
    fs.writeFileSync(bad, JSON.stringify(tampered));
    const failed = await run('npx', ['tsx', 'scripts/trades-verify.ts', '--receipts', bad]).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toContain(`trade ${btc.trade._id}: exit tick`);
  }, 60_000);
});

describe("the dashboard's reminder to choose where timed trades are offered", () => {
  const overview = async () =>
    (await t.app.inject({ url: '/api/admin/overview', headers: t.admin })).json();
  const save = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/updateSiteSetting', headers: t.admin, payload });
  const savedAt = async () => {
    const [row] = await queryRows<{ at: string | null }>(
      t.app.db,
      sql`select trading_countries_saved_at::text as at from site_settings where id = 1`,
    );
    return row?.at ?? null;
  };

  it('asks until the blocked countries are saved once, then never again', async () => {
    expect((await overview()).tradingCountriesChosen).toBe(false);
    // Another setting does not count.
    expect((await save({ tradingEnabled: true })).statusCode).toBe(200);
    expect((await overview()).tradingCountriesChosen).toBe(false);
    // Saving the list counts, even an empty one, and is audited.
    const res = await save({ tradingBlockedCountries: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await overview()).tradingCountriesChosen).toBe(true);
    const first = await savedAt();
    expect(first).not.toBeNull();
    const [audit] = await queryRows<{ after: Record<string, unknown> }>(
      t.app.db,
      sql`select after from audit_log where action = 'site_settings.updated'
          order by created_at desc limit 1`,
    );
    expect(audit?.after).toHaveProperty('tradingCountriesSavedAt');
    // A later save keeps the first time.
    expect((await save({ tradingBlockedCountries: ['US'] })).statusCode).toBe(200);
    expect(await savedAt()).toBe(first);
    expect((await overview()).tradingCountriesChosen).toBe(true);
    expect((await save({ tradingBlockedCountries: [] })).statusCode).toBe(200);
  });
});
