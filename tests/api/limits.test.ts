/**
 * Limits users set on their own real trading (issue 21, part 3) and the risk acknowledgement
 * (part 2): each limit and block refuses at the right moment and not before; raising a limit
 * waits 24 h (the app's clock is moved on); no admin call lifts a time-out or self-exclusion;
 * every change is audited; concurrent trades cannot both pass a loss limit.
 */
import { sql } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUserDetail, TradingLimits } from '../../common/contract';
import { queryRows } from '../../server/db/client';
import { settleDueTrades } from '../../server/jobs/settle-trades';
import {
  closeCheckingLedger,
  createAdminTestApp,
  createMethod,
  fund,
  fundedUser,
  me,
  newKey,
  registerAndLogin,
  uploadScreenshot,
  type AdminTestApp,
  type Headers,
} from './harness';

const HOUR_MS = 3_600_000;
let t: AdminTestApp;
/** Added to the real time by the app's clock (`nowMs`), to stand in for waiting. */
let clockOffsetMs = 0;
let depositMethodId: string;
let withdrawMethodId: string;

beforeAll(async () => {
  t = await createAdminTestApp({}, { nowMs: () => Date.now() + clockOffsetMs });
  await t.app.db.execute(
    sql`insert into coins (symbol, name, sort_order) values ('BTC', 'BTC', 0)`,
  );
  depositMethodId = await createMethod(t.app, t.admin, 'deposit', { maxAmount: '5000' });
  withdrawMethodId = await createMethod(t.app, t.admin, 'withdraw', { maxAmount: '5000' });
});

afterAll(() => closeCheckingLedger(t));

const usdt = (whole: number) => BigInt(Math.round(whole * 1_000_000));

/**
 * The entry tick at 100 (over a settlement's exit tick written in the same second by an
 * earlier scenario: a trade keeps the entry price it was opened at).
 */
async function freshTick(price = '100') {
  const second = Math.floor(Date.now() / 1000) * 1000;
  await t.app.db.execute(
    sql`insert into market_ticks (symbol, recorded_at, price, source)
        values ('BTC', ${new Date(second).toISOString()}::timestamptz, ${price}::numeric, 'simulated')
        on conflict (symbol, recorded_at) do update set price = excluded.price`,
  );
}

async function createTrade(headers: Headers, tradeAmount: string, key = newKey()) {
  await freshTick();
  return t.app.inject({
    method: 'POST',
    url: '/api/createTrade',
    headers: { ...headers, 'idempotency-key': key },
    payload: { coinType: 'BTCUSDT', tradeType: 'buy', tradeAmount, selectedTime: 'trade30Second' },
  });
}

async function createDeposit(headers: Headers, amount: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/createDeposit',
    headers: { ...headers, 'idempotency-key': newKey() },
    payload: {
      gatWay: depositMethodId,
      amount,
      coinConversion: amount,
      transactionScreenshot: await uploadScreenshot(t.app, headers),
    },
  });
}

function updateLimits(headers: Headers, payload: object) {
  return t.app.inject({ method: 'PUT', url: '/api/updateTradingLimits', headers, payload });
}

async function getLimits(headers: Headers): Promise<TradingLimits> {
  const res = await t.app.inject({ url: '/api/getTradingLimits', headers });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(is(body, TradingLimits)).toBe(true);
  return body as TradingLimits;
}

