/**
 * The outside attack of November 2026 (docs/security.md, findings 2, 3 and 5 to 10): each
 * test performs the attack as the pentester did and checks that it no longer works.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_WINDOW_MS } from '../../common/rules';
import { ConfigError, loadConfig } from '../../server/config';
import { depositMethods, loginFailures } from '../../server/db/schema';
import { TOO_DEEP_MESSAGE } from '../../server/http/json-body';
import {
  claimAttempt,
  purgeEndedCounters,
  signInCounters,
} from '../../server/modules/auth/throttle';
import {
  adminHeaders,
  createTestApp,
  fund,
  me,
  multipartFile,
  newKey,
  newUserBody,
  registerAndLogin,
  uploadScreenshot,
  WITH_ADMIN,
  type TestApp,
} from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(WITH_ADMIN);
});
afterAll(async () => t?.close());

const inject = (app: FastifyInstance, options: InjectOptions) => app.inject(options);
const login = (app: FastifyInstance, email: string, password: string, remoteAddress?: string) =>
  inject(app, {
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('2. a burst of wrong passwords', () => {
  // The throttle's clock stands still unless a test moves it: a burst is one instant.
  let clockMs = Date.parse('2026-11-02T09:00:00Z');
  let c: TestApp;
  beforeAll(async () => {
    c = await createTestApp({}, { nowMs: () => clockMs });
  });
  afterAll(async () => c?.close());
  const wait = (seconds: number) => {
    clockMs += seconds * 1000;
  };

  /** 60 wrong passwords at once on `email`, from `addressOf(i)`. */
  const burst = (email: string, addressOf: (i: number) => string) =>
    Promise.all(
      Array.from({ length: 60 }, (_, i) => login(c.app, email, `Wrong-${i}-pw`, addressOf(i))),
    );

  it('evaluates 5 of a burst of 60 from one address; the rest get 429 and how long to wait', async () => {
    const { body } = await registerAndLogin(c.app);
    const answers = await burst(body.email, () => '10.2.0.1');
    const statuses = answers.map((res) => res.statusCode);
    expect(count(statuses, 401)).toBe(5);
    expect(count(statuses, 429)).toBe(55);
    const refused = answers.find((res) => res.statusCode === 429);
    expect(refused?.headers['retry-after']).toBe('1');
    expect(refused?.json()).toEqual({
      error: 'Too many attempts with a wrong password. Please wait 1 second and try again.',
      code: 'too_many_attempts',
    });
    // The 61st, with the right password, from the same address: refused unseen.
    expect((await login(c.app, body.email, body.password, '10.2.0.1')).statusCode).toBe(429);
  });

  it('evaluates 30 of a burst of 60 from 60 addresses', async () => {
    const { body } = await registerAndLogin(c.app);
    const statuses = (await burst(body.email, (i) => `10.3.${i}.1`)).map((res) => res.statusCode);
    expect(count(statuses, 401)).toBe(30);
    expect(count(statuses, 429)).toBe(30);
  });

  it('leaves the owner, from another address, signing in as usual after a stranger’s burst', async () => {
    const { body } = await registerAndLogin(c.app);
    await burst(body.email, () => '10.4.0.1');
    expect((await login(c.app, body.email, body.password, '10.4.0.2')).statusCode).toBe(200);
  });

  it('slows a stranger down with waits doubling up to 5 minutes, never a flat lock', async () => {
    const { body } = await registerAndLogin(c.app);
    await burst(body.email, () => '10.5.0.1');
    const waits: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const refused = await login(c.app, body.email, 'Still-wrong-1', '10.5.0.1');
      expect(refused.statusCode).toBe(429);
      const retryAfter = String(refused.headers['retry-after']);
      waits.push(retryAfter);
      wait(Number(retryAfter));
      expect((await login(c.app, body.email, 'Still-wrong-2', '10.5.0.1')).statusCode).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4', '8', '16', '32', '64', '128', '256', '300']);
    // 811 s into the window the next wait would be 5 minutes, but the window ends first.
    const capped = await login(c.app, body.email, body.password, '10.5.0.1');
    expect(capped.headers['retry-after']).toBe('89');
    expect(capped.json().error).toBe(
      'Too many attempts with a wrong password. Please wait 2 minutes and try again.',
    );
    // The new window starts from nothing.
    wait(89);
    expect((await login(c.app, body.email, body.password, '10.5.0.1')).statusCode).toBe(200);
  });

  it('makes the owner wait seconds, not forever, when many addresses attack the account', async () => {
    const { body } = await registerAndLogin(c.app);
    await burst(body.email, (i) => `10.6.${i}.1`);
    const refused = await login(c.app, body.email, body.password, '10.6.200.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    wait(1);
    expect((await login(c.app, body.email, body.password, '10.6.200.1')).statusCode).toBe(200);
  });

  it('gives a right password’s slot back', async () => {
    const { body } = await registerAndLogin(c.app);
    for (let i = 0; i < 4; i += 1) {
      expect((await login(c.app, body.email, 'Wrong-pw-1', '10.7.0.1')).statusCode).toBe(401);
    }
    expect((await login(c.app, body.email, body.password, '10.7.0.1')).statusCode).toBe(200);
    // The success took the fifth slot and gave it back: one more try is free, then waits.
    expect((await login(c.app, body.email, 'Wrong-pw-2', '10.7.0.1')).statusCode).toBe(401);
    expect((await login(c.app, body.email, 'Wrong-pw-3', '10.7.0.1')).statusCode).toBe(429);
  });

  it('forgets counters whose window has ended', async () => {
    const keysOf = async (email: string) =>
      (await c.app.db.select().from(loginFailures)).filter((row) => row.key.endsWith(email));
    const ended = clockMs - SIGN_IN_WINDOW_MS;
    expect(
      (await claimAttempt(c.app.db, signInCounters('old@rt.example', '10.7.9.1'), ended)).ok,
    ).toBe(true);
    expect(
      (await claimAttempt(c.app.db, signInCounters('new@rt.example', '10.7.9.2'), clockMs)).ok,
    ).toBe(true);
    expect(await keysOf('old@rt.example')).toHaveLength(2);
    expect(await purgeEndedCounters(c.app.db, clockMs)).toBeGreaterThanOrEqual(3);
    expect(await keysOf('old@rt.example')).toHaveLength(0);
    expect(await keysOf('new@rt.example')).toHaveLength(2);
  });

  it('throttles wrong current passwords of a password change like sign-ins', async () => {
    const user = await registerAndLogin(c.app);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const res = await inject(c.app, {
        method: 'PUT',
        url: '/api/updateUserPasswordByUser',
        headers: user.auth,
        payload: { currentPassword: `Guess-${i}-pw`, password: 'Granite-Meadow-88' },
        remoteAddress: '10.7.1.1',
      });
      statuses.push(res.statusCode);
    }
    expect(count(statuses, 400)).toBe(5);
    expect(count(statuses, 429)).toBe(35);
  });
});

