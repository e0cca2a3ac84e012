/**
 * Sessions and sign-in history (issue 20): GET /api/getSessions, PUT /api/revokeSession/:id,
 * PUT /api/revokeOtherSessions, GET /api/getLoginHistory, the last seen time, known devices
 * and the purge's bounds.
 */
import { eq } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LoginHistoryResponse,
  RevokeOtherSessionsResponse,
  RevokeSessionResponse,
  SessionsResponse,
} from '../../common/contract';
import { LOGIN_HISTORY_MAX } from '../../common/rules';
import { loginAttempts, mailOutbox, sessions, users } from '../../server/db/schema';
import {
  LOGIN_ATTEMPT_RETENTION_MS,
  purgeExcessLoginAttempts,
  purgeOldLoginAttempts,
  recordLoginAttempt,
} from '../../server/modules/auth/login-history';
import { findSession } from '../../server/modules/auth/sessions';
import {
  adminHeaders,
  createTestApp,
  newUserBody,
  WITH_ADMIN,
  type Headers,
  type TestApp,
} from './harness';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let t: TestApp;
/** Every answer of the calls under test, searched for token hashes at the end. */
const answers: string[] = [];

beforeAll(async () => {
  t = await createTestApp(WITH_ADMIN);
});
afterAll(async () => {
  if (!t) return;
  await t.close();
});

interface Account {
  email: string;
  password: string;
}

async function register(): Promise<Account> {
  const body = newUserBody();
  const res = await t.app.inject({ method: 'POST', url: '/api/registerUser', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return { email: body.email, password: body.password };
}

async function signIn(
  account: Account,
  client: { ua?: string; ip?: string; deviceId?: string; password?: string } = {},
) {
  const headers: Headers = {};
  if (client.ua) headers['user-agent'] = client.ua;
  if (client.deviceId) headers['x-device-id'] = client.deviceId;
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: account.email, password: client.password ?? account.password },
    headers,
    remoteAddress: client.ip ?? '198.51.100.7',
  });
}

