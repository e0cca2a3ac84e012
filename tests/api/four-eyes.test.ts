/**
 * Four eyes that one person with two accounts cannot fake (docs/security.md, finding 4). The
 * attack: admin A first-approved a withdrawal above the dual-approval threshold, created an
 * admin of their own, signed in as it and gave the second approval; ledger adjustments of up
 * to 1,000,000 USDT needed nobody else. Here A tries each step and is refused, while B (an
 * admin who existed before, made at the server like the first one) completes what A asked.
 */
import { sql } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminApprovalPage, AdminApprovalResponse, AdminAccountList } from '../../common/contract';
import { queryRows } from '../../server/db/client';
import { walletAccountId } from '../../server/ledger/accounts';
import {
  adminSignIn,
  accountBalance,
  closeCheckingLedger,
  createAdminTestApp,
  createMethod,
  fund,
  fundedUser,
  insertAdmin,
  me,
  newKey,
  registerAndLogin,
  type AdminTestApp,
  type Headers,
  type TestAdmin,
} from './harness';

let t: AdminTestApp;
/** A: the bootstrap admin, the attacker. */
let a: Headers;
let aId: string;
/** B: a second admin who existed before every request. */
let b: TestAdmin;
let withdrawMethodId: string;

const usdt = (whole: number) => BigInt(Math.round(whole * 1_000_000));
const HOUR_MS = 60 * 60 * 1000;
const hash = () => `0x${Math.random().toString(16).slice(2).padEnd(16, '0')}`;

beforeAll(async () => {
  t = await createAdminTestApp();
  a = t.admin;
  aId = (await me(t.app, a))._id;
  b = await insertAdmin(t.app, { tag: 'bravo', createdAt: new Date(Date.now() - 48 * HOUR_MS) });
  withdrawMethodId = await createMethod(t.app, a, 'withdraw', { charge: '0' });
  // Tightening (turning dual approval on) needs nobody else.
  const on = await call('PUT', '/api/updateSiteSetting', a, { withdrawalDualApproval: '50' });
  expect(on.statusCode, on.body).toBe(200);
});

afterAll(() => closeCheckingLedger(t));

function call(method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) {
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

const approve = (id: string, headers: Headers) =>
  call('POST', `/api/admin/approvals/${id}/approve`, headers, {});
const reject = (id: string, headers: Headers, reason = 'Not agreed') =>
  call('POST', `/api/admin/approvals/${id}/reject`, headers, { reason });

async function createWithdraw(auth: Headers, amount: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/createWithdraw',
    headers: { ...auth, 'idempotency-key': newKey() },
    payload: { gatWay: withdrawMethodId, paymentAddress: 'TXyzUserAddress123', amount },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().withdraw._id;
}

const decideWithdraw = (headers: Headers, id: string, transactionHash?: string) =>
  call('PUT', `/api/updateWithdraw/${id}`, headers, {
    id,
    status: 'Completed',
    ...(transactionHash ? { transactionHash } : {}),
  });

async function withdrawStatus(id: string): Promise<string> {
  const [row] = await queryRows<{ status: string }>(
    t.app.db,
    sql`select status from withdrawals where id = ${id}::uuid`,
  );
  return row?.status ?? 'missing';
}

function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
}

let adminCount = 0;
function newAdminBody() {
  adminCount += 1;
  return {
    fullName: 'Accomplice Account',
    username: `accomplice_${adminCount}`,
    email: `accomplice${adminCount}@example.com`,
    password: 'Quiet-Harbor-4417',
  };
}

async function auditCount(action: string, targetId: string): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    t.app.db,
    sql`select count(*)::text as n from audit_log where action = ${action} and target_id = ${targetId}`,
  );
  return Number(row?.n ?? 0);
}

