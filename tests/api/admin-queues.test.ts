/**
 * The admin console's API: the dashboard's figures (exact, after a known set of deposits,
 * withdrawals, a transfer and a trade), the deposit, withdrawal and KYC queues (filters,
 * pagination, admin-signed screenshot links that are audited when fetched), withdrawal dual
 * approval (enforced by the server, race-safe, the ledger moving exactly once), and the audit
 * log viewer's filters.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminDashboard,
  AdminDepositPage,
  AdminDepositResponse,
  AdminKycPage,
  AdminWithdrawPage,
  AdminWithdrawResponse,
  AuditPage,
  WithdrawDecisionResponse,
} from '../../common/contract';
import { queryRows } from '../../server/db/client';
import { settleDueTrades } from '../../server/jobs/settle-trades';
import { checkLedger } from '../../server/ledger/check';
import { SAME_APPROVER_MESSAGE } from '../../server/modules/wallet/withdraw-decision';
import { createAccount } from '../../server/modules/auth/new-account';
import {
  adminSignIn,
  closeCheckingLedger,
  createAdminTestApp,
  createMethod,
  fund,
  fundedUser,
  me,
  newKey,
  registerAndLogin,
  submitKyc,
  uploadScreenshot,
  type AdminTestApp,
  type Headers,
} from './harness';

let t: AdminTestApp;
let admin: Headers;
let adminId: string;
let admin2: Headers;
let admin2Id: string;
let admin2Username: string;
let depositMethodId: string;
let withdrawMethodId: string;

const usdt = (whole: number) => BigInt(Math.round(whole * 1_000_000));

/** Another admin, made as the users module makes accounts, then signed in. */
async function secondAdmin(): Promise<{ auth: Headers; id: string; username: string }> {
  const tag = randomBytes(4).toString('hex');
  const account = {
    fullName: 'Second Operator',
    username: `ops_${tag}`,
    email: `ops_${tag}@example.com`,
    phoneNumber: '+14155550199',
    password: 'Second-Console-2026',
    role: 'admin' as const,
  };
  await createAccount(t.app.db, account);
  const auth = await adminSignIn(t.app, account);
  return { auth, id: (await me(t.app, auth))._id, username: account.username };
}

beforeAll(async () => {
  t = await createAdminTestApp();
  admin = t.admin;
  adminId = (await me(t.app, admin))._id;
  const second = await secondAdmin();
  admin2 = second.auth;
  admin2Id = second.id;
  admin2Username = second.username;
  depositMethodId = await createMethod(t.app, admin, 'deposit');
  withdrawMethodId = await createMethod(t.app, admin, 'withdraw');
  await t.app.db.execute(
    sql`insert into coins (symbol, name, sort_order) values ('BTC', 'BTC', 0)`,
  );
});

afterAll(() => closeCheckingLedger(t));

async function createDeposit(auth: Headers, amount: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/createDeposit',
    headers: { ...auth, 'idempotency-key': newKey() },
    payload: {
      gatWay: depositMethodId,
      amount,
      transactionScreenshot: await uploadScreenshot(t.app),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().deposit._id as string;
}

function decideDeposit(id: string, status: 'Completed' | 'Rejected', reason?: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/updateDeposit/${id}`,
    headers: admin,
    payload: { id, status, ...(reason === undefined ? {} : { reason }) },
  });
}

async function createWithdraw(auth: Headers, amount: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/createWithdraw',
    headers: { ...auth, 'idempotency-key': newKey() },
    payload: {
      gatWay: withdrawMethodId,
      amount,
      paymentAddress: 'TQ5N6aP7xJzWb1m4Hs3vKd8eR2cYfL9uGt',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().withdraw._id as string;
}

function decideWithdraw(
  auth: Headers,
  id: string,
  status: 'Completed' | 'Rejected',
  extra: { transactionHash?: string; reason?: string } = {},
) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/updateWithdraw/${id}`,
    headers: auth,
    payload: { id, status, ...extra },
  });
}

