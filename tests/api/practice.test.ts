/**
 * Practice mode (issue 21, part 1): a practice balance of 10,000 for every user, on accounts
 * of their own currency; practice trades placed and settled by the same rule and code with
 * no deposit, KYC or risk acknowledgement, and past the user's real-trade limits; refills
 * once per UTC day (the app's clock is moved on), never twice from concurrent requests;
 * practice and real balances never mix (the database refuses an entry that mixes them);
 * fairness figures and loss limits count real trades only; the migration gives users who
 * existed before it their practice balance.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PracticeRefill, TradePage, type Trade } from '../../common/contract';
import { PRACTICE_BALANCE_MICROS } from '../../common/rules';
import { queryRows } from '../../server/db/client';
import { settleDueTrades } from '../../server/jobs/settle-trades';
import { platformShard } from '../../server/ledger/accounts';
import { checkLedger } from '../../server/ledger/check';
import { postEntry } from '../../server/ledger/posting';
import { computeFairnessStats } from '../../server/modules/fairness/stats';
import { verifyTrades } from '../../server/modules/trades/verify';
import {
  closeCheckingLedger,
  createAdminTestApp,
  fund,
  me,
  newKey,
  platformBalance,
  registerAndLogin,
  type AdminTestApp,
  type Headers,
} from './harness';

const DAY_MS = 24 * 60 * 60 * 1000;
let t: AdminTestApp;
/** Added to the real time by the app's clock (`nowMs`), to stand in for waiting a day. */
let clockOffsetMs = 0;

beforeAll(async () => {
  t = await createAdminTestApp({}, { nowMs: () => Date.now() + clockOffsetMs });
  await t.app.db.execute(
    sql`insert into coins (symbol, name, sort_order) values ('BTC', 'BTC', 0), ('ETH', 'ETH', 1)`,
  );
});

afterAll(() => closeCheckingLedger(t));

async function freshTick(symbol: string, price = '100') {
  const second = Math.floor(Date.now() / 1000) * 1000;
  await t.app.db.execute(
    sql`insert into market_ticks (symbol, recorded_at, price, source)
        values (${symbol}, ${new Date(second).toISOString()}::timestamptz, ${price}::numeric, 'simulated')
        on conflict (symbol, recorded_at) do update set price = excluded.price`,
  );
}

async function createTrade(
  headers: Headers,
  tradeAmount: string,
  account?: 'real' | 'practice',
  symbol = 'BTC',
) {
  await freshTick(symbol);
  return t.app.inject({
    method: 'POST',
    url: '/api/createTrade',
    headers: { ...headers, 'idempotency-key': newKey() },
    payload: {
      coinType: `${symbol}USDT`,
      tradeType: 'buy',
      tradeAmount,
      selectedTime: 'trade30Second',
      ...(account === undefined ? {} : { account }),
    },
  });
}

/**
 * Settles the user's open trades at `price` (the entry was 100): below loses a buy. The
 * exit ticks of BTC lie in the future and are deleted afterwards, so that the next trade's
 * entry is a fresh tick again; those trades can then no longer be re-derived, so the one
 * scenario that runs the verifier trades ETH, whose ticks stay.
 */
async function settleAll(userId: string, price: string, symbol = 'BTC') {
  const open = await queryRows<{ expires_at: Date | string }>(
    t.app.db,
    sql`select expires_at from trades where user_id = ${userId}::uuid and status = 'Pending'`,
  );
  let last = 0;
  for (const row of open) {
    const exit = Math.ceil(new Date(row.expires_at).getTime() / 1000) * 1000;
    last = Math.max(last, exit);
    await t.app.db.execute(
      sql`insert into market_ticks (symbol, recorded_at, price, source)
          values (${symbol}, ${new Date(exit).toISOString()}::timestamptz, ${price}::numeric, 'simulated')
          on conflict (symbol, recorded_at) do update set price = excluded.price`,
    );
  }
  const summary = await settleDueTrades(t.app.db, t.app.platformAccounts, last + 1500, {
    userId,
  });
  if (symbol === 'BTC') {
    await t.app.db.execute(
      sql`delete from market_ticks where symbol = 'BTC' and recorded_at > ${new Date().toISOString()}::timestamptz`,
    );
  }
  return summary;
}