async function session(account: Account, client: Parameters<typeof signIn>[1] = {}) {
  const res = await signIn(account, client);
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${(res.json() as { token: string }).token}` };
}

async function call(method: 'GET' | 'PUT', url: string, headers: Headers) {
  const res = await t.app.inject({ method, url, headers });
  answers.push(res.body);
  return res;
}

async function listSessions(headers: Headers): Promise<SessionsResponse['sessions']> {
  const res = await call('GET', '/api/getSessions', headers);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(is(body, SessionsResponse)).toBe(true);
  return (body as SessionsResponse).sessions;
}

async function history(headers: Headers): Promise<LoginHistoryResponse['attempts']> {
  const res = await call('GET', '/api/getLoginHistory', headers);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(is(body, LoginHistoryResponse)).toBe(true);
  return (body as LoginHistoryResponse).attempts;
}

const stillSignedIn = async (headers: Headers) =>
  (await t.app.inject({ url: '/api/getUserById', headers })).statusCode;

describe('GET /api/getSessions', () => {
  it('lists the caller’s sessions newest first, browser and system parsed, this one marked', async () => {
    const account = await register();
    const phone = await session(account, { ua: ANDROID_CHROME, ip: '203.0.113.10' });
    const iphone = await session(account, { ua: IPHONE_SAFARI, ip: '203.0.113.11' });
    const list = await listSessions(phone);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      browser: 'Safari 18.1',
      system: 'iOS 18.1',
      ip: '203.0.113.11',
      current: false,
      supportView: false,
    });
    expect(list[1]).toMatchObject({
      browser: 'Chrome 131',
      system: 'Android 14',
      ip: '203.0.113.10',
      current: true,
    });
    expect((await listSessions(iphone)).map((s) => s.current)).toEqual([true, false]);
    for (const s of list) {
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    }
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ url: '/api/getSessions' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/getLoginHistory' })).statusCode).toBe(401);
  });

  it('moves last seen time and address on at most once a minute', async () => {
    const account = await register();
    const res = await signIn(account, { ip: '203.0.113.20' });
    const token = (res.json() as { token: string }).token;
    const [row] = await t.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.ipAddress, '203.0.113.20'));
    if (!row) throw new Error('no session row');
    const readRow = async () =>
      (await t.app.db.select().from(sessions).where(eq(sessions.id, row.id)))[0];

    const soon = new Date(row.lastSeenAt.getTime() + 30_000);
    expect(await findSession(t.app.db, token, '203.0.113.21', soon)).not.toBeNull();
    expect((await readRow())?.lastSeenAt.getTime()).toBe(row.lastSeenAt.getTime());
    expect((await readRow())?.ipAddress).toBe('203.0.113.20');

    const later = new Date(row.lastSeenAt.getTime() + 61_000);
    expect(await findSession(t.app.db, token, '203.0.113.22', later)).not.toBeNull();
    expect((await readRow())?.lastSeenAt.getTime()).toBe(later.getTime());
    expect((await readRow())?.ipAddress).toBe('203.0.113.22');
  });
});

describe('PUT /api/revokeSession/:id', () => {
  it('signs another of the caller’s sessions out, and only it', async () => {
    const account = await register();
    const first = await session(account, { ua: ANDROID_CHROME });
    const second = await session(account, { ua: WINDOWS_FIREFOX });
    const other = (await listSessions(first)).find((s) => !s.current);
    if (!other) throw new Error('no other session');
    const res = await call('PUT', `/api/revokeSession/${other.id}`, first);
    expect(res.statusCode, res.body).toBe(200);
    expect(is(res.json(), RevokeSessionResponse)).toBe(true);
    expect(res.json()).toMatchObject({ current: false });
    expect(await stillSignedIn(second)).toBe(401);
    expect(await stillSignedIn(first)).toBe(200);
    expect(await listSessions(first)).toHaveLength(1);
    // Once more: it is gone.
    expect((await call('PUT', `/api/revokeSession/${other.id}`, first)).statusCode).toBe(404);
  });

  it('answers 404 for another user’s session and changes nothing', async () => {
    const mallory = await session(await register());
    const victimAccount = await register();
    const victim = await session(victimAccount, { ua: IPHONE_SAFARI });
    const [victimSession] = await listSessions(victim);
    if (!victimSession) throw new Error('no session');
    const res = await call('PUT', `/api/revokeSession/${victimSession.id}`, mallory);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect(await stillSignedIn(victim)).toBe(200);
    expect(await listSessions(victim)).toEqual([
      { ...victimSession, lastSeenAt: expect.any(String) },
    ]);
  });

  it('answers 404 for a malformed or unknown id', async () => {
    const headers = await session(await register());
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"]) {
      const res = await call('PUT', `/api/revokeSession/${encodeURIComponent(id)}`, headers);
      expect(res.statusCode, id).toBe(404);
    }
    expect(await stillSignedIn(headers)).toBe(200);
  });

  it('signs this device out when it names the current session', async () => {
    const headers = await session(await register());
    const [current] = await listSessions(headers);
    if (!current) throw new Error('no session');
    const res = await call('PUT', `/api/revokeSession/${current.id}`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ current: true });
    expect(await stillSignedIn(headers)).toBe(401);
  });
});

describe('PUT /api/revokeOtherSessions', () => {
  it('signs every other session out and keeps the current one', async () => {
    const account = await register();
    const keep = await session(account);
    const others = [await session(account), await session(account), await session(account)];
    const res = await call('PUT', '/api/revokeOtherSessions', keep);
    expect(res.statusCode, res.body).toBe(200);
    expect(is(res.json(), RevokeOtherSessionsResponse)).toBe(true);
    expect(res.json()).toMatchObject({ revoked: 3 });
    for (const headers of others) expect(await stillSignedIn(headers)).toBe(401);
    expect(await stillSignedIn(keep)).toBe(200);
    const list = await listSessions(keep);
    expect(list.map((s) => s.current)).toEqual([true]);
  });
});

describe('bodies', () => {
  it('are refused with any field, and nothing is signed out', async () => {
    const account = await register();
    const keep = await session(account);
    const other = await session(account);
    const [, second] = await listSessions(keep);
    for (const url of ['/api/revokeOtherSessions', `/api/revokeSession/${second?.id ?? ''}`]) {
      const res = await t.app.inject({
        method: 'PUT',
        url,
        headers: keep,
        payload: { userId: '00000000-0000-4000-8000-000000000000' },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unknown_field', field: 'userId' });
    }
    expect(await stillSignedIn(other)).toBe(200);
    expect(await listSessions(keep)).toHaveLength(2);
  });
});

describe('an admin’s read-only view of the account', () => {
  it('is listed as a support view without the admin’s details; the user cannot end it', async () => {
    const account = await register();
    const user = await session(account, { ua: ANDROID_CHROME });
    const userId = (
      (await t.app.inject({ url: '/api/getUserById', headers: user })).json() as {
        user: { _id: string };
      }
    ).user._id;
    const admin = await adminHeaders(t.app);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/userLogin/${userId}`,
      headers: { ...admin, 'user-agent': WINDOWS_FIREFOX },
      remoteAddress: '192.0.2.99',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const view = { authorization: `Bearer ${(opened.json() as { token: string }).token}` };
    // The view's own requests do not give it the admin's address.
    expect(await stillSignedIn(view)).toBe(200);

    const list = await listSessions(user);
    const support = list.find((s) => s.supportView);
    expect(support).toMatchObject({ browser: null, system: null, ip: null, current: false });
    expect(JSON.stringify(list)).not.toContain('192.0.2.99');
    if (!support) throw new Error('no support view');

    const refused = await call('PUT', `/api/revokeSession/${support.id}`, user);
    expect(refused.statusCode).toBe(403);
    expect((await call('PUT', '/api/revokeOtherSessions', user)).json()).toMatchObject({
      revoked: 0,
    });
    expect(await stillSignedIn(view)).toBe(200);

    // The view reads the list (its own session marked) but cannot end anything.
    expect((await listSessions(view)).find((s) => s.current)?.supportView).toBe(true);
    const [userSession] = list.filter((s) => !s.supportView);
    const change = await call('PUT', `/api/revokeSession/${userSession?.id ?? ''}`, view);
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({ code: 'read_only_session' });
    expect((await call('PUT', '/api/revokeOtherSessions', view)).statusCode).toBe(403);
    expect(await stillSignedIn(user)).toBe(200);
    expect(await stillSignedIn(admin)).toBe(200);
  });
});