describe('one admin cannot complete a dual-approval withdrawal with an account of their own', () => {
  it('the new admin cannot exist without B, and cannot second-approve A’s first approval', async () => {
    const user = await fundedUser(t.app, usdt(500));
    const withdrawal = await createWithdraw(user.auth, '100');
    const first = await decideWithdraw(a, withdrawal);
    expect(first.json().awaitingSecondApproval).toBe(true);

    // A asks for an accomplice: nothing exists yet, and A cannot approve it.
    const body = newAdminBody();
    const asked = await call('POST', '/api/admin/admins', a, body);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(is(asked.json(), AdminApprovalResponse)).toBe(true);
    const request = asked.json().approval;
    expect(request).toMatchObject({
      kind: 'admin.create',
      status: 'Pending',
      subject: { username: body.username, email: body.email, fullName: body.fullName },
      requestedBy: { _id: aId },
      notApprovable: 'own_request',
      eligibleApprovers: 1,
    });
    expect(asked.body).not.toMatch(/password|hash|scrypt/i);
    expect((await login(body.email, body.password)).statusCode).toBe(401);
    const own = await approve(request._id, a);
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('second_approver_required');
    expect((await login(body.email, body.password)).statusCode).toBe(401);
    const [stored] = await queryRows<{ payload: { passwordHash: string } }>(
      t.app.db,
      sql`select payload from admin_approvals where id = ${request._id}::uuid`,
    );
    expect(stored?.payload.passwordHash).toMatch(/^scrypt/);
    expect(JSON.stringify(stored)).not.toContain(body.password);

    // B approves: the account exists, created by A.
    const approved = await approve(request._id, b.auth);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().approval).toMatchObject({
      status: 'Approved',
      decidedBy: { _id: b.id },
      notApprovable: null,
    });
    const n = await adminSignIn(t.app, body);
    const nId = (await me(t.app, n))._id;
    const admins = (await call('GET', '/api/admin/admins', b.auth)).json();
    expect(is(admins, AdminAccountList)).toBe(true);
    expect(admins.admins.find((x: { _id: string }) => x._id === nId)).toMatchObject({
      createdBy: { _id: aId },
      disabledAt: null,
    });
    expect(await auditCount('approval.requested', request._id)).toBe(1);
    expect(await auditCount('approval.approved', request._id)).toBe(1);
    expect(await auditCount('admin.created', nId)).toBe(1);
    expect((await approve(request._id, b.auth)).json().code).toBe('already_decided');

    // The new admin cannot give the second approval to A's first; the withdrawal waits.
    const byN = await decideWithdraw(n, withdrawal, hash());
    expect(byN.statusCode).toBe(409);
    expect(['approver_related', 'approver_too_new']).toContain(byN.json().code);
    expect(await withdrawStatus(withdrawal)).toBe('Pending');
    expect(await me(t.app, user.auth)).toMatchObject({
      balance: '400.000000',
      onHold: '100.000000',
    });

    // Nor of a first approval A gives now that N exists: created by A within 24 hours.
    const later = await createWithdraw(user.auth, '60');
    expect((await decideWithdraw(a, later)).json().awaitingSecondApproval).toBe(true);
    const related = await decideWithdraw(n, later, hash());
    expect(related.statusCode).toBe(409);
    expect(related.json().code).toBe('approver_related');
    // And A cannot second-approve what N first-approves either.
    const third = await createWithdraw(user.auth, '55');
    expect((await decideWithdraw(n, third)).json().awaitingSecondApproval).toBe(true);
    const back = await decideWithdraw(a, third, hash());
    expect(back.json().code).toBe('approver_related');

    // B can.
    const done = await decideWithdraw(b.auth, withdrawal, hash());
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().withdraw.status).toBe('Completed');

    // After 24 hours the relation no longer blocks: N may second-approve A's `later`.
    await t.app.db.execute(
      sql`update users set created_at = now() - interval '25 hours' where id = ${nId}::uuid`,
    );
    const afterDay = await decideWithdraw(n, later, hash());
    expect(afterDay.statusCode, afterDay.body).toBe(200);
    expect((await decideWithdraw(b.auth, third, hash())).statusCode).toBe(200);
    expect(await me(t.app, user.auth)).toMatchObject({ balance: '285.000000', onHold: '0.000000' });
  });

  it('an admin created after a first approval cannot give the second', async () => {
    const user = await fundedUser(t.app, usdt(100));
    const withdrawal = await createWithdraw(user.auth, '80');
    expect((await decideWithdraw(b.auth, withdrawal)).json().awaitingSecondApproval).toBe(true);
    const newcomer = await insertAdmin(t.app);
    const res = await decideWithdraw(newcomer.auth, withdrawal, hash());
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('approver_too_new');
    expect((await decideWithdraw(a, withdrawal, hash())).statusCode).toBe(200);
  });
});