async function balances(headers: Headers) {
  const user = (await me(t.app, headers)) as unknown as {
    balance: string;
    onHold: string;
    practiceBalance: string;
    practiceRefillAt: string | null;
  };
  return user;
}

async function listTrades(headers: Headers, query = ''): Promise<TradePage> {
  const res = await t.app.inject({ url: `/api/getUserTrades${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(is(body, TradePage)).toBe(true);
  return body as TradePage;
}

function refill(headers: Headers) {
  return t.app.inject({ method: 'POST', url: '/api/refillPracticeBalance', headers });
}

describe('a new user practises with no deposit, KYC or risk acknowledgement', () => {
  it('places and settles a practice trade; the real wallet does not move', async () => {
    const user = await registerAndLogin(t.app, {}, { unacknowledged: true });
    const before = await balances(user.auth);
    expect(before).toMatchObject({
      balance: '0.000000',
      practiceBalance: '10000.000000',
      practiceRefillAt: null,
    });

    // A real trade needs money and the acknowledgement; a practice one needs neither.
    const real = await createTrade(user.auth, '10', undefined, 'ETH');
    expect(real.statusCode, real.body).toBe(403);
    expect(real.json()).toMatchObject({ code: 'risk_not_acknowledged' });
    const placed = await createTrade(user.auth, '100', 'practice', 'ETH');
    expect(placed.statusCode, placed.body).toBe(201);
    const trade = (placed.json() as { trade: Trade }).trade;
    expect(trade.account).toBe('practice');
    expect(await balances(user.auth)).toMatchObject({
      balance: '0.000000',
      practiceBalance: '9900.000000',
    });

    const summary = await settleAll(user.userId, '101', 'ETH');
    expect(summary.settled).toBe(1);
    const after = await balances(user.auth);
    // A win at the published 80 %: 100 + 80 back.
    expect(after).toMatchObject({ balance: '0.000000', practiceBalance: '10080.000000' });

    const details = await t.app.inject({
      url: `/api/getTradeDetails/${trade._id}`,
      headers: user.auth,
    });
    const settled = (details.json() as { trade: Trade }).trade;
    expect(settled).toMatchObject({ tradeStatus: 'Completed', tradeResult: 'win' });
    expect(settled.receipt?.account).toBe('practice');
    expect(settled.tradeAfterAmount).toBe('180.000000');

    // Lists: practice only where asked for; the real list stays as it was.
    expect((await listTrades(user.auth)).total).toBe(0);
    expect((await listTrades(user.auth, '?account=real&tab=All')).total).toBe(0);
    const practice = await listTrades(user.auth, '?account=practice&tab=Completed');
    expect(practice.trades.map((row) => row._id)).toEqual([trade._id]);
    const bad = await t.app.inject({ url: '/api/getUserTrades?account=demo', headers: user.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'account' });

    // The same checks as real trades: ledger per currency and the independent verifier.
    const ledger = await checkLedger(t.app.db);
    expect(ledger.violations).toEqual([]);
    expect(ledger.practicePostedMicros).toBe(0n);
    const verified = await verifyTrades(t.app.db);
    expect(verified.mismatches).toEqual([]);
    expect(verified.practice).toBeGreaterThanOrEqual(1);
  });

  it('refuses a practice stake above the practice balance and changes nothing', async () => {
    const user = await registerAndLogin(t.app, {}, { unacknowledged: true });
    await fund(t.app, user.userId, 50_000_000_000n);
    // Real money does not pay for practice: the wallet holds 50,000 USDT.
    const res = await createTrade(user.auth, '10000.000001', 'practice');
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await balances(user.auth)).toMatchObject({
      balance: '50000.000000',
      practiceBalance: '10000.000000',
    });
  });

  it('keeps a real answer without the account field (as before practice mode)', async () => {
    const user = await registerAndLogin(t.app);
    await fund(t.app, user.userId, 100_000_000n);
    const res = await createTrade(user.auth, '10', 'real');
    expect(res.statusCode, res.body).toBe(201);
    expect('account' in (res.json() as { trade: Trade }).trade).toBe(false);
    expect(await balances(user.auth)).toMatchObject({
      balance: '90.000000',
      practiceBalance: '10000.000000',
    });
    await settleAll(user.userId, '99');
    expect(await balances(user.auth)).toMatchObject({
      balance: '90.000000',
      practiceBalance: '10000.000000',
    });
  });
});

describe('practice skips the real-trade guards; real trades stay guarded', () => {
  it('passes a stake limit, a loss limit and a time-out that refuse real trades', async () => {
    const user = await registerAndLogin(t.app);
    await fund(t.app, user.userId, 1_000_000_000n);
    const limits = await t.app.inject({
      method: 'PUT',
      url: '/api/updateTradingLimits',
      headers: user.auth,
      payload: { stake: '20', lossDay: '30' },
    });
    expect(limits.statusCode, limits.body).toBe(200);

    expect((await createTrade(user.auth, '25')).json()).toMatchObject({ code: 'stake_limit' });
    expect((await createTrade(user.auth, '25', 'practice')).statusCode).toBe(201);

    // Practice losses far above the loss limit do not count against it.
    expect((await createTrade(user.auth, '500', 'practice')).statusCode).toBe(201);
    await settleAll(user.userId, '99');
    expect((await balances(user.auth)).practiceBalance).toBe('9475.000000');
    const realAfterPracticeLoss = await createTrade(user.auth, '20');
    expect(realAfterPracticeLoss.statusCode, realAfterPracticeLoss.body).toBe(201);
    await settleAll(user.userId, '99');
    // A real loss of 20 leaves 10 of the day's 30: a stake of 20 could lose more.
    expect((await createTrade(user.auth, '20')).json()).toMatchObject({
      code: 'loss_limit_reached',
    });
    expect((await createTrade(user.auth, '20', 'practice')).statusCode).toBe(201);

    const timeout = await t.app.inject({
      method: 'POST',
      url: '/api/startTimeout',
      headers: user.auth,
      payload: { days: 1 },
    });
    expect(timeout.statusCode, timeout.body).toBe(200);
    expect((await createTrade(user.auth, '10')).json()).toMatchObject({ code: 'timed_out' });
    expect((await createTrade(user.auth, '10', 'practice')).statusCode).toBe(201);
    await settleAll(user.userId, '100');
  });
});

describe('POST /api/refillPracticeBalance', () => {
  it('tops up to 10,000 once per UTC day from the faucet, and says when next', async () => {
    const user = await registerAndLogin(t.app);
    const full = await refill(user.auth);
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json()).toMatchObject({ code: 'practice_balance_full' });

    expect((await createTrade(user.auth, '300', 'practice')).statusCode).toBe(201);
    await settleAll(user.userId, '99');
    expect((await balances(user.auth)).practiceBalance).toBe('9700.000000');

    const faucetBefore = await platformBalance(t.app, 'practice_faucet');
    const done = await refill(user.auth);
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json() as PracticeRefill;
    expect(is(body, PracticeRefill)).toBe(true);
    expect(body.practiceBalance).toBe('10000.000000');
    expect(body.refilledAmount).toBe('300.000000');
    const nowMs = Date.now() + clockOffsetMs;
    const midnight = Date.parse(`${new Date(nowMs).toISOString().slice(0, 10)}T00:00:00Z`) + DAY_MS;
    expect(Date.parse(body.nextRefillAt)).toBe(midnight);
    expect(await platformBalance(t.app, 'practice_faucet')).toBe(faucetBefore - 300_000_000n);
    expect((await balances(user.auth)).practiceRefillAt).toBe(body.nextRefillAt);

    expect((await createTrade(user.auth, '40', 'practice')).statusCode).toBe(201);
    await settleAll(user.userId, '99');
    const early = await refill(user.auth);
    expect(early.statusCode, early.body).toBe(429);
    expect(early.json()).toMatchObject({
      code: 'practice_refill_too_early',
      opensAt: body.nextRefillAt,
    });
    expect((await balances(user.auth)).practiceBalance).toBe('9960.000000');

    // The next UTC day: allowed again.
    clockOffsetMs += midnight - nowMs + 1000;
    try {
      expect((await balances(user.auth)).practiceRefillAt).toBeNull();
      const next = await refill(user.auth);
      expect(next.statusCode, next.body).toBe(200);
      expect((next.json() as PracticeRefill).refilledAmount).toBe('40.000000');
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('credits once when refills race (a double click)', async () => {
    const user = await registerAndLogin(t.app);
    expect((await createTrade(user.auth, '1000', 'practice')).statusCode).toBe(201);
    await settleAll(user.userId, '99');
    const answers = await Promise.all(Array.from({ length: 6 }, () => refill(user.auth)));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes, answers.map((res) => res.body).join('\n')).toEqual([
      200, 429, 429, 429, 429, 429,
    ]);
    expect((await balances(user.auth)).practiceBalance).toBe('10000.000000');
    const [entries] = await queryRows<{ n: string }>(
      t.app.db,
      sql`select count(*)::text as n from journal_entries
          where kind = 'practice_refill' and reference_id like ${`${user.userId}/%`}`,
    );
    expect(entries?.n).toBe('1');
  });

  it('refuses a body and an admin (users only)', async () => {
    const user = await registerAndLogin(t.app);
    const withBody = await t.app.inject({
      method: 'POST',
      url: '/api/refillPracticeBalance',
      headers: user.auth,
      payload: { amount: '1000000' },
    });
    expect(withBody.statusCode).toBe(400);
    const admin = await refill(t.admin);
    expect(admin.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/refillPracticeBalance' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('practice and real money never mix', () => {
  it('the database refuses an entry between a practice account and a USDT account', async () => {
    const user = await registerAndLogin(t.app);
    await fund(t.app, user.userId, 10_000_000n);
    const [practice] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id::text as id from ledger_accounts
          where user_id = ${user.userId}::uuid and kind = 'user_practice'`,
    );
    const [wallet] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id::text as id from ledger_accounts
          where user_id = ${user.userId}::uuid and kind = 'user_wallet'`,
    );
    if (!practice || !wallet) throw new Error('accounts missing');
    const attempts = [
      [practice.id, platformShard(t.app.platformAccounts, 'trading_house')],
      [wallet.id, platformShard(t.app.platformAccounts, 'practice_house')],
      [practice.id, wallet.id],
    ] as const;
    for (const [from, to] of attempts) {
      await expect(
        t.app.db.transaction((tx) =>
          postEntry(tx, {
            kind: 'adjustment',
            referenceType: 'test_mix',
            referenceId: newKey(),
            postings: [
              { accountId: from, amountMicros: -1_000_000n },
              { accountId: to, amountMicros: 1_000_000n },
            ],
          }),
        ),
      ).rejects.toThrow();
    }
    expect(await balances(user.auth)).toMatchObject({
      balance: '10.000000',
      practiceBalance: '10000.000000',
    });
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('the database refuses a practice posting in a USDT entry, written around the ledger code', async () => {
    const user = await registerAndLogin(t.app);
    const [practice] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id::text as id from ledger_accounts
          where user_id = ${user.userId}::uuid and kind = 'user_practice'`,
    );
    if (!practice) throw new Error('no practice account');
    // Named as practice money, the posting does not fit its USDT entry; named as USDT, it
    // does not fit its practice account.
    for (const currency of ['PRACTICE', 'USDT']) {
      await expect(
        t.app.db.execute(
          sql`with e as (insert into journal_entries (kind, reference_type, reference_id)
                         values ('adjustment', 'test_raw', ${newKey()}) returning id)
              insert into postings (entry_id, account_id, amount_micros, currency)
              select e.id, ${practice.id}::uuid, 5000000, ${currency} from e`,
        ),
      ).rejects.toThrow();
    }
    expect((await balances(user.auth)).practiceBalance).toBe('10000.000000');
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('an account of the wrong currency for its kind is refused', async () => {
    const user = await registerAndLogin(t.app);
    await expect(
      t.app.db.execute(
        sql`update ledger_accounts set currency = 'USDT'
            where user_id = ${user.userId}::uuid and kind = 'user_practice'`,
      ),
    ).rejects.toThrow();
  });
});