/** Settles the user's open trades at `price` (the entry was 100): below loses a buy. */
async function settleAll(userId: string, price: string) {
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
          values ('BTC', ${new Date(exit).toISOString()}::timestamptz, ${price}::numeric, 'simulated')
          on conflict (symbol, recorded_at) do update set price = excluded.price`,
    );
  }
  await settleDueTrades(t.app.db, t.app.platformAccounts, last + 1500, { userId });
  // The exit ticks lie in the future: gone, so the next trade's entry is a fresh tick again.
  await t.app.db.execute(
    sql`delete from market_ticks where symbol = 'BTC' and recorded_at > ${new Date().toISOString()}::timestamptz`,
  );
}

async function auditActions(userId: string): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(
    t.app.db,
    sql`select action from audit_log where target_id = ${userId} and actor_id = ${userId}::uuid
        order by created_at, id`,
  );
  return rows.map((r) => r.action);
}

function nextUtcMidnight(nowMs: number): string {
  return new Date(Math.floor(nowMs / 86_400_000) * 86_400_000 + 86_400_000).toISOString();
}

describe('the risk acknowledgement', () => {
  it('refuses a first real trade until acknowledged, once, with its time audited', async () => {
    const user = await registerAndLogin(t.app, {}, { unacknowledged: true });
    await t.app.inject({ method: 'GET', url: '/api/getUserById', headers: user.auth });

    await fund(t.app, user.userId, usdt(100));
    const refused = await createTrade(user.auth, '10');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'risk_not_acknowledged' });
    expect(refused.json().error).toMatch(/acknowledge/);
    expect(await me(t.app, user.auth)).toMatchObject({ balance: '100.000000', onHold: '0.000000' });
    expect((await getLimits(user.auth)).riskAcknowledgedAt).toBeNull();
    // The body can name nobody: the call acknowledges for the caller only.
    const named = await t.app.inject({
      method: 'POST',
      url: '/api/acknowledgeTradingRisk',
      headers: user.auth,
      payload: { userId: user.userId },
    });
    expect(named.statusCode).toBe(400);

    const ack = await t.app.inject({
      method: 'POST',
      url: '/api/acknowledgeTradingRisk',
      headers: user.auth,
    });
    expect(ack.statusCode).toBe(200);
    const at = ack.json().riskAcknowledgedAt as string;
    expect(Math.abs(Date.parse(at) - Date.now())).toBeLessThan(60_000);
    // A second acknowledgement keeps the first time and writes no second audit row.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/acknowledgeTradingRisk',
      headers: user.auth,
    });
    expect(again.json().riskAcknowledgedAt).toBe(at);
    expect(await auditActions(user.userId)).toEqual(['trading_risk.acknowledged']);
    expect((await createTrade(user.auth, '10')).statusCode).toBe(201);
  });
});

describe('the stake limit', () => {
  it('refuses a stake above it, not one equal to it; lowering applies at once', async () => {
    const user = await fundedUser(t.app, usdt(100));
    const set = await updateLimits(user.auth, { stake: '20' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().limits.stake).toMatchObject({ value: '20.000000', pending: null });
    expect((await createTrade(user.auth, '20')).statusCode).toBe(201);
    const over = await createTrade(user.auth, '20.000001');
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ code: 'stake_limit' });
    expect(over.json().error).toContain('20.00 USDT');
    expect((await updateLimits(user.auth, { stake: '15' })).json().limits.stake.value).toBe(
      '15.000000',
    );
    expect((await createTrade(user.auth, '16')).json().code).toBe('stake_limit');
    expect((await createTrade(user.auth, '15')).statusCode).toBe(201);
  });

  it('refuses limits that are not positive amounts, and an empty change', async () => {
    const user = await registerAndLogin(t.app);
    for (const stake of ['0', '-1', '1.0000001', 'abc']) {
      const res = await updateLimits(user.auth, { stake });
      expect(res.statusCode, stake).toBe(400);
      expect(res.json().field).toBe('stake');
    }
    expect((await updateLimits(user.auth, {})).statusCode).toBe(400);
    expect((await updateLimits(user.auth, { sessionReminderMinutes: 20 })).statusCode).toBe(400);
    expect((await updateLimits(user.auth, { balance: '1' })).statusCode).toBe(400);
  });
});

describe('raising or removing a limit waits 24 h', () => {
  it('keeps the old limit until 24 h after the request, then applies the raise', async () => {
    const user = await fundedUser(t.app, usdt(100));
    await updateLimits(user.auth, { stake: '10' });
    const raised = await updateLimits(user.auth, { stake: '50' });
    const requestedAt = Date.now();
    expect(raised.statusCode).toBe(200);
    const { stake } = raised.json().limits;
    expect(stake.value).toBe('10.000000');
    expect(stake.pending.value).toBe('50.000000');
    const effectiveAt = Date.parse(stake.pending.effectiveAt);
    expect(effectiveAt - requestedAt).toBeGreaterThan(24 * HOUR_MS - 60_000);
    expect(effectiveAt - requestedAt).toBeLessThanOrEqual(24 * HOUR_MS);
    try {
      clockOffsetMs = 23 * HOUR_MS;
      expect((await createTrade(user.auth, '20')).json().code).toBe('stake_limit');
      clockOffsetMs = 24 * HOUR_MS + 1000;
      expect((await getLimits(user.auth)).limits.stake).toMatchObject({
        value: '50.000000',
        pending: null,
      });
      expect((await createTrade(user.auth, '20')).statusCode).toBe(201);
      // Removing waits too; lowering again in the meantime cancels the removal.
      const removed = await updateLimits(user.auth, { stake: null });
      expect(removed.json().limits.stake).toMatchObject({
        value: '50.000000',
        pending: { value: null },
      });
      const lowered = await updateLimits(user.auth, { stake: '30' });
      expect(lowered.json().limits.stake).toMatchObject({ value: '30.000000', pending: null });
    } finally {
      clockOffsetMs = 0;
    }
  });
});

describe('the loss limits', () => {
  it('count realised losses and every open stake, refusing exactly past the limit', async () => {
    const user = await fundedUser(t.app, usdt(300));
    await updateLimits(user.auth, { lossDay: '60', lossWeek: '1000' });
    expect((await createTrade(user.auth, '40')).statusCode).toBe(201);
    // 40 open + 20 = 60: at the limit, allowed.
    expect((await createTrade(user.auth, '20')).statusCode).toBe(201);
    const over = await createTrade(user.auth, '10');
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ code: 'loss_limit_reached' });
    expect(over.json().until).toBe(nextUtcMidnight(Date.now()));
    expect(over.json().error).toContain(over.json().until);
    const limits = await getLimits(user.auth);
    expect(limits.limits.lossDay).toMatchObject({ value: '60.000000', used: '60.000000' });
    expect(limits.limits.lossDay.resetsAt).toBe(nextUtcMidnight(Date.now()));

    // Both end where they started (a draw): nothing lost, the stakes are free again.
    await settleAll(user.userId, '100');
    expect((await getLimits(user.auth)).limits.lossDay.used).toBe('0.000000');
    expect((await createTrade(user.auth, '50')).statusCode).toBe(201);
    // Now it loses: 50 lost; 10 more reach the 60, a micro-USDT more does not.
    await settleAll(user.userId, '99');
    expect((await getLimits(user.auth)).limits.lossDay.used).toBe('50.000000');
    expect((await createTrade(user.auth, '10.000001')).json().code).toBe('loss_limit_reached');
    expect((await createTrade(user.auth, '10')).statusCode).toBe(201);
  });

  it('lets two concurrent trades pass the limit only once', async () => {
    const user = await fundedUser(t.app, usdt(500));
    await updateLimits(user.auth, { lossMonth: '50' });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => createTrade(user.auth, '30')),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 403, 403, 403, 403, 403]);
    expect(results.filter((r) => r.statusCode === 403).map((r) => r.json().code)).toEqual(
      Array(5).fill('loss_limit_reached'),
    );
    expect(await me(t.app, user.auth)).toMatchObject({ onHold: '30.000000' });
  });
});

describe('the session result', () => {
  it('sums the settled trades opened since the session started, signed', async () => {
    const user = await fundedUser(t.app, usdt(100));
    const since = new Date(Date.now() - 1000).toISOString();
    expect((await createTrade(user.auth, '10')).statusCode).toBe(201);
    await settleAll(user.userId, '99');
    expect((await createTrade(user.auth, '20')).statusCode).toBe(201);
    const res = await t.app.inject({
      url: `/api/getSessionResult?since=${encodeURIComponent(since)}`,
      headers: user.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The 10 lost; the open 20 is not a result yet.
    expect(res.json()).toMatchObject({ net: '-10.000000', settledTrades: 1, since });
    const later = await t.app.inject({
      url: `/api/getSessionResult?since=${encodeURIComponent(new Date().toISOString())}`,
      headers: user.auth,
    });
    expect(later.json()).toMatchObject({ net: '0.000000', settledTrades: 0 });
    const bad = await t.app.inject({
      url: '/api/getSessionResult?since=yesterday',
      headers: user.auth,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the daily deposit limit', () => {
  it('counts today’s pending and credited requests, not rejected ones', async () => {
    const user = await registerAndLogin(t.app);
    await updateLimits(user.auth, { depositDay: '100' });
    expect((await createDeposit(user.auth, '60')).statusCode).toBe(201);
    const over = await createDeposit(user.auth, '50');
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      code: 'deposit_limit_reached',
      until: nextUtcMidnight(Date.now()),
    });
    const exact = await createDeposit(user.auth, '40');
    expect(exact.statusCode).toBe(201);
    // Rejecting one frees its amount.
    const id = exact.json().deposit._id as string;
    const rejected = await t.app.inject({
      method: 'PUT',
      url: `/api/updateDeposit/${id}`,
      headers: t.admin,
      payload: { id, status: 'Rejected', reason: 'No such transaction' },
    });
    expect(rejected.statusCode).toBe(200);
    expect((await getLimits(user.auth)).limits.depositDay.used).toBe('60.000000');
    expect((await createDeposit(user.auth, '40')).statusCode).toBe(201);
  });
});

describe('time-out and self-exclusion', () => {
  it('validate their lengths', async () => {
    const user = await registerAndLogin(t.app);
    for (const days of [0, 43, 1.5]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/startTimeout',
        headers: user.auth,
        payload: { days },
      });
      expect(res.statusCode, String(days)).toBe(400);
    }
    for (const months of [5, 61]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/selfExclude',
        headers: user.auth,
        payload: { months },
      });
      expect(res.statusCode, String(months)).toBe(400);
    }
    expect((await getLimits(user.auth)).block).toBeNull();
  });

  it('block trades and deposits until they end, never withdrawals; no admin call lifts them', async () => {
    const user = await fundedUser(t.app, usdt(100));
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/startTimeout',
      headers: user.auth,
      payload: { days: 2 },
    });
    expect(started.statusCode, started.body).toBe(200);
    const until = started.json().block.until as string;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(48 * HOUR_MS - 60_000);
    const trade = await createTrade(user.auth, '10');
    expect(trade.statusCode).toBe(403);
    expect(trade.json()).toMatchObject({ code: 'timed_out', until });
    expect((await createDeposit(user.auth, '20')).json()).toMatchObject({ code: 'timed_out' });
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: '/api/createWithdraw',
      headers: { ...user.auth, 'idempotency-key': newKey() },
      payload: {
        gatWay: withdrawMethodId,
        paymentAddress: 'TXyzUserAddress123',
        amount: '40',
        needToPay: '39',
        charge: '2.5',
        coinConversion: '39',
      },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);

    // Refused again while active; a self-exclusion may follow a time-out, not the reverse.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/startTimeout',
      headers: user.auth,
      payload: { days: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_blocked', until });
    const excluded = await t.app.inject({
      method: 'POST',
      url: '/api/selfExclude',
      headers: user.auth,
      payload: { months: 6 },
    });
    expect(excluded.statusCode).toBe(200);
    const excludedUntil = excluded.json().block.until as string;
    expect(excluded.json().block.kind).toBe('self_exclusion');
    expect((await createTrade(user.auth, '10')).json()).toMatchObject({
      code: 'self_excluded',
      until: excludedUntil,
    });
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/selfExclude',
      headers: user.auth,
      payload: { months: 6 },
    });
    expect(twice.statusCode).toBe(409);

    // Admin calls on the user change nothing of it.
    const flags = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.userId}/flags`,
      headers: t.admin,
      payload: { disabled: false, tradingAllowed: true, withdrawalsAllowed: true },
    });
    expect(flags.statusCode, flags.body).toBe(200);
    const password = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.userId}/password`,
      headers: t.admin,
      payload: { password: 'Fresh-Harbor-2026' },
    });
    expect([200, 202]).toContain(password.statusCode);
    expect(
      t.app.apiRoutes.some(
        (route: { url: string }) =>
          /timeout|exclu|block/i.test(route.url) && !/startTimeout|selfExclude/.test(route.url),
      ),
    ).toBe(false);
    // The console shows them, read-only.
    const detail = await t.app.inject({ url: `/api/admin/users/${user.userId}`, headers: t.admin });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(is(detail.json(), AdminUserDetail)).toBe(true);
    expect(
      detail.json().blocks.map((b: { kind: string; until: string }) => [b.kind, b.until]),
    ).toEqual([
      ['self_exclusion', excludedUntil],
      ['timeout', until],
    ]);
    expect(detail.json().user.riskAcknowledgedAt).not.toBeNull();
    // The database itself refuses to end one early.
    await expect(
      t.app.db.execute(sql`delete from user_blocks where user_id = ${user.userId}::uuid`),
    ).rejects.toThrow();
    await expect(
      t.app.db.execute(
        sql`update user_blocks set until = now() where user_id = ${user.userId}::uuid`,
      ),
    ).rejects.toThrow();

    // Past the time-out's end the self-exclusion still blocks; past both, trading resumes.
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        email: user.body.email,
        password: password.statusCode === 200 ? 'Fresh-Harbor-2026' : user.body.password,
      },
    });
    const auth =
      relogin.statusCode === 200
        ? { authorization: `Bearer ${relogin.json().token as string}` }
        : user.auth;
    try {
      clockOffsetMs = 3 * 24 * HOUR_MS;
      expect((await createTrade(auth, '10')).json().code).toBe('self_excluded');
      clockOffsetMs = Date.parse(excludedUntil) - Date.now() + 1000;
      expect((await createTrade(auth, '10')).statusCode).toBe(201);
    } finally {
      clockOffsetMs = 0;
    }
    expect(await auditActions(user.userId)).toEqual(
      expect.arrayContaining(['limits.timeout_started', 'limits.self_excluded']),
    );
  });
});

describe('audit', () => {
  it('records every change of limits with before and after', async () => {
    const user = await registerAndLogin(t.app);
    await updateLimits(user.auth, { lossDay: '25', sessionReminderMinutes: 30 });
    const [row] = await queryRows<{ before: unknown; after: unknown }>(
      t.app.db,
      sql`select before, after from audit_log
          where action = 'limits.updated' and actor_id = ${user.userId}::uuid`,
    );
    expect(row?.before).toEqual({
      lossDay: { value: null, pending: null },
      sessionReminderMinutes: null,
    });
    expect(row?.after).toEqual({
      lossDay: { value: '25.000000', pending: null },
      sessionReminderMinutes: 30,
    });
    expect((await getLimits(user.auth)).sessionReminderMinutes).toBe(30);
  });
});