describe('an adjustment at or above the threshold needs a second admin', () => {
  const adjust = (headers: Headers, userId: string, amount: string, key = newKey()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${userId}/adjustments`,
      headers: { ...headers, 'idempotency-key': key },
      payload: { amount, reason: 'Manual credit, ticket #77' },
    });

  it('answers pending; A cannot approve it; a newer admin cannot; B approves and it posts once', async () => {
    const user = await registerAndLogin(t.app);
    const wallet = await walletAccountId(t.app.db, user.userId);
    const key = newKey();
    const asked = await adjust(a, user.userId, '100', key);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(is(asked.json(), AdminApprovalResponse)).toBe(true);
    const request = asked.json().approval;
    expect(request).toMatchObject({
      kind: 'ledger.adjust',
      subject: { userId: user.userId, amount: '100.000000', reason: 'Manual credit, ticket #77' },
    });
    expect(await accountBalance(t.app, wallet)).toBe(0n);

    // A replay of the key answers the same request and makes no second one.
    const replay = await adjust(a, user.userId, '100', key);
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(asked.body);
    const [requests] = await queryRows<{ n: string }>(
      t.app.db,
      sql`select count(*)::text as n from admin_approvals
          where kind = 'ledger.adjust' and payload->>'userId' = ${user.userId}`,
    );
    expect(requests?.n).toBe('1');

    expect((await approve(request._id, a)).json().code).toBe('second_approver_required');
    const newcomer = await insertAdmin(t.app);
    const tooNew = await approve(request._id, newcomer.auth);
    expect(tooNew.statusCode).toBe(409);
    expect(tooNew.json().code).toBe('approver_too_new');
    expect(await accountBalance(t.app, wallet)).toBe(0n);

    const approved = await approve(request._id, b.auth);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await accountBalance(t.app, wallet)).toBe(usdt(100));
    expect((await approve(request._id, b.auth)).statusCode).toBe(409);
    expect((await adjust(a, user.userId, '100', key)).statusCode).toBe(202);
    expect(await accountBalance(t.app, wallet)).toBe(usdt(100));
    const [audit] = await queryRows<{ actor_id: string; after: Record<string, string> }>(
      t.app.db,
      sql`select actor_id::text as actor_id, after from audit_log
          where action = 'user.balance_adjusted' and target_id = ${user.userId}`,
    );
    expect(audit).toMatchObject({
      actor_id: b.id,
      after: { approvalId: request._id, requestedBy: aId, amount: '100.000000' },
    });
  });

  it('below the threshold one admin adjusts; with dual approval off, 10,000 USDT is the limit', async () => {
    const user = await registerAndLogin(t.app);
    expect((await adjust(a, user.userId, '49.999999')).statusCode).toBe(201);
    expect((await adjust(a, user.userId, '-50')).statusCode).toBe(422);
    const debit = await adjust(a, user.userId, '-49.999999');
    expect(debit.statusCode, debit.body).toBe(201);

    const off = await call('PUT', '/api/updateSiteSetting', a, { withdrawalDualApproval: null });
    expect(off.statusCode).toBe(202);
    expect((await approve(off.json().approval._id, b.auth)).statusCode).toBe(200);
    try {
      expect((await adjust(a, user.userId, '9999.999999')).statusCode).toBe(201);
      expect((await adjust(a, user.userId, '10000')).statusCode).toBe(202);
      await fund(t.app, user.userId, usdt(1));
      expect((await adjust(a, user.userId, '-10000')).statusCode).toBe(202);
    } finally {
      const on = await call('PUT', '/api/updateSiteSetting', a, { withdrawalDualApproval: '50' });
      expect(on.statusCode).toBe(200);
    }
  });

  it('an approval the wallet can no longer pay fails and leaves the request pending', async () => {
    const user = await fundedUser(t.app, usdt(100));
    const asked = await adjust(a, user.userId, '-100');
    expect(asked.statusCode, asked.body).toBe(202);
    await createWithdraw(user.auth, '10');
    const failed = await approve(asked.json().approval._id, b.auth);
    expect(failed.statusCode).toBe(422);
    expect(failed.json().code).toBe('insufficient_funds');
    const list = (await call('GET', '/api/admin/approvals?status=Pending', b.auth)).json();
    expect(list.items.map((x: { _id: string }) => x._id)).toContain(asked.json().approval._id);
    expect((await reject(asked.json().approval._id, a, 'Asked by mistake')).statusCode).toBe(200);
    expect(await me(t.app, user.auth)).toMatchObject({ balance: '90.000000', onHold: '10.000000' });
  });
});

describe('requests: the list, rejection and expiry', () => {
  it('lists with a status filter, says why the reader may not approve, and never shows a hash', async () => {
    const asked = await call('POST', '/api/admin/admins', a, newAdminBody());
    const id = asked.json().approval._id;
    const page = await call('GET', '/api/admin/approvals', b.auth);
    expect(page.statusCode).toBe(200);
    expect(is(page.json(), AdminApprovalPage)).toBe(true);
    const mine = (await call('GET', '/api/admin/approvals', a)).json();
    const seenByA = mine.items.find((x: { _id: string }) => x._id === id);
    const seenByB = page.json().items.find((x: { _id: string }) => x._id === id);
    expect(seenByA.notApprovable).toBe('own_request');
    expect(seenByB.notApprovable).toBeNull();
    expect(page.body).not.toMatch(/passwordHash|scrypt/);
    for (const query of ['status=Nope', 'page=0', 'who=me']) {
      expect((await call('GET', `/api/admin/approvals?${query}`, a)).statusCode).toBe(400);
    }

    expect((await reject(id, b.auth, '')).statusCode).toBe(400);
    const rejected = await reject(id, b.auth, 'We do not need another admin');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().approval).toMatchObject({
      status: 'Rejected',
      reason: 'We do not need another admin',
      decidedBy: { _id: b.id },
    });
    expect((await approve(id, b.auth)).json().code).toBe('already_decided');
    expect(await auditCount('approval.rejected', id)).toBe(1);
    const rejectedList = (await call('GET', '/api/admin/approvals?status=Rejected', a)).json();
    expect(rejectedList.items.map((x: { _id: string }) => x._id)).toContain(id);
    expect((await approve('00000000-0000-0000-0000-000000000000', b.auth)).statusCode).toBe(404);
    expect((await approve('nope', b.auth)).statusCode).toBe(404);
  });

  it('a request nobody decided in 7 days expires and cannot be approved', async () => {
    const asked = await call('POST', '/api/admin/admins', a, newAdminBody());
    const id = asked.json().approval._id;
    await t.app.db.execute(
      sql`update admin_approvals set requested_at = now() - interval '8 days',
            expires_at = now() - interval '1 day' where id = ${id}::uuid`,
    );
    const late = await approve(id, b.auth);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('approval_expired');
    const expired = (await call('GET', '/api/admin/approvals?status=Expired', a)).json();
    expect(expired.items.map((x: { _id: string }) => x._id)).toContain(id);
  });

  it('a request while no other admin can approve says how to add one', async () => {
    const lone = await createAdminTestApp();
    try {
      const asked = await lone.app.inject({
        method: 'POST',
        url: '/api/admin/admins',
        headers: lone.admin,
        payload: newAdminBody(),
      });
      expect(asked.statusCode).toBe(202);
      expect(asked.json().approval.eligibleApprovers).toBe(0);
      expect(asked.json().message).toMatch(/ADMIN_EMAIL/);
    } finally {
      await lone.close();
    }
  });
});

describe('disabling and enabling admins', () => {
  it('another admin disables, audited with a reason; sessions end; re-enabling needs a second admin', async () => {
    const x = await insertAdmin(t.app);
    const waiting = await call('POST', '/api/admin/admins', x.auth, newAdminBody());
    expect(waiting.statusCode).toBe(202);

    expect(
      (await call('POST', `/api/admin/admins/${aId}/disable`, a, { reason: 'Myself' })).json().code,
    ).toBe('cannot_disable_self');
    expect(
      (await call('POST', `/api/admin/admins/${x.id}/disable`, a, { reason: '' })).statusCode,
    ).toBe(400);
    const disabled = await call('POST', `/api/admin/admins/${x.id}/disable`, a, {
      reason: 'Left the company',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().admin.disabledAt).not.toBeNull();
    expect((await call('GET', '/api/admin/overview', x.auth)).statusCode).toBe(401);
    expect((await login(x.email, x.password)).json().code).toBe('account_disabled');
    const [audit] = await queryRows<{ actor_id: string; reason: string }>(
      t.app.db,
      sql`select actor_id::text as actor_id, reason from audit_log
          where action = 'admin.disabled' and target_id = ${x.id}`,
    );
    expect(audit).toEqual({ actor_id: aId, reason: 'Left the company' });
    // Their waiting request was rejected with them.
    const theirs = await approve(waiting.json().approval._id, b.auth);
    expect(theirs.json().code).toBe('already_decided');
    // The flags route still does not reach admins.
    expect(
      (await call('PUT', `/api/admin/users/${x.id}/flags`, a, { disabled: false })).statusCode,
    ).toBe(404);

    const asked = await call('POST', `/api/admin/admins/${x.id}/enable`, a, {
      reason: 'Came back',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().approval).toMatchObject({
      kind: 'admin.enable',
      subject: { adminId: x.id, reason: 'Came back' },
    });
    const again = await call('POST', `/api/admin/admins/${x.id}/enable`, b.auth, {
      reason: 'Came back',
    });
    expect(again.json().code).toBe('already_requested');
    expect((await approve(asked.json().approval._id, a)).json().code).toBe(
      'second_approver_required',
    );
    expect((await login(x.email, x.password)).json().code).toBe('account_disabled');
    expect((await approve(asked.json().approval._id, b.auth)).statusCode).toBe(200);
    expect((await login(x.email, x.password)).statusCode).toBe(200);
    expect(await auditCount('admin.enabled', x.id)).toBe(1);

    const notDisabled = await call('POST', `/api/admin/admins/${x.id}/enable`, a, {
      reason: 'Again',
    });
    expect(notDisabled.json().code).toBe('state_changed');
    const missing = await call('POST', `/api/admin/admins/${b.id}x/disable`, a, {
      reason: 'x y z',
    });
    expect(missing.statusCode).toBe(404);
    const user = await registerAndLogin(t.app);
    const notAdmin = await call('POST', `/api/admin/admins/${user.userId}/disable`, a, {
      reason: 'Not an admin',
    });
    expect(notAdmin.statusCode).toBe(404);
  });
});

describe('loosening dual approval needs a second admin', () => {
  const setThreshold = (headers: Headers, payload: object) =>
    call('PUT', '/api/updateSiteSetting', headers, payload);

  it('turning it off or raising it waits for B; tightening applies at once', async () => {
    const off = await setThreshold(a, { withdrawalDualApproval: null, transferMin: '2' });
    expect(off.statusCode, off.body).toBe(202);
    expect(off.json()).toMatchObject({
      approval: { kind: 'settings.dual_approval', subject: { before: '50.000000', after: null } },
      // The rest of the update applied; the threshold did not.
      settings: { withdrawalDualApproval: '50.000000', setting: { transferMin: '2.000000' } },
    });
    const lower = await setThreshold(a, { withdrawalDualApproval: '40' });
    expect(lower.statusCode).toBe(200);
    expect(lower.json().withdrawalDualApproval).toBe('40.000000');
    // The threshold moved since: the old request no longer says what B would agree to.
    const stale = await approve(off.json().approval._id, b.auth);
    expect(stale.json().code).toBe('state_changed');

    const raise = await setThreshold(a, { withdrawalDualApproval: '50' });
    expect(raise.statusCode).toBe(202);
    expect((await approve(raise.json().approval._id, a)).statusCode).toBe(409);
    expect((await approve(raise.json().approval._id, b.auth)).statusCode).toBe(200);
    const now = (await call('GET', '/api/admin/settings', a)).json();
    expect(now.withdrawalDualApproval).toBe('50.000000');
    await setThreshold(a, { transferMin: '0' });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('four eyes under concurrency (PostgreSQL)', () => {
  it('two admins approving one request at once carry it out once', async () => {
    const c = await insertAdmin(t.app, { createdAt: new Date(Date.now() - 48 * HOUR_MS) });
    const user = await registerAndLogin(t.app);
    const wallet = await walletAccountId(t.app.db, user.userId);
    for (let round = 0; round < 5; round += 1) {
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${user.userId}/adjustments`,
        headers: { ...a, 'idempotency-key': newKey() },
        payload: { amount: '60', reason: 'Concurrent approvals' },
      });
      expect(asked.statusCode, asked.body).toBe(202);
      const id = asked.json().approval._id as string;
      const answers = await Promise.all([approve(id, b.auth), approve(id, c.auth)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    }
    expect(await accountBalance(t.app, wallet)).toBe(usdt(300));
  });

  it('two admins disabling each other at once leave one enabled', async () => {
    const x = await insertAdmin(t.app);
    const y = await insertAdmin(t.app);
    // Only x and y are enabled for this race: the others step aside and come back after.
    const others = await queryRows<{ id: string }>(
      t.app.db,
      sql`update users set disabled_at = now() where role = 'admin' and disabled_at is null
            and id not in (${x.id}::uuid, ${y.id}::uuid) returning id::text as id`,
    );
    try {
      const answers = await Promise.all([
        call('POST', `/api/admin/admins/${y.id}/disable`, x.auth, { reason: 'Race one' }),
        call('POST', `/api/admin/admins/${x.id}/disable`, y.auth, { reason: 'Race two' }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
      const [enabled] = await queryRows<{ n: string }>(
        t.app.db,
        sql`select count(*)::text as n from users where role = 'admin' and disabled_at is null`,
      );
      expect(enabled?.n).toBe('1');
    } finally {
      for (const { id } of others) {
        await t.app.db.execute(sql`update users set disabled_at = null where id = ${id}::uuid`);
      }
    }
  });
});
