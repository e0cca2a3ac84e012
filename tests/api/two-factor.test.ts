/**
 * Two-factor authentication (TOTP) and the withdrawal cooling period, through the API: set-up,
 * enabling and turning off, the sign-in challenge, replayed and brute-forced codes, the
 * step-up of money and security calls, the admin gate and the admin's reset. The clock is
 * the app's (`nowMs`), moved by the tests.
 */
import { and, eq } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginResponse, UserResponse } from '../../common/contract';
import { RECOVERY_CODE_PATTERN } from '../../common/rules';
import { auditLog, mailOutbox } from '../../server/db/schema';
import { totpCodeAt } from '../../server/modules/users/two-factor-codes';
import {
  adminSignIn,
  closeCheckingLedger,
  createMethod,
  createTestApp,
  forgetUsedCodes,
  fundedUser,
  me,
  newKey,
  registerAndLogin,
  TEST_ADMIN,
  WITH_ADMIN,
  type Headers,
  type TestApp,
} from './harness';

let t: TestApp;
let clockMs = Date.now();
let admin: Headers;
let withdrawMethodId: string;

beforeAll(async () => {
  t = await createTestApp(WITH_ADMIN, { nowMs: () => clockMs });
  admin = await adminSignIn(t.app, TEST_ADMIN);
  withdrawMethodId = await createMethod(t.app, admin, 'withdraw', { maxAmount: '5000' });
});
afterAll(() => closeCheckingLedger(t));

/** Moves the app's clock on to the start of a later 30 s step (a fresh code). */
function nextStep(steps = 1): void {
  clockMs = (Math.floor(clockMs / 30_000) + steps) * 30_000 + 1000;
}

const post = (url: string, payload: unknown, headers: Headers = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

/** A funded user with two-factor on: its key, recovery codes and session. */
async function userWithTwoFactor(balanceMicros = 100_000_000n) {
  const user = await fundedUser(t.app, balanceMicros);
  const setup = await post('/api/setupTwoFactor', {}, user.auth);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/TradeWallet:/);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const enabled = await post('/api/enableTwoFactor', { code: code(secret) }, user.auth);
  expect(enabled.statusCode).toBe(200);
  const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
  nextStep();
  return { ...user, secret, recoveryCodes };
}

const code = (secret: string) => totpCodeAt(secret, clockMs);

function withdraw(headers: Headers, key = newKey(), extra: Headers = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/createWithdraw',
    headers: { ...headers, ...extra, 'idempotency-key': key },
    payload: {
      gatWay: withdrawMethodId,
      paymentAddress: 'TXyzUserAddress123',
      amount: '40',
      needToPay: '39',
      charge: '2.5',
      coinConversion: '39',
    },
  });
}

describe('set-up and enabling', () => {
  it('a set-up is pending until a code enables it; enabling answers ten recovery codes once', async () => {
    const user = await registerAndLogin(t.app);
    const first = (await post('/api/setupTwoFactor', {}, user.auth)).json() as { secret: string };
    // A new set-up replaces the pending key: a code of the first one no longer enables.
    const second = (await post('/api/setupTwoFactor', {}, user.auth)).json() as { secret: string };
    expect(second.secret).not.toBe(first.secret);
    expect(second.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect((await me(t.app, user.auth)) as unknown).toMatchObject({ twoFactorEnabled: false });
    const stale = await post('/api/enableTwoFactor', { code: code(first.secret) }, user.auth);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'two_factor_invalid' });

    const enabled = await post('/api/enableTwoFactor', { code: code(second.secret) }, user.auth);
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const recovery of recoveryCodes) expect(recovery).toMatch(RECOVERY_CODE_PATTERN);
    const view = (await t.app.inject({ url: '/api/getUserById', headers: user.auth })).json();
    expect(is(view, UserResponse)).toBe(true);
    expect(view.user.twoFactorEnabled).toBe(true);

    // On: neither a new set-up nor enabling again.
    expect((await post('/api/setupTwoFactor', {}, user.auth)).json()).toMatchObject({
      code: 'two_factor_already_enabled',
    });
    nextStep();
  });

  it('enabling without a set-up is refused', async () => {
    const user = await registerAndLogin(t.app);
    const res = await post('/api/enableTwoFactor', { code: '123456' }, user.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'two_factor_not_set_up' });
  });

  it('refuses twoFactorEnabled sent by the client (mass assignment)', async () => {
    const user = await registerAndLogin(t.app);
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/updateProfile',
      headers: user.auth,
      payload: { fullName: 'Test Person', phoneNumber: '+14155550123', twoFactorEnabled: true },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toMatchObject({ code: 'unknown_field' });
    const extra = await post('/api/enableTwoFactor', { code: '123456', enabled: true }, user.auth);
    expect(extra.statusCode).toBe(400);
    expect((await me(t.app, user.auth)) as unknown).toMatchObject({ twoFactorEnabled: false });
  });
});

