/**
 * The console's users, coins and admins through the API: search and a user's page, the
 * profile edit and account flags, balance adjustments (the only way an admin moves money),
 * password resets, the read-only "view as user" session, coin management and new admins.
 * Every change is audited; no admin call can set a trade's outcome or write a balance.
 */
import { sql } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminAccountList,
  AdminAdjustmentRequest,
  AdminAdjustmentResponse,
  AdminMethods,
  AdminSiteSettings,
  AdminCoinList,
  AdminUpdateUserRequest,
  AdminUserDetail,
  AdminUserFlagsRequest,
  AdminUserList,
  ImpersonationResponse,
} from '../../common/contract';
import { queryRows } from '../../server/db/client';
import { walletAccountId } from '../../server/ledger/accounts';
import { checkLedger } from '../../server/ledger/check';
import {
  accountBalance,
  closeCheckingLedger,
  createAdminTestApp,
  createMethod,
  fund,
  fundedUser,
  me,
  newKey,
  platformBalance,
  registerAndLogin,
  TEST_ADMIN,
  type AdminTestApp,
} from './harness';

let t: AdminTestApp;
let admin: Record<string, string>;
let adminId: string;
let withdrawMethodId: string;

const usdt = (whole: number) => BigInt(Math.round(whole * 1_000_000));
const ZERO_ID = '00000000-0000-0000-0000-000000000000';
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, ZERO_ID);

beforeAll(async () => {
  t = await createAdminTestApp();
  admin = t.admin;
  adminId = (await me(t.app, admin))._id;
  withdrawMethodId = await createMethod(t.app, admin, 'withdraw', {
    maxAmount: '5000',
    charge: '0',
  });
});

afterAll(() => closeCheckingLedger(t));

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
function call(
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = admin,
) {
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

async function auditRows(action: string, targetId?: string) {
  return queryRows<{
    actor_id: string;
    target_id: string | null;
    before: unknown;
    after: unknown;
    reason: string | null;
  }>(
    t.app.db,
    sql`select actor_id::text as actor_id, target_id, before, after, reason from audit_log
        where action = ${action} ${targetId ? sql`and target_id = ${targetId}` : sql``}
        order by id`,
  );
}

function withdraw(headers: Record<string, string>, amount: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/createWithdraw',
    headers: { ...headers, 'idempotency-key': newKey() },
    payload: { gatWay: withdrawMethodId, paymentAddress: 'TXyzUserAddress123', amount },
  });
}