const hash = () => `0x${randomBytes(32).toString('hex')}`;

async function overview(): Promise<AdminDashboard> {
  const res = await t.app.inject({ url: '/api/admin/overview', headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as AdminDashboard;
  expect(is(body, AdminDashboard)).toBe(true);
  return body;
}

/** Sets the threshold; loosening it (off, or higher) needs the second admin's approval. */
async function setDualApproval(value: string | null) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/updateSiteSetting',
    headers: admin,
    payload: { withdrawalDualApproval: value },
  });
  if (res.statusCode !== 202) {
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/admin/approvals/${res.json().approval._id as string}/approve`,
    headers: admin2,
    payload: {},
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return t.app.inject({ url: '/api/admin/settings', headers: admin });
}

/** Journal entries that completed this withdrawal: exactly one once it is Completed. */
async function withdrawalEntries(id: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.app.db,
    sql`select count(*)::int as n from journal_entries
        where reference_type = 'withdrawal' and reference_id = ${id}`,
  );
  return Number(row?.n ?? 0);
}

async function auditRows(query: string) {
  const res = await t.app.inject({ url: `/api/admin/audit?${query}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  expect(is(res.json(), AuditPage)).toBe(true);
  return res.json() as AuditPage;
}

describe('dashboard', () => {
  it('reports exact figures after a known set of money movements', async () => {
    const empty = await overview();
    expect(empty).toMatchObject({
      users: { total: 0, newToday: 0 },
      pending: { deposits: 0, withdrawals: 0, kyc: 0 },
      volume: {
        deposits: { today: '0.000000', last7Days: '0.000000' },
        withdrawals: { today: '0.000000', last7Days: '0.000000' },
      },
      platform: { tradingHouse: '0.000000', feeRevenue: '0.000000' },
      ledger: { ok: true, violations: 0 },
      withdrawalDualApproval: null,
    });
    expect(empty.admin.email).toBe('ops@example.com');
    expect(empty.market).toMatchObject({ source: 'simulated' });

    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    // Deposits: 650 today, 200 three days ago, 100 pending, 50 rejected.
    const today = await createDeposit(a.auth, '650');
    expect((await decideDeposit(today, 'Completed')).statusCode).toBe(200);
    const earlier = await createDeposit(a.auth, '200');
    expect((await decideDeposit(earlier, 'Completed')).statusCode).toBe(200);
    await t.app.db.execute(
      sql`update deposits set decided_at = now() - interval '3 days' where id = ${earlier}::uuid`,
    );
    // Eight days ago: outside the 7 days.
    const old = await createDeposit(a.auth, '30');
    expect((await decideDeposit(old, 'Completed')).statusCode).toBe(200);
    await t.app.db.execute(
      sql`update deposits set decided_at = now() - interval '8 days' where id = ${old}::uuid`,
    );
    await createDeposit(a.auth, '100');
    const rejected = await createDeposit(a.auth, '50');
    expect((await decideDeposit(rejected, 'Rejected', 'No such transfer')).statusCode).toBe(200);

    // Withdrawals: 80 completed (fee 2 at 2.5 %), 10 pending (fee not earned yet).
    await fund(t.app, b.userId, usdt(100));
    const paid = await createWithdraw(b.auth, '80');
    expect(
      (await decideWithdraw(admin, paid, 'Completed', { transactionHash: hash() })).statusCode,
    ).toBe(200);
    await createWithdraw(b.auth, '10');

    // A transfer of 100 at the default 1 % fee: 1 more in fee revenue.
    const transfer = await t.app.inject({
      method: 'POST',
      url: '/api/createTransfer',
      headers: { ...a.auth, 'idempotency-key': newKey() },
      payload: { amount: '100', receivePId: b.payId },
    });
    expect(transfer.statusCode, transfer.body).toBe(201);

    // A lost trade of 20: the trading house gains 20.
    const entrySecond = Math.floor(Date.now() / 1000) * 1000;
    await t.app.db.execute(
      sql`insert into market_ticks (symbol, recorded_at, price, source)
          values ('BTC', ${new Date(entrySecond).toISOString()}::timestamptz, 100, 'simulated')
          on conflict do nothing`,
    );
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/createTrade',
      headers: { ...a.auth, 'idempotency-key': newKey() },
      payload: {
        coinType: 'BTCUSDT',
        tradeType: 'buy',
        tradeAmount: '20',
        selectedTime: 'trade30Second',
      },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const expiresAtMs = Date.parse(opened.json().trade.expiresAt as string);
    const exitSecond = Math.ceil(expiresAtMs / 1000) * 1000;
    await t.app.db.execute(
      sql`insert into market_ticks (symbol, recorded_at, price, source)
          values ('BTC', ${new Date(exitSecond).toISOString()}::timestamptz, 99, 'simulated')`,
    );
    const settled = await settleDueTrades(t.app.db, t.app.platformAccounts, expiresAtMs + 1500, {
      userId: a.userId,
    });
    expect(settled.settled).toBe(1);

    const figures = await overview();
    expect(figures).toMatchObject({
      users: { total: 2, newToday: 2 },
      pending: { deposits: 1, withdrawals: 1, kyc: 0 },
      volume: {
        deposits: { today: '650.000000', last7Days: '850.000000' },
        withdrawals: { today: '80.000000', last7Days: '80.000000' },
      },
      platform: { tradingHouse: '20.000000', feeRevenue: '3.000000' },
    });
    // The ledger check is cached for a minute: the same check time as the first call.
    expect(figures.ledger).toEqual(empty.ledger);
  });
});