describe('GET /api/getLoginHistory', () => {
  it('records successes and failures newest first, with address, browser and system', async () => {
    const account = await register();
    expect(
      (
        await signIn(account, {
          password: 'Wrong-Password-1',
          ip: '203.0.113.30',
          ua: WINDOWS_FIREFOX,
        })
      ).statusCode,
    ).toBe(401);
    const headers = await session(account, { ip: '203.0.113.31', ua: ANDROID_CHROME });
    const attempts = await history(headers);
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toMatchObject({
      result: 'success',
      ip: '203.0.113.31',
      browser: 'Chrome 131',
      system: 'Android 14',
      newDevice: false,
    });
    expect(attempts[1]).toMatchObject({
      result: 'wrong_password',
      ip: '203.0.113.30',
      browser: 'Firefox 133',
      system: 'Windows 10',
    });
    expect(Date.parse(attempts[0]?.attemptedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(attempts[1]?.attemptedAt ?? ''),
    );
  });

  it('keeps nothing for an unknown email', async () => {
    const count = async () => (await t.app.db.select().from(loginAttempts)).length;
    const before = await count();
    const res = await signIn(
      { email: `nobody_${Date.now()}@example.com`, password: 'Violet-Harbor-71' },
      { ip: '203.0.113.40' },
    );
    expect(res.statusCode).toBe(401);
    expect(await count()).toBe(before);
  });

  it('records a disabled account’s sign-in', async () => {
    const account = await register();
    const headers = await session(account);
    const userId = (
      (await t.app.inject({ url: '/api/getUserById', headers })).json() as {
        user: { _id: string };
      }
    ).user._id;
    await t.app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, userId));
    expect((await signIn(account)).statusCode).toBe(403);
    const rows = await t.app.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.userId, userId));
    expect(rows.map((r) => r.result)).toContain('account_disabled');
  });

  it('records a throttled attempt once per address and minute', async () => {
    const account = await register();
    const ip = '203.0.113.50';
    let throttled = 0;
    for (let i = 0; i < 9; i += 1) {
      const res = await signIn(account, { ip, password: `Wrong-Password-${i}` });
      if (res.statusCode === 429) throttled += 1;
    }
    expect(throttled).toBeGreaterThan(1);
    const headers = await session(account, { ip: '203.0.113.51' });
    const results = (await history(headers)).map((a) => a.result);
    expect(results.filter((r) => r === 'throttled')).toHaveLength(1);
    expect(results.filter((r) => r === 'wrong_password').length).toBeGreaterThanOrEqual(5);
  });

  it('answers at most the newest 50; the purge keeps 50 per account and drops old ones', async () => {
    const account = await register();
    const headers = await session(account);
    const userId = (
      (await t.app.inject({ url: '/api/getUserById', headers })).json() as {
        user: { _id: string };
      }
    ).user._id;
    const start = Date.now() - 60 * 60_000;
    for (let i = 0; i < 60; i += 1) {
      await recordLoginAttempt(t.app.db, {
        userId,
        result: i % 2 === 0 ? 'wrong_password' : 'success',
        ipAddress: `192.0.2.${i}`,
        userAgent: null,
        at: new Date(start + i * 1000),
      });
    }
    const attempts = await history(headers);
    expect(attempts).toHaveLength(LOGIN_HISTORY_MAX);
    const times = attempts.map((a) => Date.parse(a.attemptedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The real sign-in is the newest; the 49 after it are the newest recorded ones.
    expect(attempts[0]?.result).toBe('success');
    expect(attempts[1]?.ip).toBe('192.0.2.59');

    const rowsOf = async () =>
      t.app.db.select().from(loginAttempts).where(eq(loginAttempts.userId, userId));
    expect(await rowsOf()).toHaveLength(61);
    expect(await purgeExcessLoginAttempts(t.app.db)).toBeGreaterThanOrEqual(11);
    expect(await rowsOf()).toHaveLength(LOGIN_HISTORY_MAX);
    expect(await history(headers)).toEqual(attempts);

    await purgeOldLoginAttempts(t.app.db, Date.now() + LOGIN_ATTEMPT_RETENTION_MS - 30 * 60_000);
    const left = await rowsOf();
    expect(left).toHaveLength(1);
    expect(left[0]?.ipAddress).toBe('198.51.100.7');
  });
});