function adjust(userId: string, payload: object, key: string | null = newKey()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/adjustments`,
    headers: key === null ? admin : { ...admin, 'idempotency-key': key },
    payload,
  });
}

async function freshTick(symbol: string, price: string) {
  const at = Math.floor(Date.now() / 1000) * 1000;
  await t.app.db.execute(
    sql`insert into market_ticks (symbol, recorded_at, price, source)
        values (${symbol}, ${new Date(at).toISOString()}::timestamptz, ${price}::numeric, 'simulated')
        on conflict (symbol, recorded_at) do nothing`,
  );
}

function createTrade(headers: Record<string, string>, coinType: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/createTrade',
    headers: { ...headers, 'idempotency-key': newKey() },
    payload: { coinType, tradeType: 'buy', tradeAmount: '20', selectedTime: 'trade5Min' },
  });
}

describe('users: search and detail', () => {
  it('finds users by email, username or Pay ID, case-insensitively, 20 per page', async () => {
    const tag = `srch${Date.now().toString(36)}`;
    const a = await registerAndLogin(t.app, {
      username: `${tag}_alpha`,
      email: `${tag}.alpha@example.com`,
    });
    await registerAndLogin(t.app, { username: `${tag}_beta`, email: `${tag}.beta@example.com` });
    await fund(t.app, a.userId, usdt(12.5));

    const byEmail = await call('GET', `/api/admin/users?q=${tag.toUpperCase()}.ALPHA@`);
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    const list = byEmail.json();
    expect(is(list, AdminUserList)).toBe(true);
    expect(list.total).toBe(1);
    expect(list.users[0]).toMatchObject({
      _id: a.userId,
      balance: '12.500000',
      onHold: '0.000000',
      disabled: false,
      tradingAllowed: true,
      withdrawalsAllowed: true,
    });

    const byUsername = (await call('GET', `/api/admin/users?q=${tag}_`)).json();
    expect(byUsername.total).toBe(2);
    const byPayId = (await call('GET', `/api/admin/users?q=${a.payId}`)).json();
    expect(byPayId.users.map((u: { _id: string }) => u._id)).toContain(a.userId);
    // LIKE wildcards are literal: "%" matches nothing here.
    expect((await call('GET', '/api/admin/users?q=%25')).json().total).toBe(0);

    // Enough accounts for two pages, made directly (hashing 21 passwords would be slow).
    await t.app.db.execute(
      sql`insert into users (full_name, username, email, phone_number, password_hash, pay_id)
          select 'Filler', 'filler_' || i, 'filler' || i || '@example.com', '+14155550123', 'x',
                 (90000000 + i)::text
          from generate_series(1, 21) as i`,
    );
    const page1 = (await call('GET', '/api/admin/users')).json();
    expect(page1.users).toHaveLength(20);
    expect(page1.pageSize).toBe(20);
    expect(page1.total).toBeGreaterThanOrEqual(23);
    const page2 = (await call('GET', '/api/admin/users?page=2')).json();
    expect(page2.users.length).toBeGreaterThan(0);
    expect(page2.users[0]._id).not.toBe(page1.users[0]._id);
    // Admins are not listed as users.
    expect(page1.users.every((u: { role: string }) => u.role === 'user')).toBe(true);

    expect((await call('GET', '/api/admin/users?page=0')).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/users?page=x')).statusCode).toBe(400);
    expect((await call('GET', `/api/admin/users?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
  });

  it("a user's page has the profile, flags, money and bounded recent lists", async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    await fund(t.app, a.userId, usdt(100));
    expect((await withdraw(a.auth, '30')).statusCode).toBe(201);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/createTransfer',
      headers: { ...a.auth, 'idempotency-key': newKey() },
      payload: { amount: '10', receivePId: b.payId },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    const res = await call('GET', `/api/admin/users/${a.userId}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(is(detail, AdminUserDetail)).toBe(true);
    expect(detail.user).toMatchObject({
      _id: a.userId,
      email: a.body.email,
      payId: a.payId,
      onHold: '30.000000',
      balance: '60.000000',
      appNotice: null,
      disabledAt: null,
    });
    expect(detail.user.lastLoginDate).not.toBeNull();
    expect(detail.withdrawals).toHaveLength(1);
    expect(detail.withdrawals[0]).toMatchObject({ amount: '30.000000', status: 'Pending' });
    expect(detail.transfers).toHaveLength(1);
    expect(detail.transfers[0]).toMatchObject({ direction: 'sent', counterpartyPayId: b.payId });
    expect(detail.ledger.map((l: { kind: string; amount: string }) => l.amount)).toEqual(
      expect.arrayContaining(['100.000000']),
    );
    expect(detail.ledger[0].kind).toBeTypeOf('string');
    expect(detail.trades).toEqual([]);
    expect(detail.deposits).toEqual([]);
    expect(detail.kyc).toEqual([]);

    const other = (await call('GET', `/api/admin/users/${b.userId}`)).json();
    expect(other.transfers[0]).toMatchObject({ direction: 'received', counterpartyPayId: a.payId });

    expect((await call('GET', `/api/admin/users/${ZERO_ID}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/users/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('PUT /api/updateUser', () => {
  it('validates every field and refuses anything it does not own', async () => {
    const a = await registerAndLogin(t.app);
    const taken = await registerAndLogin(t.app);
    const valid = {
      id: a.userId,
      fullName: 'New Name',
      username: a.body.username,
      email: a.body.email,
      phoneNumber: '+14155550199',
    };
    const cases: [string, object, number, Record<string, string>][] = [
      ['empty full name', { fullName: '  ' }, 400, { fieldCode: 'fullNameRequired' }],
      ['long full name', { fullName: 'x'.repeat(101) }, 400, { fieldCode: 'fullNameTooLong' }],
      ['short username', { username: 'ab' }, 400, { fieldCode: 'usernameLength' }],
      ['username chars', { username: 'bad name!' }, 400, { fieldCode: 'usernameChars' }],
      ['bad email', { email: 'not-an-email' }, 400, { fieldCode: 'emailInvalid' }],
      ['bad phone', { phoneNumber: 'call me' }, 400, { fieldCode: 'phoneInvalid' }],
      ['long notice', { appNotice: 'n'.repeat(1001) }, 400, { field: 'appNotice' }],
      ['balance', { balance: '1000000' }, 400, { code: 'unknown_field' }],
      ['role', { role: 'admin' }, 400, { code: 'unknown_field' }],
      ['payId', { payId: '12345678' }, 400, { code: 'unknown_field' }],
      ['flags', { disabled: true }, 400, { code: 'unknown_field' }],
      ['isVerified', { isVerified: true }, 400, { code: 'unknown_field' }],
      [
        'email taken',
        { email: taken.body.email.toUpperCase() },
        409,
        { code: 'email_taken', field: 'email' },
      ],
      [
        'username taken',
        { username: taken.body.username.toUpperCase() },
        409,
        { code: 'username_taken', field: 'username' },
      ],
      ['unknown user', { id: ZERO_ID }, 404, { code: 'not_found' }],
      ['an admin', { id: adminId }, 404, { code: 'not_found' }],
      ['missing id', { id: undefined }, 400, { code: 'invalid_body' }],
    ];
    for (const [name, change, status, body] of cases) {
      const res = await call('PUT', '/api/updateUser', { ...valid, ...change });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json(), name).toMatchObject(body);
    }
    // Nothing changed, and nothing was audited.
    const unchanged = await me(t.app, a.auth);
    expect(unchanged).toMatchObject({ fullName: 'Test Person', balance: '0.000000' });
    expect(await auditRows('user.updated', a.userId)).toHaveLength(0);
  });

  it('updates the profile and the personal notice, audited with before and after', async () => {
    const a = await registerAndLogin(t.app);
    const res = await call('PUT', '/api/updateUser', {
      id: a.userId,
      fullName: '  Ada Lovelace ',
      username: `${a.body.username}x`,
      email: `X${a.body.email}`,
      phoneNumber: '+44 20 7946 0958',
      appNotice: 'Please call support about your deposit.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      fullName: 'Ada Lovelace',
      username: `${a.body.username}x`,
      email: `x${a.body.email}`,
    });
    const seen = await t.app.inject({ url: '/api/getUserById', headers: a.auth });
    expect(seen.json().user.appNotice).toBe('Please call support about your deposit.');

    const [audit] = await auditRows('user.updated', a.userId);
    expect(audit).toMatchObject({
      actor_id: adminId,
      before: { fullName: 'Test Person', email: a.body.email, appNotice: null },
      after: { fullName: 'Ada Lovelace', appNotice: 'Please call support about your deposit.' },
    });

    // Absent notice: unchanged; null clears it.
    const edited = {
      id: a.userId,
      fullName: 'Ada King',
      username: `${a.body.username}x`,
      email: `x${a.body.email}`,
      phoneNumber: '+44 20 7946 0958',
    };
    const keep = await call('PUT', '/api/updateUser', edited);
    expect(keep.statusCode).toBe(200);
    expect((await me(t.app, a.auth)) as unknown).toMatchObject({
      fullName: 'Ada King',
      appNotice: 'Please call support about your deposit.',
    });
    const clear = await call('PUT', '/api/updateUser', { ...edited, appNotice: null });
    expect(clear.statusCode).toBe(200);
    expect(((await me(t.app, a.auth)) as unknown as { appNotice: unknown }).appNotice).toBeNull();
    expect(await auditRows('user.updated', a.userId)).toHaveLength(3);
  });
});

describe('account flags', () => {
  it('stops and allows trading and withdrawals with their own codes', async () => {
    const a = await fundedUser(t.app, usdt(100));
    const stop = await call('PUT', `/api/admin/users/${a.userId}/flags`, {
      tradingAllowed: false,
      withdrawalsAllowed: false,
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().user).toMatchObject({ tradingAllowed: false, withdrawalsAllowed: false });

    const trade = await createTrade(a.auth, 'BTCUSDT');
    expect(trade.statusCode).toBe(403);
    expect(trade.json()).toMatchObject({
      code: 'trading_not_allowed',
      error: 'Trading is not allowed on this account. Please contact support.',
    });
    const w = await withdraw(a.auth, '20');
    expect(w.statusCode).toBe(403);
    expect(w.json()).toMatchObject({
      code: 'withdrawals_not_allowed',
      error: 'Withdrawals are not allowed on this account. Please contact support.',
    });
    expect(await me(t.app, a.auth)).toMatchObject({ balance: '100.000000', onHold: '0.000000' });

    const allow = await call('PUT', `/api/admin/users/${a.userId}/flags`, {
      tradingAllowed: true,
      withdrawalsAllowed: true,
    });
    expect(allow.statusCode).toBe(200);
    expect((await withdraw(a.auth, '20')).statusCode).toBe(201);
    const again = await createTrade(a.auth, 'BTCUSDT');
    expect(again.json().code).not.toBe('trading_not_allowed');

    const audits = await auditRows('user.flags_changed', a.userId);
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      before: { disabled: false, tradingAllowed: true, withdrawalsAllowed: true },
      after: { disabled: false, tradingAllowed: false, withdrawalsAllowed: false },
    });
  });

  it("disabling ends the user's sessions and sign-ins; enabling lets them back", async () => {
    const a = await registerAndLogin(t.app);
    const res = await call('PUT', `/api/admin/users/${a.userId}/flags`, { disabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.disabled).toBe(true);
    expect((await t.app.inject({ url: '/api/getUserById', headers: a.auth })).statusCode).toBe(401);
    const [row] = await queryRows<{ n: string }>(
      t.app.db,
      sql`select count(*)::text as n from sessions where user_id = ${a.userId}::uuid`,
    );
    expect(row?.n).toBe('0');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: a.body.email, password: a.body.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('account_disabled');

    expect(
      (await call('PUT', `/api/admin/users/${a.userId}/flags`, { disabled: false })).statusCode,
    ).toBe(200);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: a.body.email, password: a.body.password },
    });
    expect(back.statusCode).toBe(200);
  });

  it('refuses an empty or foreign body and unknown users', async () => {
    const a = await registerAndLogin(t.app);
    expect((await call('PUT', `/api/admin/users/${a.userId}/flags`, {})).statusCode).toBe(400);
    const foreign = await call('PUT', `/api/admin/users/${a.userId}/flags`, { role: 'admin' });
    expect(foreign.json().code).toBe('unknown_field');
    const missing = await call('PUT', `/api/admin/users/${ZERO_ID}/flags`, { disabled: true });
    expect(missing.statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/admin/users/${adminId}/flags`, { disabled: true })).statusCode,
    ).toBe(404);
  });
});

describe('balance adjustments', () => {
  it('posts an exact, balanced ledger entry with its reason, audited', async () => {
    const a = await registerAndLogin(t.app);
    const wallet = await walletAccountId(t.app.db, a.userId);
    const clearingBefore = await platformBalance(t.app, 'deposit_clearing');
    const res = await adjust(a.userId, {
      amount: '25.123456',
      reason: 'Goodwill credit, ticket #4411',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(is(body, AdminAdjustmentResponse)).toBe(true);
    expect(body.adjustment).toMatchObject({
      userId: a.userId,
      amount: '25.123456',
      reason: 'Goodwill credit, ticket #4411',
      balanceBefore: '0.000000',
      balanceAfter: '25.123456',
    });
    expect(await accountBalance(t.app, wallet)).toBe(25_123_456n);
    expect(await platformBalance(t.app, 'deposit_clearing')).toBe(clearingBefore - 25_123_456n);

    const debit = await adjust(a.userId, { amount: '-5.000001', reason: 'Duplicate credit' });
    expect(debit.statusCode, debit.body).toBe(201);
    expect(await accountBalance(t.app, wallet)).toBe(20_123_455n);

    const entries = await queryRows<{ kind: string; memo: string; sum: string }>(
      t.app.db,
      sql`select e.kind, e.memo, sum(p.amount_micros)::text as sum
          from journal_entries e join postings p on p.entry_id = e.id
          where e.reference_type = 'admin_adjustment' and e.reference_id = ${body.adjustment._id}
          group by e.id`,
    );
    expect(entries).toEqual([
      { kind: 'adjustment', memo: 'Goodwill credit, ticket #4411', sum: '0' },
    ]);

    const audits = await auditRows('user.balance_adjusted', a.userId);
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      actor_id: adminId,
      reason: 'Goodwill credit, ticket #4411',
      before: { balance: '0.000000' },
      after: { balance: '25.123456', amount: '25.123456' },
    });
    const detail = (await call('GET', `/api/admin/users/${a.userId}`)).json();
    expect(detail.ledger[0]).toMatchObject({ kind: 'adjustment', amount: '-5.000001' });
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('refuses bad amounts, missing reasons and a missing key, changing nothing', async () => {
    const a = await registerAndLogin(t.app);
    const wallet = await walletAccountId(t.app.db, a.userId);
    const bad: [object, string][] = [
      [{ amount: '0', reason: 'zero' }, 'amount'],
      [{ amount: '-0', reason: 'zero' }, 'amount'],
      [{ amount: '1.1234567', reason: 'too precise' }, 'amount'],
      [{ amount: '1e3', reason: 'exponent' }, 'amount'],
      [{ amount: 'NaN', reason: 'nan' }, 'amount'],
      [{ amount: '--5', reason: 'double minus' }, 'amount'],
      [{ amount: '1000000.000001', reason: 'too large' }, 'amount'],
      [{ amount: 10, reason: 'a number' }, 'amount'],
      [{ amount: '10' }, 'reason'],
      [{ amount: '10', reason: '  ab ' }, 'reason'],
      [{ amount: '10', reason: 'r'.repeat(501) }, 'reason'],
      [{ amount: '10', reason: 'fine reason', balance: '10' }, 'balance'],
    ];
    for (const [payload, field] of bad) {
      const res = await adjust(a.userId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field, JSON.stringify(payload)).toBe(field);
    }
    const noKey = await adjust(a.userId, { amount: '10', reason: 'no key' }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().code).toBe('idempotency_key_required');
    expect((await adjust(ZERO_ID, { amount: '10', reason: 'nobody' })).statusCode).toBe(404);
    expect((await adjust(adminId, { amount: '10', reason: 'an admin' })).statusCode).toBe(404);
    expect(await accountBalance(t.app, wallet)).toBe(0n);
    expect(await auditRows('user.balance_adjusted', a.userId)).toHaveLength(0);
  });

  it('never takes the wallet below its held amount', async () => {
    const a = await fundedUser(t.app, usdt(100));
    expect((await withdraw(a.auth, '40')).statusCode).toBe(201);
    const below = await adjust(a.userId, { amount: '-60.000001', reason: 'Too much' });
    expect(below.statusCode).toBe(422);
    expect(below.json().code).toBe('insufficient_funds');
    const negative = await adjust(a.userId, { amount: '-100.000001', reason: 'Below zero' });
    expect(negative.statusCode).toBe(422);
    expect(await me(t.app, a.auth)).toMatchObject({ balance: '60.000000', onHold: '40.000000' });
    const exact = await adjust(a.userId, { amount: '-60', reason: 'Clawback of a bonus' });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(await me(t.app, a.auth)).toMatchObject({ balance: '0.000000', onHold: '40.000000' });
  });

  it('applies once per Idempotency-Key and refuses the key for another change', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const key = newKey();
    const payload = { amount: '7.5', reason: 'Promotion credit' };
    const first = await adjust(a.userId, payload, key);
    expect(first.statusCode).toBe(201);
    const replay = await adjust(a.userId, payload, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect((await me(t.app, a.auth)).balance).toBe('7.500000');

    const otherUser = await adjust(b.userId, payload, key);
    expect(otherUser.statusCode).toBe(422);
    expect(otherUser.json().code).toBe('idempotency_conflict');
    const otherBody = await adjust(a.userId, { amount: '8', reason: 'Promotion credit' }, key);
    expect(otherBody.statusCode).toBe(422);
    expect((await me(t.app, b.auth)).balance).toBe('0.000000');
    expect(await auditRows('user.balance_adjusted', a.userId)).toHaveLength(1);
    expect(is(payload, AdminAdjustmentRequest)).toBe(true);
  });
});

describe('password reset', () => {
  it("sets the password under the shared rules and revokes the user's sessions", async () => {
    const a = await registerAndLogin(t.app);
    const url = `/api/admin/users/${a.userId}/password`;
    const weak = await call('POST', url, { password: '123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldCode).toBe('passwordTooShort');
    const named = await call('POST', url, { password: `${a.body.username}-Secret` });
    expect(named.json().fieldCode).toBe('passwordContainsName');
    expect((await t.app.inject({ url: '/api/getUserById', headers: a.auth })).statusCode).toBe(200);

    const password = 'Amber-Falcon-4471';
    const ok = await call('POST', url, { password });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.app.inject({ url: '/api/getUserById', headers: a.auth })).statusCode).toBe(401);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: a.body.email, password: a.body.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: a.body.email, password },
    });
    expect(newLogin.statusCode).toBe(200);

    const audits = await auditRows('user.password_reset', a.userId);
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(password);
    const [hash] = await queryRows<{ h: string }>(
      t.app.db,
      sql`select password_hash as h from users where id = ${a.userId}::uuid`,
    );
    expect(JSON.stringify(audits)).not.toContain(hash?.h ?? 'no hash');
    expect(
      (await call('POST', `/api/admin/users/${adminId}/password`, { password })).statusCode,
    ).toBe(404);
  });
});

describe('view as user (POST /api/userLogin/:id)', () => {
  it('opens a short-lived read-only session of the user, audited', async () => {
    const a = await fundedUser(t.app, usdt(50));
    const before = Date.now();
    const res = await call('POST', `/api/userLogin/${a.userId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(is(body, ImpersonationResponse)).toBe(true);
    expect(body.readOnly).toBe(true);
    expect(body.user._id).toBe(a.userId);
    const ttl = Date.parse(body.expiresAt) - before;
    expect(ttl).toBeGreaterThan(14 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(15 * 60 * 1000 + 1000);

    const view = { authorization: `Bearer ${body.token}` };
    const seen = await t.app.inject({ url: '/api/getUserById', headers: view });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().user).toMatchObject({ _id: a.userId, balance: '50.000000' });
    expect((await t.app.inject({ url: '/api/getUserDepositLog', headers: view })).statusCode).toBe(
      200,
    );

    const [audit] = await auditRows('user.impersonated', a.userId);
    expect(audit).toMatchObject({ actor_id: adminId, after: { readOnly: true } });
    expect(JSON.stringify(audit)).not.toContain(body.token);
    const [session] = await queryRows<{ by: string }>(
      t.app.db,
      sql`select impersonated_by::text as by from sessions
          where user_id = ${a.userId}::uuid and impersonated_by is not null`,
    );
    expect(session?.by).toBe(adminId);
  });

  it('refuses every change on every user route, allows sign-out, and expires', async () => {
    const a = await fundedUser(t.app, usdt(50));
    const open = async () => {
      const res = await call('POST', `/api/userLogin/${a.userId}`);
      return { authorization: `Bearer ${res.json().token as string}` };
    };
    const view = await open();

    const mutating = t.app.apiRoutes.filter(
      (r) =>
        (r.access === 'user' || r.access === 'any') &&
        !['GET', 'HEAD', 'OPTIONS'].includes(r.method) &&
        !(r.method === 'POST' && r.url === '/api/logout'),
    );
    const urls = mutating.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'POST /api/createTrade',
      'POST /api/createWithdraw',
      'POST /api/createTransfer',
      'POST /api/createDeposit',
      'POST /api/createKyc',
      'PUT /api/updateProfile',
      'PUT /api/updateUserPasswordByUser',
    ]) {
      expect(urls).toContain(expected);
    }
    for (const route of mutating) {
      const res = await t.app.inject({
        method: route.method as Method,
        url: concrete(route.url),
        headers: { ...view, 'idempotency-key': newKey() },
        payload: {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json(), `${route.method} ${route.url}`).toEqual({
        error: 'This is a read-only view of the account.',
        code: 'read_only_session',
      });
    }
    // A real request body changes nothing either.
    const transfer = await t.app.inject({
      method: 'PUT',
      url: '/api/updateUserPasswordByUser',
      headers: view,
      payload: { currentPassword: 'Whatever-it-is-1', password: 'Bright-Comet-8812' },
    });
    expect(transfer.statusCode).toBe(403);
    expect(await me(t.app, a.auth)).toMatchObject({ balance: '50.000000' });
    // Admin routes stay closed to it (it is a user session).
    expect((await call('GET', '/api/admin/users', undefined, view)).statusCode).toBe(403);
    // The user's own session is not read-only.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/updateProfile',
          headers: a.auth,
          payload: { fullName: 'Still Me', phoneNumber: '+14155550123' },
        })
      ).statusCode,
    ).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: view });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/getUserById', headers: view })).statusCode).toBe(401);
    expect((await me(t.app, a.auth))._id).toBe(a.userId);

    const later = await open();
    expect((await t.app.inject({ url: '/api/getUserById', headers: later })).statusCode).toBe(200);
    await t.app.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second'
          where user_id = ${a.userId}::uuid and impersonated_by is not null`,
    );
    expect((await t.app.inject({ url: '/api/getUserById', headers: later })).statusCode).toBe(401);
  });

  it('refuses unknown users, admins and disabled accounts', async () => {
    expect((await call('POST', `/api/userLogin/${ZERO_ID}`)).statusCode).toBe(404);
    expect((await call('POST', '/api/userLogin/nope')).statusCode).toBe(404);
    expect((await call('POST', `/api/userLogin/${adminId}`)).statusCode).toBe(404);
    const a = await registerAndLogin(t.app);
    await call('PUT', `/api/admin/users/${a.userId}/flags`, { disabled: true });
    const res = await call('POST', `/api/userLogin/${a.userId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('account_disabled');
  });
});