describe('deposits queue', () => {
  it('filters by status and paginates: Pending oldest first, decided newest first', async () => {
    const user = await registerAndLogin(t.app);
    const before = (
      await t.app.inject({ url: '/api/admin/deposits', headers: admin })
    ).json() as AdminDepositPage;
    const ids: string[] = [];
    for (let i = 0; i < 21; i += 1) ids.push(await createDeposit(user.auth, `${20 + i}`));
    const first = await t.app.inject({ url: '/api/admin/deposits?status=Pending', headers: admin });
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as AdminDepositPage;
    expect(is(page1, AdminDepositPage)).toBe(true);
    expect(page1.total).toBe(before.total + 21);
    expect(page1.items).toHaveLength(20);
    expect(page1.pageCount).toBe(Math.ceil((before.total + 21) / 20));
    const created = page1.items.map((item) => Date.parse(item.createdAt));
    expect([...created].sort((x, y) => x - y)).toEqual(created);
    const page2 = (
      await t.app.inject({ url: '/api/admin/deposits?status=Pending&page=2', headers: admin })
    ).json() as AdminDepositPage;
    expect(page2.items).toHaveLength(before.total + 21 - 20);
    expect(page2.items.at(-1)?._id).toBe(ids.at(-1));
    const mine = page2.items.at(-1)!;
    expect(mine).toMatchObject({
      user: {
        _id: user.userId,
        username: user.body.username,
        fullName: user.body.fullName,
        payId: user.payId,
      },
      amount: '40.000000',
      coinConversion: '40.00000000',
      status: 'Pending',
      decidedBy: null,
    });
    expect(mine.user.email).toBe(user.body.email.toLowerCase());

    // Decide two; the Completed list shows the newest decision first, with its decider.
    expect((await decideDeposit(ids[0]!, 'Completed')).statusCode).toBe(200);
    expect((await decideDeposit(ids[1]!, 'Completed')).statusCode).toBe(200);
    const completed = (
      await t.app.inject({ url: '/api/admin/deposits?status=Completed', headers: admin })
    ).json() as AdminDepositPage;
    expect(completed.items[0]).toMatchObject({
      _id: ids[1],
      status: 'Completed',
      decidedBy: { _id: adminId, username: expect.any(String) },
    });
    const all = (
      await t.app.inject({ url: '/api/admin/deposits?status=All', headers: admin })
    ).json() as AdminDepositPage;
    expect(all.total).toBe(completed.total + page1.total - 2 + (await countRejectedDeposits()));
    // Beyond the last page: an empty page, the same total.
    const beyond = (
      await t.app.inject({ url: '/api/admin/deposits?page=999', headers: admin })
    ).json() as AdminDepositPage;
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(page1.total - 2);
  });

  it.each([
    ['status=Done', 'status must be one of Pending, Completed, Rejected, All.'],
    ['page=0', 'page must be a whole number from 1 to 100000.'],
    ['page=1.5', 'page must be a whole number from 1 to 100000.'],
    ['page=abc', 'page must be a whole number from 1 to 100000.'],
    ['sort=amount', 'Unknown query parameter: sort. Allowed: status, page.'],
    ['status=Pending&status=All', 'status must be given once.'],
  ])('refuses ?%s with a clear message', async (query, message) => {
    for (const list of ['deposits', 'withdrawals', 'kyc']) {
      const res = await t.app.inject({ url: `/api/admin/${list}?${query}`, headers: admin });
      expect(res.statusCode, `${list}?${query}`).toBe(400);
      expect(res.json().error).toBe(message);
    }
  });

  it('one deposit, with a screenshot link signed for the admin whose fetches are audited', async () => {
    const user = await registerAndLogin(t.app);
    const id = await createDeposit(user.auth, '75');
    const res = await t.app.inject({ url: `/api/admin/deposits/${id}`, headers: admin2 });
    expect(res.statusCode).toBe(200);
    expect(is(res.json(), AdminDepositResponse)).toBe(true);
    const link = (res.json() as AdminDepositResponse).deposit.transactionScreenshot;
    expect(link).toContain(`&admin=${admin2Id}`);
    const fileId = /^\/files\/([0-9a-f-]{36})\?/.exec(link)?.[1];
    expect(fileId).toBeDefined();
    const viewed = await t.app.inject({ url: link });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.headers['content-type']).toMatch(/^image\//);
    const audit = await auditRows(`action=file.viewed&targetType=file&targetId=${fileId!}`);
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({ actor: { _id: admin2Id, username: admin2Username } });

    expect(
      (await t.app.inject({ url: '/api/admin/deposits/nope', headers: admin })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          url: '/api/admin/deposits/00000000-0000-4000-8000-000000000000',
          headers: admin,
        })
      ).json().error,
    ).toBe('Deposit not found.');
  });

  it('a rejection needs a reason', async () => {
    const user = await registerAndLogin(t.app);
    const id = await createDeposit(user.auth, '60');
    const res = await decideDeposit(id, 'Rejected', '   ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'A reason is required to reject a deposit.',
      field: 'reason',
    });
    expect((await decideDeposit(id, 'Rejected', 'Not received')).statusCode).toBe(200);
  });
});