describe('new devices', () => {
  it('marks a sign-in from a device id the account has not used, not its first', async () => {
    const account = await register();
    const phone = 'phone-device-id-0001';
    const laptop = 'laptop-device-id-0002';
    const headers = await session(account, { deviceId: phone, ua: ANDROID_CHROME });
    await session(account, { deviceId: phone, ua: ANDROID_CHROME });
    await session(account, { deviceId: laptop, ua: ANDROID_CHROME });
    await session(account, { deviceId: laptop, ua: ANDROID_CHROME });
    // Without a device id: its browser and system names are the device.
    await session(account, { ua: WINDOWS_FIREFOX });
    await session(account, { ua: WINDOWS_FIREFOX.replace('133.0', '134.0') });
    const flags = (await history(headers)).map((a) => a.newDevice).reverse();
    expect(flags).toEqual([false, false, true, false, true, false]);

    // Each new device's sign-in mails the owner: when, from where, on what.
    const [user] = await t.app.db.select().from(users).where(eq(users.email, account.email));
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user!.id));
    const newDeviceMails = mails.filter((mail) => mail.kind === 'new_device_sign_in');
    expect(newDeviceMails).toHaveLength(2);
    expect(newDeviceMails[0]?.params).toMatchObject({
      address: expect.any(String),
      device: 'Chrome 131, Android 14',
    });
  });
});

describe('answers', () => {
  it('never carry a token hash', async () => {
    const hashes = (await t.app.db.select({ h: sessions.tokenHash }).from(sessions)).map(
      (r) => r.h,
    );
    expect(hashes.length).toBeGreaterThan(5);
    expect(answers.length).toBeGreaterThan(10);
    const all = answers.join('\n');
    for (const hash of hashes) expect(all).not.toContain(hash);
    expect(all).not.toMatch(/tokenHash|token_hash/);
  });
});