describe('coins', () => {
  it('creates, lists, updates and deletes coins, with conflicts, audited', async () => {
    const created = await call('POST', '/api/createCoin', { symbol: 'QQQ', name: 'Q Coin' });
    expect(created.statusCode, created.body).toBe(201);
    const coin = created.json().coin;
    expect(coin).toMatchObject({ symbol: 'QQQ', name: 'Q Coin', sortOrder: 0 });

    const dup = await call('POST', '/api/createCoin', { symbol: 'qqq', name: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('coin_exists');
    for (const payload of [
      { symbol: 'Q', name: 'Too short' },
      { symbol: 'Q$Q', name: 'Bad chars' },
      { symbol: 'ABCDEFGHIJKLMNOP', name: 'Too long' },
      { symbol: 'ZZZ', name: '' },
      { symbol: 'ZZZ', name: 'ok', sortOrder: 1.5 },
      { symbol: 'ZZZ', name: 'ok', price: '1' },
    ]) {
      const res = await call('POST', '/api/createCoin', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }

    const list = (await call('GET', '/api/admin/coins')).json();
    expect(is(list, AdminCoinList)).toBe(true);
    expect(list.coins.map((c: { symbol: string }) => c.symbol)).toContain('QQQ');
    expect((await t.app.inject({ url: '/api/getCoinList' })).json()).toContain('QQQ');

    const updated = await call('PUT', '/api/updateCoin', {
      id: coin._id,
      name: 'Queue Coin',
      sortOrder: -5,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().coin).toMatchObject({ symbol: 'QQQ', name: 'Queue Coin', sortOrder: -5 });
    const rename = await call('PUT', '/api/updateCoin', { id: coin._id, symbol: 'QQR' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().code).toBe('unknown_field');
    expect((await call('PUT', '/api/updateCoin', { id: coin._id })).statusCode).toBe(400);
    expect((await call('PUT', '/api/updateCoin', { id: ZERO_ID, name: 'x' })).statusCode).toBe(404);

    // A coin with a pending trade cannot be deleted.
    const trader = await fundedUser(t.app, usdt(100));
    await freshTick('QQQ', '12.5');
    const trade = await createTrade(trader.auth, 'QQQUSDT');
    expect(trade.statusCode, trade.body).toBe(201);
    const busy = await call('PUT', '/api/deleteCoin', { id: coin._id });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('coin_in_use');

    const other = (
      await call('POST', '/api/createCoin', { symbol: 'RRR', name: 'R', sortOrder: 3 })
    ).json().coin;
    const deleted = await call('PUT', '/api/deleteCoin', { id: other._id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.app.inject({ url: '/api/getCoinList' })).json()).not.toContain('RRR');
    expect((await call('PUT', '/api/deleteCoin', { id: other._id })).statusCode).toBe(404);

    expect(await auditRows('coin.created')).toHaveLength(2);
    const [changed] = await auditRows('coin.updated', coin._id);
    expect(changed).toMatchObject({
      before: { name: 'Q Coin', sortOrder: 0 },
      after: { name: 'Queue Coin', sortOrder: -5 },
    });
    expect(await auditRows('coin.deleted', other._id)).toHaveLength(1);
  });
});

describe('admins', () => {
  it('asking for another admin checks the sign-up rules and waits for a second admin, audited', async () => {
    const body = {
      fullName: 'Second Operator',
      username: 'ops_second',
      email: 'second.ops@example.com',
      password: 'Silver-Meadow-3310',
    };
    const weak = await call('POST', '/api/admin/admins', { ...body, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldCode).toBe('passwordTooShort');
    const foreign = await call('POST', '/api/admin/admins', { ...body, role: 'user' });
    expect(foreign.json().code).toBe('unknown_field');
    const taken = await call('POST', '/api/admin/admins', { ...body, email: TEST_ADMIN.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_taken');

    // The account is made only when a second admin approves (tests/api/four-eyes.test.ts).
    const res = await call('POST', '/api/admin/admins', body);
    expect(res.statusCode, res.body).toBe(202);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: body.email, password: body.password },
    });
    expect(login.statusCode).toBe(401);
    const dup = await call('POST', '/api/admin/admins', { ...body, username: 'ops_third' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('already_requested');
    const [audit] = await auditRows('approval.requested', res.json().approval._id);
    expect(audit).toMatchObject({
      actor_id: adminId,
      after: { kind: 'admin.create', email: body.email },
    });
    expect(JSON.stringify(audit)).not.toContain(body.password);
    expect(JSON.stringify(audit)).not.toMatch(/hash/i);

    const list = await call('GET', '/api/admin/admins');
    expect(list.statusCode).toBe(200);
    expect(is(list.json(), AdminAccountList)).toBe(true);
    expect(list.json().admins.map((a: { email: string }) => a.email)).toEqual([TEST_ADMIN.email]);
    expect(list.body).not.toMatch(/password|hash/i);
  });
});

describe('the console reads settings and methods', () => {
  it('GET /api/admin/settings has the public, trading and dual-approval settings', async () => {
    const res = await call('GET', '/api/admin/settings');
    expect(res.statusCode).toBe(200);
    expect(is(res.json(), AdminSiteSettings)).toBe(true);
    const update = await call('PUT', '/api/updateSiteSetting', {
      withdrawalDualApproval: '2500',
      tradingBlockedCountries: ['fr'],
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(is(update.json(), AdminSiteSettings)).toBe(true);
    const after = (await call('GET', '/api/admin/settings')).json();
    expect(after).toEqual(update.json());
    expect(after.withdrawalDualApproval).toBe('2500.000000');
    expect(after.trading.blockedCountries).toEqual(['FR']);
    // Turning dual approval off is the second admin's to approve: here only the rest applies.
    const back = await call('PUT', '/api/updateSiteSetting', {
      withdrawalDualApproval: null,
      tradingBlockedCountries: [],
    });
    expect(back.statusCode).toBe(202);
    expect(back.json().settings).toMatchObject({
      withdrawalDualApproval: '2500.000000',
      trading: { blockedCountries: [] },
    });
    await t.app.db.execute(sql`update site_settings set withdrawal_dual_approval_micros = null`);
  });

  it('GET /api/admin/methods lists both kinds, without deleted ones', async () => {
    const res = await call('GET', '/api/admin/methods');
    expect(res.statusCode).toBe(200);
    expect(is(res.json(), AdminMethods)).toBe(true);
    const ids = res.json().withdraw.map((m: { _id: string }) => m._id);
    expect(ids).toContain(withdrawMethodId);
    const { auth } = await registerAndLogin(t.app);
    expect((await call('GET', '/api/admin/methods', undefined, auth)).statusCode).toBe(403);
  });
});

describe('nothing in the console decides a trade or sets a balance', () => {
  it('no admin route writes a trade outcome or a balance', () => {
    const adminWrites = t.app.apiRoutes.filter((r) => r.access === 'admin' && r.method !== 'GET');
    expect(adminWrites.length).toBeGreaterThan(0);
    for (const route of adminWrites) {
      expect(route.url, `${route.method} ${route.url}`).not.toMatch(
        /trade|result|outcome|settle|balance|payout|price|tick/i,
      );
    }
    // The one admin call that moves money is the reasoned, ledgered adjustment.
    expect(adminWrites.map((r) => `${r.method} ${r.url}`)).toContain(
      'POST /api/admin/users/:id/adjustments',
    );
  });

  it('the admin user bodies hold no money, role, Pay ID or trade fields', () => {
    const forbidden = /balance|role|payId|held|result|outcome|price/i;
    for (const struct of [AdminUpdateUserRequest, AdminUserFlagsRequest]) {
      for (const key of Object.keys(struct.schema)) expect(key).not.toMatch(forbidden);
    }
  });
});
