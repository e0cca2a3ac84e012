import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginResponse, RegisterResponse, UserResponse } from '../../common/contract';
import { is } from 'superstruct';
import { eq } from 'drizzle-orm';
import { sessions } from '../../server/db/schema';
import { createSession, purgeExpiredSessions } from '../../server/modules/auth/sessions';
import { claimAttempt, signInCounters } from '../../server/modules/auth/throttle';
import { createTestApp, newUserBody, registerAndLogin, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'Ops-Console-2026' });
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

/** The signed-in user's own password change. */
const changePassword = (
  headers: Record<string, string>,
  currentPassword: string,
  password: string,
) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/updateUserPasswordByUser',
    payload: { currentPassword, password },
    headers,
  });

/** What helmet sets on every answer. */
const SECURITY_HEADERS = new Set([
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

describe('registration', () => {
  it('creates a user with a numeric Pay ID and a zero balance, and no token', async () => {
    const body = newUserBody();
    const res = await post('/api/registerUser', body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(is(json, RegisterResponse)).toBe(true);
    expect(json.user.payId).toMatch(/^[1-9]\d{7}$/);
    expect(json.user.balance).toBe('0.000000');
    expect(json.user.role).toBe('user');
    expect(json).not.toHaveProperty('token');
    expect(JSON.stringify(json)).not.toContain('scrypt');
  });

  it('refuses an existing email with 409 and changes nothing', async () => {
    const body = newUserBody();
    expect((await post('/api/registerUser', body)).statusCode).toBe(201);
    const again = await post('/api/registerUser', {
      ...body,
      username: `${body.username}x`,
      email: body.email.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'email_taken', field: 'email' });
  });

  it('refuses an existing username in another case with 409', async () => {
    const body = newUserBody();
    expect((await post('/api/registerUser', body)).statusCode).toBe(201);
    const again = await post(
      '/api/registerUser',
      newUserBody({ username: body.username.toUpperCase() }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'username_taken' });
  });

  it.each(['role', 'balance', 'payId', 'isVerified'])(
    'refuses the unknown field %s with 400',
    async (field) => {
      const body = {
        ...newUserBody(),
        [field]: field === 'role' ? 'admin' : field === 'isVerified' ? true : '1000',
      };
      const res = await post('/api/registerUser', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unknown_field', field });
      const login = await post('/api/login', { email: body.email, password: body.password });
      expect(login.statusCode).toBe(401);
    },
  );

  it('refuses malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/registerUser',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'malformed_json' });
  });

  it.each([
    [{ password: '12345' }, 'password', 'passwordTooShort'],
    [{ password: 'password123' }, 'password', 'passwordTooCommon'],
    [{ email: 'not-an-email' }, 'email', 'emailInvalid'],
    [{ username: 'a b' }, 'username', 'usernameChars'],
    [{ fullName: '   ' }, 'fullName', 'fullNameRequired'],
    [{ phoneNumber: 'call me' }, 'phoneNumber', 'phoneInvalid'],
  ])('gives a clear field message for %j', async (override, field, fieldCode) => {
    const res = await post('/api/registerUser', newUserBody(override as Record<string, string>));
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json).toMatchObject({ code: 'field', field, fieldCode });
    expect(json.error.length).toBeGreaterThan(5);
  });

  it('refuses a missing field and a wrong type', async () => {
    const { password: _omit, ...missing } = newUserBody();
    expect((await post('/api/registerUser', missing)).statusCode).toBe(400);
    expect((await post('/api/registerUser', { ...newUserBody(), email: 42 })).statusCode).toBe(400);
    expect((await post('/api/registerUser', [newUserBody()])).statusCode).toBe(400);
  });
});