describe('fairness figures count real trades only', () => {
  it('practice trades leave getFairnessStats unchanged', async () => {
    const before = await computeFairnessStats(t.app.db, Date.now() + 60_000);
    const user = await registerAndLogin(t.app);
    expect((await createTrade(user.auth, '100', 'practice')).statusCode).toBe(201);
    expect((await createTrade(user.auth, '200', 'practice')).statusCode).toBe(201);
    await settleAll(user.userId, '99');
    const after = await computeFairnessStats(t.app.db, Date.now() + 60_000);
    expect(after.last30Days).toEqual(before.last30Days);
    expect(after.last90Days).toEqual(before.last90Days);
    // And a real one does count, so the comparison above could fail.
    await fund(t.app, user.userId, 100_000_000n);
    expect((await createTrade(user.auth, '10')).statusCode).toBe(201);
    await settleAll(user.userId, '99');
    const real = await computeFairnessStats(t.app.db, Date.now() + 60_000);
    expect(real.last30Days.settled).toBe(before.last30Days.settled + 1);
  });
});

describe('the migration on a database with existing users', () => {
  it('gives every existing user the starting practice balance from the faucet', async () => {
    const folder = path.resolve('server/db/migrations');
    const journal = JSON.parse(
      fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: Array<{ tag: string }>;
    };
    const at = journal.entries.findIndex((entry) => entry.tag === '0014_practice_mode');
    expect(at).toBeGreaterThan(0);
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-mig-'));
    fs.mkdirSync(path.join(before, 'meta'));
    for (const entry of journal.entries.slice(0, at)) {
      fs.copyFileSync(path.join(folder, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
    }
    fs.writeFileSync(
      path.join(before, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
    );
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      await client.exec(`
        insert into users (id, full_name, username, email, phone_number, password_hash, pay_id)
        values ('11111111-1111-4111-8111-111111111111', 'A', 'a', 'a@x.test', '+1', 'h', '10000001'),
               ('22222222-2222-4222-8222-222222222222', 'B', 'b', 'b@x.test', '+1', 'h', '10000002');
        insert into ledger_accounts (kind, user_id) values
          ('user_wallet', '11111111-1111-4111-8111-111111111111'),
          ('user_wallet', '22222222-2222-4222-8222-222222222222');`);
      await migrate(db, { migrationsFolder: folder });
      const rows = await client.query<{ user_id: string; balance: string; currency: string }>(
        `select user_id, balance_micros::text as balance, currency from ledger_accounts
         where kind = 'user_practice' order by user_id`,
      );
      expect(rows.rows).toEqual([
        {
          user_id: '11111111-1111-4111-8111-111111111111',
          balance: PRACTICE_BALANCE_MICROS.toString(),
          currency: 'PRACTICE',
        },
        {
          user_id: '22222222-2222-4222-8222-222222222222',
          balance: PRACTICE_BALANCE_MICROS.toString(),
          currency: 'PRACTICE',
        },
      ]);
      const faucet = await client.query<{ balance: string }>(
        `select sum(balance_micros)::text as balance from ledger_accounts where kind = 'practice_faucet'`,
      );
      expect(faucet.rows[0]?.balance).toBe((-2n * PRACTICE_BALANCE_MICROS).toString());
      const report = await checkLedger(db as never);
      expect(report.violations).toEqual([]);
      expect(report.practiceBalancesMicros).toBe(2n * PRACTICE_BALANCE_MICROS);
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