async function countRejectedDeposits(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.app.db,
    sql`select count(*)::int as n from deposits where status = 'Rejected'`,
  );
  return Number(row?.n ?? 0);
}

describe('withdrawals: decisions and dual approval', () => {
  it('the threshold is a site setting, audited', async () => {
    const res = await setDualApproval('100');
    expect(res.json().withdrawalDualApproval).toBe('100.000000');
    expect((await overview()).withdrawalDualApproval).toBe('100.000000');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/updateSiteSetting',
      headers: admin,
      payload: { withdrawalDualApproval: '-5' },
    });
    expect(bad.statusCode).toBe(400);
    const audit = await auditRows('action=site_settings.updated');
    expect(audit.items[0]).toMatchObject({
      before: { withdrawalDualApprovalMicros: null },
      after: { withdrawalDualApprovalMicros: '100000000' },
    });
  });

  it('below the threshold one approval completes; the hash is required and checked', async () => {
    const user = await fundedUser(t.app, usdt(500));
    const id = await createWithdraw(user.auth, '99.99');
    const noHash = await decideWithdraw(admin, id, 'Completed');
    expect(noHash.statusCode).toBe(400);
    expect(noHash.json().error).toBe(
      'The on-chain transaction hash is required to approve a withdrawal.',
    );
    for (const bad of ['abc', 'a b c d e f g h', 'x'.repeat(129), '0xabc;drop']) {
      const res = await decideWithdraw(admin, id, 'Completed', { transactionHash: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().field).toBe('transactionHash');
    }
    const txHash = hash();
    const done = await decideWithdraw(admin, id, 'Completed', { transactionHash: `  ${txHash} ` });
    expect(done.statusCode, done.body).toBe(200);
    expect(is(done.json(), WithdrawDecisionResponse)).toBe(true);
    expect(done.json()).toMatchObject({
      awaitingSecondApproval: false,
      withdraw: { status: 'Completed', transactionHash: txHash },
    });
    expect(await me(t.app, user.auth)).toMatchObject({ balance: '400.010000', onHold: '0.000000' });
    expect(await withdrawalEntries(id)).toBe(1);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/updateWithdraw/${id}`,
      headers: admin,
      payload: { id, status: 'Rejected', reason: 'x', amount: '1' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Unknown field: amount');
  });

  it('at or above it: first approval leaves it Pending, the same admin is refused, a second admin completes it once', async () => {
    const user = await fundedUser(t.app, usdt(500));
    const id = await createWithdraw(user.auth, '100');

    const withHash = await decideWithdraw(admin, id, 'Completed', { transactionHash: hash() });
    expect(withHash.statusCode).toBe(400);
    expect(withHash.json().field).toBe('transactionHash');

    const first = await decideWithdraw(admin, id, 'Completed');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      awaitingSecondApproval: true,
      message:
        'First approval recorded. This withdrawal awaits a second approval by another admin.',
      withdraw: { status: 'Pending', transactionHash: null },
    });
    expect(await me(t.app, user.auth)).toMatchObject({
      // The balance shown is what is available: 500 less the 100 on hold.
      balance: '400.000000',
      onHold: '100.000000',
    });
    expect(await withdrawalEntries(id)).toBe(0);

    for (const extra of [{}, { transactionHash: hash() }]) {
      const again = await decideWithdraw(admin, id, 'Completed', extra);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe(SAME_APPROVER_MESSAGE);
      expect(again.json().code).toBe('second_approver_required');
    }

    const queued = (
      await t.app.inject({ url: `/api/admin/withdrawals/${id}`, headers: admin2 })
    ).json() as AdminWithdrawResponse;
    expect(is(queued, AdminWithdrawResponse)).toBe(true);
    expect(queued.withdraw).toMatchObject({
      status: 'Pending',
      needsSecondApproval: true,
      firstApprovedBy: { _id: adminId },
      decidedBy: null,
      amount: '100.000000',
      fee: '2.500000',
      needToPay: '97.500000',
      coinConversion: '97.50000000',
      user: { _id: user.userId, payId: user.payId },
    });
    expect(queued.withdraw.firstApprovedAt).not.toBeNull();

    // Without the hash it is a first approval sent from a stale view: 409, reload.
    const noHash = await decideWithdraw(admin2, id, 'Completed');
    expect(noHash.statusCode).toBe(409);
    expect(noHash.json().code).toBe('already_decided');
    const txHash = hash();
    const second = await decideWithdraw(admin2, id, 'Completed', { transactionHash: txHash });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      awaitingSecondApproval: false,
      withdraw: { status: 'Completed', transactionHash: txHash },
    });
    expect(await me(t.app, user.auth)).toMatchObject({ balance: '400.000000', onHold: '0.000000' });
    expect(await withdrawalEntries(id)).toBe(1);
    const late = await decideWithdraw(admin2, id, 'Completed', { transactionHash: hash() });
    expect(late.statusCode).toBe(409);
    expect(await withdrawalEntries(id)).toBe(1);

    const decided = (
      await t.app.inject({ url: `/api/admin/withdrawals/${id}`, headers: admin })
    ).json() as AdminWithdrawResponse;
    expect(decided.withdraw).toMatchObject({
      firstApprovedBy: { _id: adminId },
      decidedBy: { _id: admin2Id, username: admin2Username },
      transactionHash: txHash,
    });

    const trail = await auditRows(`targetType=withdrawal&targetId=${id}`);
    expect(trail.items.map((row) => [row.action, row.actor?._id])).toEqual([
      ['withdrawal.approved', admin2Id],
      ['withdrawal.first_approved', adminId],
    ]);
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('a rejection after a first approval releases the hold; a rejection needs a reason', async () => {
    const user = await fundedUser(t.app, usdt(300));
    const id = await createWithdraw(user.auth, '250');
    expect((await decideWithdraw(admin2, id, 'Completed')).json().awaitingSecondApproval).toBe(
      true,
    );
    const noReason = await decideWithdraw(admin, id, 'Rejected');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe('A reason is required to reject a withdrawal.');
    const rejected = await decideWithdraw(admin2, id, 'Rejected', { reason: 'Address flagged' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      awaitingSecondApproval: false,
      withdraw: { status: 'Rejected', reason: 'Address flagged' },
    });
    expect(await me(t.app, user.auth)).toMatchObject({ balance: '300.000000', onHold: '0.000000' });
    expect(await withdrawalEntries(id)).toBe(0);
    expect(
      (await decideWithdraw(admin, id, 'Completed', { transactionHash: hash() })).statusCode,
    ).toBe(409);
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('the queue filters and paginates withdrawals', async () => {
    const pending = await t.app.inject({ url: '/api/admin/withdrawals', headers: admin });
    expect(pending.statusCode).toBe(200);
    const page = pending.json() as AdminWithdrawPage;
    expect(is(page, AdminWithdrawPage)).toBe(true);
    expect(page.items.every((item) => item.status === 'Pending')).toBe(true);
    const rejected = (
      await t.app.inject({ url: '/api/admin/withdrawals?status=Rejected', headers: admin })
    ).json() as AdminWithdrawPage;
    expect(rejected.items.length).toBeGreaterThan(0);
    expect(rejected.items.every((item) => item.status === 'Rejected')).toBe(true);
    expect(rejected.items[0]).toMatchObject({
      reason: 'Address flagged',
      decidedBy: { _id: admin2Id },
    });
  });

  it('turning dual approval off: one approval completes again', async () => {
    await setDualApproval(null);
    const user = await fundedUser(t.app, usdt(500));
    const id = await createWithdraw(user.auth, '400');
    const done = await decideWithdraw(admin, id, 'Completed', { transactionHash: hash() });
    expect(done.json()).toMatchObject({ withdraw: { status: 'Completed' } });
  });
});

describe('KYC queue', () => {
  it('lists requests by status without document links', async () => {
    const user = await registerAndLogin(t.app);
    await submitKyc(t.app, user.auth);
    const res = await t.app.inject({ url: '/api/admin/kyc?status=Pending', headers: admin });
    expect(res.statusCode).toBe(200);
    const page = res.json() as AdminKycPage;
    expect(is(page, AdminKycPage)).toBe(true);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      user: { _id: user.userId },
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'UK',
      documentType: 'Passport',
      status: 'Pending',
    });
    expect(res.body).not.toContain('/files/');
    expect((await overview()).pending.kyc).toBe(1);
    const completed = (
      await t.app.inject({ url: '/api/admin/kyc?status=Completed', headers: admin })
    ).json() as AdminKycPage;
    expect(completed).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });
});

describe('audit log viewer', () => {
  it('filters by actor, action and target, newest first', async () => {
    const byAdmin2 = await auditRows(`actor=${admin2Id}`);
    expect(byAdmin2.total).toBeGreaterThan(0);
    expect(byAdmin2.items.every((row) => row.actor?._id === admin2Id)).toBe(true);
    const byName = await auditRows(`actor=${admin2Username.toUpperCase()}`);
    expect(byName.total).toBe(byAdmin2.total);
    const firsts = await auditRows('action=withdrawal.first_approved');
    expect(firsts.total).toBe(2);
    const allWithdrawals = await auditRows('action=withdrawal.*&targetType=withdrawal');
    expect(new Set(allWithdrawals.items.map((row) => row.action))).toEqual(
      new Set(['withdrawal.approved', 'withdrawal.first_approved', 'withdrawal.rejected']),
    );
    const times = allWithdrawals.items.map((row) => Date.parse(row.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const rejection = (await auditRows('action=withdrawal.rejected')).items[0];
    expect(rejection).toMatchObject({ reason: 'Address flagged', before: { status: 'Pending' } });
    expect(rejection?.ip).toEqual(expect.any(String));
    const none = await auditRows('actor=nobody_here');
    expect(none).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });

  it('pages 50 at a time', async () => {
    const all = await auditRows('');
    expect(all.items.length).toBe(Math.min(50, all.total));
    expect(all.pageCount).toBe(Math.max(1, Math.ceil(all.total / 50)));
  });

  it.each([
    ['actor=%25%25', 'actor must be a user id or a username.'],
    [
      'action=DROP%20TABLE',
      'action must look like "withdrawal.approved", or end in ".*" for every action of a kind ("withdrawal.*").',
    ],
    [
      'targetType=Withdrawal!',
      'targetType must be a lower-case name such as "withdrawal" or "user".',
    ],
    ['targetId=a%20b', 'targetId must be 1 to 128 letters, digits, "_", ".", ":" or "-".'],
    ['page=-1', 'page must be a whole number from 1 to 100000.'],
    ['who=me', 'Unknown query parameter: who. Allowed: actor, action, targetType, targetId, page.'],
  ])('refuses ?%s', async (query, message) => {
    const res = await t.app.inject({ url: `/api/admin/audit?${query}`, headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrent approvals on PostgreSQL', () => {
  it('two admins approving at once complete a withdrawal once', async () => {
    const user = await fundedUser(t.app, usdt(1000));
    for (let round = 0; round < 5; round += 1) {
      const id = await createWithdraw(user.auth, '20');
      const answers = await Promise.all([
        decideWithdraw(admin, id, 'Completed', { transactionHash: hash() }),
        decideWithdraw(admin2, id, 'Completed', { transactionHash: hash() }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(await withdrawalEntries(id)).toBe(1);
    }
    expect(await me(t.app, user.auth)).toMatchObject({ balance: '900.000000', onHold: '0.000000' });
  });

  it('with dual approval: concurrent first approvals record one; concurrent second approvals complete once', async () => {
    await setDualApproval('10');
    const third = await secondAdmin();
    try {
      const user = await fundedUser(t.app, usdt(100));
      const id = await createWithdraw(user.auth, '50');
      const firsts = await Promise.all([
        decideWithdraw(admin, id, 'Completed'),
        decideWithdraw(admin2, id, 'Completed'),
      ]);
      expect(firsts.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = firsts[0]!.statusCode === 200 ? admin : admin2;
      const other = winner === admin ? admin2 : admin;
      const seconds = await Promise.all([
        decideWithdraw(other, id, 'Completed', { transactionHash: hash() }),
        decideWithdraw(third.auth, id, 'Completed', { transactionHash: hash() }),
        decideWithdraw(winner, id, 'Completed', { transactionHash: hash() }),
      ]);
      expect(seconds.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
      expect(seconds[2]!.statusCode).toBe(409);
      expect(await withdrawalEntries(id)).toBe(1);
      expect(await me(t.app, user.auth)).toMatchObject({
        balance: '50.000000',
        onHold: '0.000000',
      });
    } finally {
      await setDualApproval(null);
    }
  });
});