describe('sign-in and sessions', () => {
  it('answers a token and role, and the token reads the user', async () => {
    const { token, body } = await registerAndLogin(t.app);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.app.inject({
      url: '/api/getUserById',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    const json = me.json();
    expect(is(json, UserResponse)).toBe(true);
    expect(json.user).toMatchObject({
      email: body.email,
      username: body.username,
      isVerified: false,
    });
    expect(json.user.lastLoginDate).not.toBeNull();
  });

  it('refuses a wrong password with 401', async () => {
    const { body } = await registerAndLogin(t.app);
    const res = await post('/api/login', { email: body.email, password: 'Wrong-Password-1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const res = await post('/api/login', { email: 'nobody@example.com', password: 'Whatever-123' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Invalid email or password.');
  });

  it('makes an account wait after 30 failed sign-ins from as many addresses', async () => {
    const { body } = await registerAndLogin(t.app);
    for (let i = 0; i < 30; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: body.email, password: `Wrong-${i}-pass` },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/api/login', { email: body.email, password: body.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'too_many_attempts' });
    expect(blocked.json().error).toMatch(/wait/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('throttles one address that tries many accounts', async () => {
    // 100 failures on as many accounts, claimed as the sign-in route claims them (each
    // through the route would cost a full password hash against the dummy).
    for (let i = 0; i < 100; i += 1) {
      const claim = await claimAttempt(
        t.app.db,
        signInCounters(`spray${i}@example.com`, '10.9.9.9'),
      );
      expect(claim.ok).toBe(true);
    }
    const guess = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'spray-final@example.com', password: 'Guess-1234' },
        remoteAddress,
      });
    expect((await guess('10.9.9.9')).statusCode).toBe(429);
    // Another address is not concerned.
    expect((await guess('10.9.9.10')).statusCode).toBe(401);
  });

  it('logout revokes the token', async () => {
    const { auth } = await registerAndLogin(t.app);
    const out = await post('/api/logout', undefined, auth);
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/getUserById', headers: auth });
    expect(me.statusCode).toBe(401);
  });

  it('changing the password revokes every session and the new password works', async () => {
    const { body, auth } = await registerAndLogin(t.app);
    const second = await post('/api/login', { email: body.email, password: body.password });
    const secondAuth = { authorization: `Bearer ${(second.json() as LoginResponse).token}` };
    const res = await changePassword(auth, body.password, 'Granite-Meadow-88');
    expect(res.statusCode).toBe(200);
    expect(res.json().user._id).toBeTruthy();
    for (const headers of [auth, secondAuth]) {
      expect((await t.app.inject({ url: '/api/getUserById', headers })).statusCode).toBe(401);
    }
    expect(
      (await post('/api/login', { email: body.email, password: body.password })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/login', { email: body.email, password: 'Granite-Meadow-88' })).statusCode,
    ).toBe(200);
  });

  it('purges expired sessions in batches and keeps live ones', async () => {
    const { auth, userId } = await registerAndLogin(t.app);
    const longAgo = new Date(Date.now() - 40 * 24 * 3600_000);
    for (let i = 0; i < 3; i += 1) await createSession(t.app.db, userId, 'user', longAgo);
    const sessionsOf = async () =>
      (await t.app.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
    expect(await sessionsOf()).toBe(4);
    expect(await purgeExpiredSessions(t.app.db, Date.now(), 2)).toBe(2);
    expect(await purgeExpiredSessions(t.app.db, Date.now(), 2)).toBeGreaterThanOrEqual(1);
    expect(await sessionsOf()).toBe(1);
    expect((await t.app.inject({ url: '/api/getUserById', headers: auth })).statusCode).toBe(200);
  });

  it('refuses a weak new password and keeps the old one', async () => {
    const { body, auth } = await registerAndLogin(t.app);
    const res = await changePassword(auth, body.password, '123');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fieldCode: 'passwordTooShort' });
    expect((await t.app.inject({ url: '/api/getUserById', headers: auth })).statusCode).toBe(200);
    expect(
      (await post('/api/login', { email: body.email, password: body.password })).statusCode,
    ).toBe(200);
  });

  it.each([undefined, 'Bearer', 'Bearer not-a-token', `Bearer ${'A'.repeat(43)}`, 'Basic abc'])(
    'answers 401 to a user endpoint with authorization %s',
    async (authorization) => {
      const headers = authorization === undefined ? {} : { authorization };
      const res = await t.app.inject({ url: '/api/getUserById', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
    },
  );
});

describe('admin', () => {
  it('the configured admin signs in with role admin', async () => {
    const res = await post('/api/login', {
      email: 'OPS@example.com',
      password: 'Ops-Console-2026',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('admin');
  });
});

describe('public endpoints and errors', () => {
  it('health reports the database and the market feed', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { ok: true },
      market: { source: 'simulated' },
    });
  });

  it('site settings default to minimum 0 and fee 1 %', async () => {
    const res = await t.app.inject({ url: '/api/getSiteSetting' });
    expect(res.json().setting).toMatchObject({
      transferMin: '0.000000',
      transferCharge: '1.000000',
    });
  });

  it('unknown API paths answer JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('sends a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on every kind of answer', async () => {
    const securityHeaders = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => SECURITY_HEADERS.has(name)));
    const health = securityHeaders((await t.app.inject({ url: '/api/health' })).headers);
    expect(Object.keys(health).sort()).toEqual([...SECURITY_HEADERS].sort());
    expect(health).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    for (const res of [
      await t.app.inject({ url: '/api/nope' }),
      await post('/api/login', { email: 'a@b.co', password: 'wrong-password-1' }),
      await t.app.inject({ url: '/signin' }),
    ]) {
      expect(securityHeaders(res.headers)).toEqual(health);
    }
  });

  it('refuses oversized bodies with 413', async () => {
    const res = await post('/api/login', { email: 'a@b.co', password: 'x'.repeat(70_000) });
    expect(res.statusCode).toBe(413);
  });
});