describe('sign-in with a second factor', () => {
  it('keeps the login answer exact for users without two-factor', async () => {
    const user = await registerAndLogin(t.app);
    const res = await post('/api/login', { email: user.body.email, password: user.body.password });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['expiresAt', 'role', 'token']);
    expect(is(res.json(), LoginResponse)).toBe(true);
  });

  it('answers a challenge instead of a token; a code turns it into a session, once', async () => {
    const user = await userWithTwoFactor();
    const login = await post('/api/login', {
      email: user.body.email,
      password: user.body.password,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    const { challenge } = login.json() as { challenge: string };

    const signedIn = await post('/api/loginTwoFactor', { challenge, code: code(user.secret) });
    expect(signedIn.statusCode).toBe(200);
    expect(is(signedIn.json(), LoginResponse)).toBe(true);
    const token = (signedIn.json() as { token: string }).token;
    expect((await me(t.app, { authorization: `Bearer ${token}` }))._id).toBe(user.userId);

    // The challenge served its one success.
    nextStep();
    const again = await post('/api/loginTwoFactor', { challenge, code: code(user.secret) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'challenge_invalid' });
  });

  it('refuses an expired challenge', async () => {
    const user = await userWithTwoFactor();
    const login = await post('/api/login', {
      email: user.body.email,
      password: user.body.password,
    });
    const { challenge } = login.json() as { challenge: string };
    clockMs += 5 * 60_000 + 1000;
    const res = await post('/api/loginTwoFactor', { challenge, code: code(user.secret) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'challenge_invalid' });
    expect(res.json()).not.toHaveProperty('token');
  });

  it('refuses a code used before, within its window', async () => {
    const user = await userWithTwoFactor();
    const used = code(user.secret);
    const first = await post('/api/login', {
      email: user.body.email,
      password: user.body.password,
    });
    const ok = await post('/api/loginTwoFactor', {
      challenge: first.json().challenge,
      code: used,
    });
    expect(ok.statusCode).toBe(200);
    // Same step, a new challenge: the same code is refused.
    const second = await post('/api/login', {
      email: user.body.email,
      password: user.body.password,
    });
    const replayed = await post('/api/loginTwoFactor', {
      challenge: second.json().challenge,
      code: used,
    });
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json()).toMatchObject({ code: 'two_factor_invalid' });
    expect(replayed.json()).not.toHaveProperty('token');
  });

  it('takes a recovery code in place of a code, once', async () => {
    const user = await userWithTwoFactor();
    const recovery = user.recoveryCodes[0] ?? '';
    const login = () =>
      post('/api/login', { email: user.body.email, password: user.body.password }).then(
        (res) => (res.json() as { challenge: string }).challenge,
      );
    // Any case, with spaces: as a person copies it.
    const ok = await post('/api/loginTwoFactor', {
      challenge: await login(),
      code: ` ${recovery.toLowerCase()} `,
    });
    expect(ok.statusCode).toBe(200);
    const again = await post('/api/loginTwoFactor', { challenge: await login(), code: recovery });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'two_factor_invalid' });
  });

  it('locks the second factor for 15 minutes after 5 wrong codes, even for a right one', async () => {
    const user = await userWithTwoFactor();
    const { challenge } = (
      await post('/api/login', { email: user.body.email, password: user.body.password })
    ).json() as { challenge: string };
    const right = code(user.secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await post('/api/loginTwoFactor', { challenge, code: wrong });
      expect(res.statusCode, `attempt ${attempt}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'two_factor_invalid' });
    }
    const locked = await post('/api/loginTwoFactor', { challenge, code: right });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'two_factor_locked' });
    const opensAt = Date.parse(locked.json().opensAt as string);
    expect(opensAt - clockMs).toBeGreaterThan(14 * 60_000);
    expect(opensAt - clockMs).toBeLessThanOrEqual(15 * 60_000);
    // The lock is the account's: the step-up of a money call is locked too.
    const money = await withdraw(user.auth, newKey(), { 'x-two-factor-code': right });
    expect(money.statusCode).toBe(429);

    clockMs = opensAt + 1000;
    const { challenge: fresh } = (
      await post('/api/login', { email: user.body.email, password: user.body.password })
    ).json() as { challenge: string };
    const opened = await post('/api/loginTwoFactor', { challenge: fresh, code: code(user.secret) });
    expect(opened.statusCode).toBe(200);
    nextStep();
  });
});

describe('step-up of money and security calls', () => {
  it('a stolen session without a code moves nothing; with a code it withdraws; a retry replays', async () => {
    const user = await userWithTwoFactor();
    const before = await me(t.app, user.auth);
    const missing = await withdraw(user.auth);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: 'two_factor_required' });
    const wrong = await withdraw(user.auth, newKey(), { 'x-two-factor-code': '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'two_factor_invalid' });
    const stolenTransfer = await t.app.inject({
      method: 'POST',
      url: '/api/createTransfer',
      headers: { ...user.auth, 'idempotency-key': newKey() },
      payload: { amount: '5', receivePId: (await registerAndLogin(t.app)).payId },
    });
    expect(stolenTransfer.statusCode).toBe(403);
    expect(stolenTransfer.json()).toMatchObject({ code: 'two_factor_required' });
    const after = await me(t.app, user.auth);
    expect({ balance: after.balance, onHold: after.onHold }).toEqual({
      balance: before.balance,
      onHold: before.onHold,
    });

    const key = newKey();
    const done = await withdraw(user.auth, key, { 'x-two-factor-code': code(user.secret) });
    expect(done.statusCode).toBe(201);
    // The same key again, without a code (its code is spent): the first answer, replayed.
    const replay = await withdraw(user.auth, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(done.body);
    expect((await me(t.app, user.auth)).onHold).toBe('40.000000');
    nextStep();
  });

  it('a transfer takes a code in the header', async () => {
    const user = await userWithTwoFactor();
    const receiver = await registerAndLogin(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/createTransfer',
      headers: {
        ...user.auth,
        'idempotency-key': newKey(),
        'x-two-factor-code': code(user.secret),
      },
      payload: { amount: '5', receivePId: receiver.payId },
    });
    expect(res.statusCode).toBe(201);
    nextStep();
  });

  it('a password change asks for a code, then pauses withdrawals for 24 hours', async () => {
    const user = await userWithTwoFactor();
    const change = (headers: Headers) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/updateUserPasswordByUser',
        headers,
        payload: { currentPassword: user.body.password, password: 'Granite-Meadow-88' },
      });
    const missing = await change(user.auth);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: 'two_factor_required' });
    const changed = await change({ ...user.auth, 'x-two-factor-code': code(user.secret) });
    expect(changed.statusCode).toBe(200);
    nextStep();

    const { challenge } = (
      await post('/api/login', { email: user.body.email, password: 'Granite-Meadow-88' })
    ).json() as { challenge: string };
    const session = await post('/api/loginTwoFactor', { challenge, code: code(user.secret) });
    const auth = { authorization: `Bearer ${session.json().token as string}` };
    nextStep();
    const locked = await withdraw(auth, newKey(), { 'x-two-factor-code': code(user.secret) });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: 'withdrawals_locked' });
    const opensAt = Date.parse(locked.json().opensAt as string);
    expect(Math.abs(opensAt - (clockMs + 24 * 3600_000))).toBeLessThan(120_000);
    expect((await me(t.app, auth)).onHold).toBe('0.000000');

    clockMs = opensAt + 1000;
    const opened = await withdraw(auth, newKey(), { 'x-two-factor-code': code(user.secret) });
    expect(opened.statusCode).toBe(201);
    nextStep();
  });

  it('a password change without two-factor pauses withdrawals too', async () => {
    const user = await fundedUser(t.app, 100_000_000n);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/updateUserPasswordByUser',
      headers: user.auth,
      payload: { currentPassword: user.body.password, password: 'Granite-Meadow-88' },
    });
    expect(changed.statusCode).toBe(200);
    const login = await post('/api/login', {
      email: user.body.email,
      password: 'Granite-Meadow-88',
    });
    const auth = { authorization: `Bearer ${login.json().token as string}` };
    const locked = await withdraw(auth);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: 'withdrawals_locked' });
  });

  it('turning two-factor off takes a code (or a recovery code) and pauses withdrawals', async () => {
    const user = await userWithTwoFactor();
    const wrong = await post('/api/disableTwoFactor', { code: '000000' }, user.auth);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'two_factor_invalid' });
    const off = await post(
      '/api/disableTwoFactor',
      { code: user.recoveryCodes[3] ?? '' },
      user.auth,
    );
    expect(off.statusCode).toBe(200);
    expect((await me(t.app, user.auth)) as unknown).toMatchObject({ twoFactorEnabled: false });
    const locked = await withdraw(user.auth);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: 'withdrawals_locked' });
    // Sign-in is back to a password alone, with the exact answer.
    const login = await post('/api/login', {
      email: user.body.email,
      password: user.body.password,
    });
    expect(Object.keys(login.json()).sort()).toEqual(['expiresAt', 'role', 'token']);
    // The owner was told both times, in the transactions that changed it.
    const mails = await t.app.db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, user.userId));
    expect(mails.map((mail) => mail.kind)).toEqual(
      expect.arrayContaining(['two_factor_enabled', 'two_factor_disabled']),
    );
  });
});

describe('admins', () => {
  it('an admin without two-factor may call no admin route until set up', async () => {
    const fresh = await createTestApp(
      { ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'Root-Console-2026' },
      { nowMs: () => clockMs },
    );
    try {
      const login = await fresh.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'root@example.com', password: 'Root-Console-2026' },
      });
      const headers = { authorization: `Bearer ${login.json().token as string}` };
      const adminRoutes = fresh.app.apiRoutes.filter((route) => route.access === 'admin');
      expect(adminRoutes.length).toBeGreaterThan(20);
      for (const route of adminRoutes) {
        const res = await fresh.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:[A-Za-z]+/g, '00000000-0000-0000-0000-000000000000'),
          payload: {},
          headers,
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(res.json(), `${route.method} ${route.url}`).toMatchObject({
          code: 'two_factor_setup_required',
        });
      }
      // The set-up itself is open; once on, the console opens with the same session.
      const setup = await fresh.app.inject({
        method: 'POST',
        url: '/api/setupTwoFactor',
        headers,
      });
      expect(setup.statusCode).toBe(200);
      const enabled = await fresh.app.inject({
        method: 'POST',
        url: '/api/enableTwoFactor',
        headers,
        payload: { code: totpCodeAt(setup.json().secret as string, clockMs) },
      });
      expect(enabled.statusCode).toBe(200);
      const overview = await fresh.app.inject({ url: '/api/admin/overview', headers });
      expect(overview.statusCode).toBe(200);
      // An admin cannot turn it off.
      const off = await fresh.app.inject({
        method: 'POST',
        url: '/api/disableTwoFactor',
        headers,
        payload: { code: '000000' },
      });
      expect(off.statusCode).toBe(403);
    } finally {
      await fresh.close();
    }
  });

  it("an admin resets a user's two-factor with a reason: audited, withdrawals paused", async () => {
    const user = await userWithTwoFactor();
    const url = `/api/admin/users/${user.userId}/resetTwoFactor`;
    const noReason = await post(url, { reason: ' ' }, admin);
    expect(noReason.statusCode).toBe(400);
    expect((await me(t.app, user.auth)) as unknown).toMatchObject({ twoFactorEnabled: true });

    const reset = await post(url, { reason: 'Lost phone, identity checked by video call' }, admin);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user).toMatchObject({ twoFactorEnabled: false });
    expect(reset.json().user.withdrawalsLockedUntil).toEqual(expect.any(String));
    expect((await me(t.app, user.auth)) as unknown).toMatchObject({ twoFactorEnabled: false });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.two_factor_reset'), eq(auditLog.targetId, user.userId)));
    expect(entry?.reason).toBe('Lost phone, identity checked by video call');
    const locked = await withdraw(user.auth);
    expect(locked.json()).toMatchObject({ code: 'withdrawals_locked' });
    // Nothing left to reset.
    const again = await post(url, { reason: 'Second try of the same reset' }, admin);
    expect(again.statusCode).toBe(409);
  });

  it('the admin signs in again with a code (challenge), as the console does', async () => {
    await forgetUsedCodes(t.app.db, TEST_ADMIN.email);
    const headers = await adminSignIn(t.app, TEST_ADMIN);
    const overview = await t.app.inject({ url: '/api/admin/overview', headers });
    expect(overview.statusCode).toBe(200);
  });
});