describe('3. a spoofed X-Forwarded-For', () => {
  const PROXY = '10.0.0.5';
  const CLIENT = '203.0.113.7';
  /** What the pentester sent through the proxy; the proxy appends the real client. */
  const spoofed = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}, 127.0.0.1, ${CLIENT}` });
  /** Sends `count` requests one after another, the i-th as `optionsOf(i)`; answers their statuses. */
  const statusesOf = async (
    app: FastifyInstance,
    count: number,
    optionsOf: (i: number) => InjectOptions,
  ) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) statuses.push((await inject(app, optionsOf(i))).statusCode);
    return statuses;
  };

  for (const trustProxy of [PROXY, '1']) {
    it(`gains no registrations behind one proxy (TRUST_PROXY=${trustProxy})`, async () => {
      const p = await createTestApp({ TRUST_PROXY: trustProxy }, { registerPerMinute: 10 });
      try {
        const statuses = await statusesOf(p.app, 15, (i) => ({
          method: 'POST',
          url: '/api/registerUser',
          payload: newUserBody(),
          headers: spoofed(i),
          remoteAddress: PROXY,
        }));
        expect(count(statuses, 201)).toBe(10);
        expect(count(statuses, 429)).toBe(5);
      } finally {
        await p.close();
      }
    });
  }

  it('is not believed from a client that reaches the server directly', async () => {
    const p = await createTestApp({ TRUST_PROXY: PROXY }, { registerPerMinute: 10 });
    try {
      const statuses = await statusesOf(p.app, 15, (i) => ({
        method: 'POST',
        url: '/api/registerUser',
        payload: newUserBody(),
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        remoteAddress: CLIENT,
      }));
      expect(count(statuses, 201)).toBe(10);
    } finally {
      await p.close();
    }
  });

  it('gains no sign-in attempts behind one proxy', async () => {
    const p = await createTestApp({ TRUST_PROXY: PROXY }, { nowMs: () => 0 });
    try {
      const { body } = await registerAndLogin(p.app);
      const statuses = await statusesOf(p.app, 40, (i) => ({
        method: 'POST',
        url: '/api/login',
        payload: { email: body.email, password: `Guess-${i}-pw` },
        headers: spoofed(i),
        remoteAddress: PROXY,
      }));
      expect(count(statuses, 401)).toBe(5);
      expect(count(statuses, 429)).toBe(35);
    } finally {
      await p.close();
    }
  });

  it('is refused as "true" at start, with a message naming what to set instead', () => {
    for (const value of ['true', 'TRUE', 'yes', 'on']) {
      expect(() => loadConfig({ DATA_DIR: '/tmp', TRUST_PROXY: value })).toThrow(
        /addresses or CIDRs of your proxies.*number of proxies/,
      );
    }
  });

  it('takes addresses, CIDRs and a hop count, and refuses anything else', () => {
    const load = (value: string) => loadConfig({ DATA_DIR: '/tmp', TRUST_PROXY: value }).trustProxy;
    expect(load('')).toBe(false);
    expect(load('false')).toBe(false);
    expect(load('0')).toBe(false);
    expect(load('2')).toEqual({ hops: 2 });
    expect(load('10.0.0.5, 192.168.0.0/16,::1,fd00::/8,loopback')).toEqual({
      addresses: ['10.0.0.5', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback'],
    });
    for (const bad of ['6', 'proxy.example', '10.0.0.0/33', '10.0.0.300', '*', '10.0.0.1/8/1']) {
      expect(() => load(bad), bad).toThrow(ConfigError);
    }
  });
});

describe('5. the Pay ID lookup limit', () => {
  it('is one bucket per user, however the bearer scheme is spelt', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const lookup = (authorization: string) =>
      inject(t.app, { url: `/api/getUserByPayId/${b.payId}`, headers: { authorization } });
    for (let i = 0; i < 30; i += 1) {
      expect((await lookup(`Bearer ${a.token}`)).statusCode).toBe(200);
    }
    for (const scheme of ['bearer ', 'BEARER ', 'Bearer  ', 'Bearer\t', 'bEaReR \t ']) {
      expect((await lookup(`${scheme}${a.token}`)).statusCode).toBe(429);
    }
    // A second session of the same user shares the bucket too.
    const again = await login(t.app, a.body.email, a.body.password);
    expect((await lookup(`Bearer ${again.json().token}`)).statusCode).toBe(429);
  });
});

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('6. deeply nested JSON', () => {
  it.each([
    ['login', 'POST', '/api/login', (v: string) => `{"email":${v},"password":"x"}`],
    ['registerUser', 'POST', '/api/registerUser', (v: string) => `{"email":${v},"password":"x"}`],
    ['createTransfer', 'POST', '/api/createTransfer', (v: string) => `{"amount":${v}}`],
  ] as const)('answers 400 on %s', async (_name, method, url, body) => {
    const user = await registerAndLogin(t.app);
    for (const nested of [deepArray(5000), deepObject(5000)]) {
      const res = await inject(t.app, {
        method,
        url,
        payload: body(nested),
        headers: {
          'content-type': 'application/json',
          'idempotency-key': newKey(),
          ...user.auth,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: TOO_DEEP_MESSAGE, code: 'invalid_body' });
    }
  });
});

const OVERFLOWING_METHOD = {
  coinName: 'Tiny coin',
  paymentAddressType: 'trc20',
  paymentAddress: 'TTinyCoinAddress12345',
  minAmount: '1',
  maxAmount: '999999999999',
  conversionPrice: '0.000001',
  currencyUsdt: 'USDT',
  coinSymbol: 'TINY',
};

describe('7. a coin amount beyond bigint', () => {
  it('refuses the method at creation', async () => {
    const res = await inject(t.app, {
      method: 'POST',
      url: '/api/createDepositMethod',
      headers: await adminHeaders(t.app),
      payload: OVERFLOWING_METHOD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'maxAmount' });
  });

  it('answers 400, not 500, to a deposit on such a method stored before', async () => {
    const [method] = await t.app.db
      .insert(depositMethods)
      .values({
        coinName: 'Tiny coin',
        paymentAddressType: 'trc20',
        paymentAddress: 'TTinyCoinAddress12345',
        minAmountMicros: 1_000_000n,
        maxAmountMicros: 999_999_999_999_000_000n,
        conversionPriceMicros: 1n,
        currency: 'USDT',
        coinSymbol: 'TINY',
      })
      .returning();
    const user = await registerAndLogin(t.app);
    const res = await inject(t.app, {
      method: 'POST',
      url: '/api/createDeposit',
      headers: { ...user.auth, 'idempotency-key': newKey() },
      payload: {
        gatWay: method?.id,
        amount: '92234',
        transactionScreenshot: await uploadScreenshot(t.app, user.auth),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'amount' });
  });
});

async function pngUpload(app: FastifyInstance, headers: Record<string, string>, ip: string) {
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } },
  })
    .png()
    .toBuffer();
  const body = multipartFile('a.png', 'image/png', png);
  return inject(app, {
    method: 'POST',
    url: '/upload',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
    remoteAddress: ip,
  });
}

describe('8. strangers’ anonymous uploads', () => {
  it('50 unclaimed anonymous uploads leave a signed-in user’s upload working', async () => {
    const user = await registerAndLogin(t.app);
    for (let i = 0; i < 50; i += 1) {
      expect((await pngUpload(t.app, {}, '10.8.0.1')).statusCode).toBe(201);
    }
    expect((await pngUpload(t.app, {}, '10.8.0.1')).statusCode).toBe(429);
    expect((await pngUpload(t.app, user.auth, '10.8.0.1')).statusCode).toBe(201);
  });

  it('a signed-in user’s 50 unclaimed uploads leave the address’s anonymous ones working', async () => {
    const user = await registerAndLogin(t.app);
    for (let i = 0; i < 50; i += 1) {
      expect((await pngUpload(t.app, user.auth, '10.8.2.1')).statusCode).toBe(201);
    }
    expect((await pngUpload(t.app, user.auth, '10.8.2.1')).statusCode).toBe(429);
    expect((await pngUpload(t.app, {}, '10.8.2.1')).statusCode).toBe(201);
  });

  it('the per-minute limit of anonymous uploads leaves a signed-in user’s working', async () => {
    const p = await createTestApp({}, { uploadsPerMinute: 20 });
    try {
      const user = await registerAndLogin(p.app);
      for (let i = 0; i < 20; i += 1) {
        expect((await pngUpload(p.app, {}, '10.8.1.1')).statusCode).toBe(201);
      }
      expect((await pngUpload(p.app, {}, '10.8.1.1')).statusCode).toBe(429);
      expect((await pngUpload(p.app, user.auth, '10.8.1.1')).statusCode).toBe(201);
      // And the user's limit is the user's, from any address, with any spelling of the token.
      for (let i = 1; i < 20; i += 1) {
        const scheme = i % 2 === 0 ? 'Bearer ' : 'bearer\t';
        const headers = { authorization: `${scheme}${user.token}` };
        expect((await pngUpload(p.app, headers, `10.8.3.${i}`)).statusCode).toBe(201);
      }
      expect((await pngUpload(p.app, user.auth, '10.8.4.1')).statusCode).toBe(429);
    } finally {
      await p.close();
    }
  });
});

describe('9. password change, read-only uploads, caching', () => {
  const changePassword = (headers: Record<string, string>, payload: object) =>
    inject(t.app, { method: 'PUT', url: '/api/updateUserPasswordByUser', headers, payload });

  it('refuses a password change without the current password, or with a wrong one', async () => {
    const user = await registerAndLogin(t.app);
    const missing = await changePassword(user.auth, { password: 'Granite-Meadow-88' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'currentPassword' });
    const empty = await changePassword(user.auth, {
      currentPassword: '',
      password: 'Granite-Meadow-88',
    });
    expect(empty.json()).toMatchObject({
      field: 'currentPassword',
      fieldCode: 'currentPasswordRequired',
    });
    const wrong = await changePassword(user.auth, {
      currentPassword: 'Not-The-Password-1',
      password: 'Granite-Meadow-88',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      field: 'currentPassword',
      fieldCode: 'currentPasswordIncorrect',
    });
    // The session and the old password still work.
    expect((await inject(t.app, { url: '/api/getUserById', headers: user.auth })).statusCode).toBe(
      200,
    );
    expect((await login(t.app, user.body.email, user.body.password)).statusCode).toBe(200);
  });

  it('refuses an upload with a read-only view-as-user token', async () => {
    const user = await registerAndLogin(t.app);
    const admin = await adminHeaders(t.app);
    const view = await inject(t.app, {
      method: 'POST',
      url: `/api/userLogin/${user.userId}`,
      headers: admin,
    });
    const res = await pngUpload(
      t.app,
      { authorization: `Bearer ${view.json().token}` },
      '10.9.0.1',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'read_only_session' });
  });

  it('marks every signed-in answer no-store, and keeps the public ones as they were', async () => {
    const user = await registerAndLogin(t.app);
    const admin = await adminHeaders(t.app);
    for (const [url, headers] of [
      ['/api/getUserById', user.auth],
      ['/api/getUserDepositLog', user.auth],
      ['/api/depositMethods', user.auth],
      ['/api/admin/users', admin],
      ['/api/nope', user.auth],
    ] as const) {
      const res = await inject(t.app, { url, headers });
      expect(res.headers['cache-control'], url).toBe(url === '/api/nope' ? undefined : 'no-store');
    }
    const refused = await inject(t.app, {
      method: 'POST',
      url: '/api/createTransfer',
      headers: { ...user.auth, 'idempotency-key': newKey() },
      payload: { receivePId: '12345678', amount: 'x' },
    });
    expect(refused.headers['cache-control']).toBe('no-store');
    const signIn = await login(t.app, user.body.email, user.body.password);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const registered = await inject(t.app, {
      method: 'POST',
      url: '/api/registerUser',
      payload: newUserBody(),
    });
    expect(registered.headers['cache-control']).toBe('no-store');
    // Public answers keep their own caching, with a token or without.
    for (const headers of [{}, user.auth]) {
      const settings = await inject(t.app, { url: '/api/getSiteSetting', headers });
      expect(settings.headers['cache-control']).toBeUndefined();
      const config = await inject(t.app, { url: '/api/config', headers });
      expect(config.headers['cache-control']).toBe('no-cache');
    }
  });
});

describe('10. lax input forms', () => {
  it.each(['5\n', '\ufeff5', '5\u00a0', ' 5', '5\t', '5\r\n', '\u20285'])(
    'refuses the amount %j',
    async (amount) => {
      const a = await registerAndLogin(t.app);
      const b = await registerAndLogin(t.app);
      await fund(t.app, a.userId, 100_000_000n);
      const res = await inject(t.app, {
        method: 'POST',
        url: '/api/createTransfer',
        headers: { ...a.auth, 'idempotency-key': newKey() },
        payload: { receivePId: b.payId, amount },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'amount' });
      expect((await me(t.app, a.auth)).balance).toBe('100.000000');
    },
  );

  it('refuses a coin symbol with a space', async () => {
    const admin = await adminHeaders(t.app);
    const coin = await inject(t.app, {
      method: 'POST',
      url: '/api/createCoin',
      headers: admin,
      payload: { symbol: 'BTC', name: 'Bitcoin' },
    });
    expect(coin.statusCode).toBe(201);
    const user = await registerAndLogin(t.app);
    for (const coinType of ['BTCUSDT ', ' BTCUSDT', 'BTCUSDT\n', 'BTC USDT']) {
      const res = await inject(t.app, {
        method: 'POST',
        url: '/api/createTrade',
        headers: { ...user.auth, 'idempotency-key': newKey() },
        payload: { coinType, tradeType: 'buy', tradeAmount: '10', selectedTime: 'trade30Second' },
      });
      expect(res.statusCode, coinType).toBe(400);
      expect(res.json()).toMatchObject({ field: 'coinType' });
    }
    for (const symbol of ['ETH ', ' ETH', 'E TH']) {
      const res = await inject(t.app, {
        method: 'POST',
        url: '/api/createCoin',
        headers: admin,
        payload: { symbol, name: 'Ether' },
      });
      expect(res.statusCode, symbol).toBe(400);
    }
    const method = await inject(t.app, {
      method: 'POST',
      url: '/api/createDepositMethod',
      headers: admin,
      payload: { ...OVERFLOWING_METHOD, maxAmount: '10', coinSymbol: 'TINY ' },
    });
    expect(method.statusCode).toBe(400);
    expect(method.json()).toMatchObject({ field: 'coinSymbol' });
  });

  it('treats a trailing dot and another case as the same email', async () => {
    const body = newUserBody({ email: `dot${Date.now()}@rt.example` });
    const first = await inject(t.app, { method: 'POST', url: '/api/registerUser', payload: body });
    expect(first.statusCode).toBe(201);
    const again = await inject(t.app, {
      method: 'POST',
      url: '/api/registerUser',
      payload: { ...body, username: `${body.username}x`, email: `${body.email.toUpperCase()}.` },
    });
    expect(again.statusCode).toBe(409);
    const signIn = await login(t.app, `${body.email.toUpperCase()}.`, body.password);
    expect(signIn.statusCode).toBe(200);
  });
});
