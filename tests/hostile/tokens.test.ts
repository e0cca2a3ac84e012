/**
 * Session tokens and passwords from the attacker's side. A token is 256 random bits; the
 * database keeps only its SHA-256 (every text column of every table is searched for the raw
 * token and the raw password); a token dies with logout (that one), a password change by
 * the user or the admin (all of them), an admin's password reset and disabling the account
 * (all of the user's, the read-only view included), and expiry. The whole file runs with the
 * production log configuration at the most verbose level, and at the end no password, token,
 * token hash or file-link signature of any of it appears in the log output.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { hashToken } from '../../server/modules/auth/tokens';
import {
  adminSignIn,
  createTracedTestApp,
  insertAdmin,
  kycBody,
  registerAndLogin,
  TEST_ADMIN,
  uploadScreenshot,
  type AdminTestApp,
} from '../api/harness';
import { closeHostileSuite, expectStatus, type Headers } from './support';

/** Every line the app logged during this file. */
const logLines: string[] = [];
/** Everything that must never be logged, by what it is. */
const secrets = new Map<string, string>();

let t: AdminTestApp;
let admin: Headers;

beforeAll(async () => {
  // The production logger (its redaction included), at its most verbose.
  t = await createTracedTestApp(logLines);
  admin = t.admin;
  remember('admin password', TEST_ADMIN.password);
  remember('admin token', admin.authorization ?? '');
}, 60_000);

afterAll(() => closeHostileSuite(t));

function remember(label: string, secret: string): void {
  const value = secret.replace(/^Bearer /, '');
  if (value.length < 6) throw new Error(`${label} is too short to search for`);
  secrets.set(`${label} (${secrets.size})`, value);
}

const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

async function login(email: string, password: string): Promise<string> {
  const res = await expectStatus(t.app, 200, {
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
  });
  const token = res.json().token as string;
  remember(`token of ${email}`, token);
  return token;
}

/** A new user, remembered as a secret-holder, with `sessions` tokens. */
async function newUser(sessions = 1) {
  const user = await registerAndLogin(t.app);
  remember('password', user.body.password);
  remember('token', user.token);
  const tokens = [user.token];
  for (let i = 1; i < sessions; i += 1)
    tokens.push(await login(user.body.email, user.body.password));
  return { ...user, tokens };
}

/** An admin's read-only view of a user: a session of the user too. */
async function viewAs(userId: string): Promise<string> {
  const res = await expectStatus(t.app, 200, {
    method: 'POST',
    url: `/api/userLogin/${userId}`,
    headers: admin,
  });
  const token = res.json().token as string;
  remember('view-as token', token);
  return token;
}

/** An admin's reset of a user's password to `password`, remembered as a secret. */
async function resetPassword(userId: string, password: string): Promise<void> {
  remember('reset password', password);
  await expectStatus(t.app, 200, {
    method: 'POST',
    url: `/api/admin/users/${userId}/password`,
    headers: admin,
    payload: { password },
  });
}

/** Whether a token still opens a session (checked on a route both roles may use). */
async function alive(token: string): Promise<boolean> {
  const res = await t.app.inject({ url: '/api/getUserById', headers: bearer(token) });
  if (res.statusCode !== 200 && res.statusCode !== 401) {
    throw new Error(`unexpected ${res.statusCode} ${res.body}`);
  }
  return res.statusCode === 200;
}

async function aliveAll(tokens: string[]): Promise<boolean[]> {
  return Promise.all(tokens.map(alive));
}

describe('what a token is', () => {
  it('is 256 random bits, base64url, different every time', async () => {
    const user = await newUser(4);
    const tokens = [...user.tokens, await viewAs(user.userId), admin.authorization?.slice(7) ?? ''];
    const bytes: number[] = [];
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const raw = Buffer.from(token, 'base64url');
      expect(raw.length).toBe(32);
      // Canonical: the 43 characters are exactly the 32 bytes, no slack bits to play with.
      expect(raw.toString('base64url')).toBe(token);
      bytes.push(...raw);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(new Set(tokens.map((token) => token.slice(0, 8))).size).toBe(tokens.length);
    // 192 random bytes take about 135 distinct values; a counter or a timestamp takes few.
    expect(new Set(bytes).size).toBeGreaterThan(90);
  });

  it('is stored only as its SHA-256: no text column of any table holds a raw token or password', async () => {
    const user = await newUser(2);
    const view = await viewAs(user.userId);
    const tokens = [...user.tokens, view, admin.authorization?.slice(7) ?? ''];
    for (const token of tokens) {
      const [row] = await queryRows<{ n: string }>(
        t.app.db,
        sql`select count(*)::text as n from sessions where token_hash = ${hashToken(token)}`,
      );
      expect(row?.n).toBe('1');
      expect(hashToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    }
    const found = await columnsHolding([...tokens, user.body.password, TEST_ADMIN.password]);
    expect(found).toEqual([]);
  });
});

/**
 * Every (table.column, secret index) where a text-like column holds one of `needles`. The
 * columns come from the catalog, so a new table or column is searched too. strpos, not LIKE:
 * base64url tokens contain "_", a LIKE wildcard.
 */
async function columnsHolding(needles: string[]): Promise<string[]> {
  const columns = await queryRows<{ tbl: string; col: string }>(
    t.app.db,
    sql`select table_name::text as tbl, column_name::text as col
        from information_schema.columns
        where table_schema = 'public'
          and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea')
        order by 1, 2`,
  );
  expect(columns.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { tbl, col } of columns) {
    for (const [i, needle] of needles.entries()) {
      const [row] = await queryRows<{ n: string }>(
        t.app.db,
        sql`select count(*)::text as n from ${sql.identifier(tbl)}
            where strpos(${sql.identifier(col)}::text, ${needle}) > 0`,
      );
      if (row?.n !== '0') found.push(`${tbl}.${col} holds secret #${i}`);
    }
  }
  return found;
}

describe('when a token dies', () => {
  it('logout ends that session only, for good', async () => {
    const user = await newUser(2);
    const [first, second] = user.tokens as [string, string];
    await expectStatus(t.app, 200, { method: 'POST', url: '/api/logout', headers: bearer(first) });
    expect(await aliveAll([first, second])).toEqual([false, true]);
    // Dead everywhere, and it cannot sign out again or be revived by a new sign-in.
    for (const url of ['/api/getUserDepositLog', '/api/getWalletActivity', '/api/getUserTrades']) {
      expect((await t.app.inject({ url, headers: bearer(first) })).statusCode, url).toBe(401);
    }
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(first),
    });
    expect(again.statusCode).toBe(401);
    await login(user.body.email, user.body.password);
    expect(await alive(first)).toBe(false);
  });

  it("a user's password change ends every session of the user, the read-only view included", async () => {
    const user = await newUser(2);
    const other = await newUser();
    const view = await viewAs(user.userId);
    const changed = 'Quartz-Meadow-4417';
    remember('changed password', changed);
    await expectStatus(t.app, 200, {
      method: 'PUT',
      url: '/api/updateUserPasswordByUser',
      headers: bearer(user.tokens[0] ?? ''),
      payload: { password: changed, currentPassword: user.body.password },
    });
    expect(await aliveAll([...user.tokens, view])).toEqual([false, false, false]);
    expect(await alive(other.token)).toBe(true);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.body.email, password: user.body.password },
    });
    expect(old.statusCode).toBe(401);
    expect(await alive(await login(user.body.email, changed))).toBe(true);
  });

  it("an admin's own password change ends every session of that admin", async () => {
    // A second admin (inserted as a set-up step: through the API a new admin needs a second
    // admin's approval), so the file's admin session stays usable.
    const secondPassword = 'Cobalt-Harbor-9921';
    remember('second admin password', secondPassword);
    const second = await insertAdmin(t.app, { tag: 'token', password: secondPassword });
    // An admin signs in with a second factor: the harness answers it (adminSignIn).
    const tokens = [
      ((await adminSignIn(t.app, second)).authorization ?? '').replace(/^Bearer /, ''),
      ((await adminSignIn(t.app, second)).authorization ?? '').replace(/^Bearer /, ''),
    ];
    for (const token of tokens) remember('second admin token', token);
    const changed = 'Ember-Lattice-6630';
    remember('changed admin password', changed);
    await expectStatus(t.app, 200, {
      method: 'PUT',
      url: '/api/updateAdminPassword',
      headers: bearer(tokens[0] ?? ''),
      payload: { currentPassword: second.password, password: changed },
    });
    expect(await aliveAll(tokens)).toEqual([false, false]);
    expect(await alive(admin.authorization?.slice(7) ?? '')).toBe(true);
    const again = await adminSignIn(t.app, { email: second.email, password: changed });
    expect(await alive(again.authorization?.slice(7) ?? '')).toBe(true);
  });

  it("an admin's password reset ends every session of the user", async () => {
    const user = await newUser(2);
    const view = await viewAs(user.userId);
    const reset = 'Velvet-Canyon-3308';
    await resetPassword(user.userId, reset);
    expect(await aliveAll([...user.tokens, view])).toEqual([false, false, false]);
    expect(await alive(await login(user.body.email, reset))).toBe(true);
  });

  it('disabling the account ends every session, and enabling it again revives none', async () => {
    const user = await newUser(2);
    const view = await viewAs(user.userId);
    const flags = (disabled: boolean) =>
      expectStatus(t.app, 200, {
        method: 'PUT',
        url: `/api/admin/users/${user.userId}/flags`,
        headers: admin,
        payload: { disabled },
      });
    await flags(true);
    expect(await aliveAll([...user.tokens, view])).toEqual([false, false, false]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.body.email, password: user.body.password },
    });
    expect(refused.statusCode).toBe(403);
    await flags(false);
    expect(await aliveAll([...user.tokens, view])).toEqual([false, false, false]);
    expect(await alive(await login(user.body.email, user.body.password))).toBe(true);
  });

  it('an expired session is dead, and a token never outlives its row', async () => {
    const user = await newUser(2);
    await t.app.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second'
          where token_hash = ${hashToken(user.tokens[0] ?? '')}`,
    );
    expect(await aliveAll(user.tokens)).toEqual([false, true]);
    await t.app.db.execute(
      sql`delete from sessions where token_hash = ${hashToken(user.tokens[1] ?? '')}`,
    );
    expect(await alive(user.tokens[1] ?? '')).toBe(false);
  });

  it('a hash, a prefix or a case change of a live token opens nothing', async () => {
    const user = await newUser();
    const token = user.token;
    const swapped = token.replace(/[A-Za-z]/, (c) =>
      c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase(),
    );
    for (const forged of [hashToken(token), token.slice(0, 42), `${token}A`, swapped]) {
      expect(await alive(forged), forged).toBe(false);
    }
    expect(await alive(token)).toBe(true);
  });
});

describe('the logs', () => {
  it('hold no password, token, token hash or file-link signature, through every flow', async () => {
    // Sign-up and sign-in, a failed sign-in and a password typed into the email field.
    const user = await newUser(2);
    const wrong = 'Not-My-Password-0042';
    remember('wrong password', wrong);
    for (const payload of [
      { email: user.body.email, password: wrong },
      { email: user.body.password, password: user.body.password },
    ]) {
      const failed = await t.app.inject({ method: 'POST', url: '/api/login', payload });
      expect(failed.statusCode).toBe(401);
    }
    // A password change, refused with a wrong current password, then made.
    const changed = 'Saffron-Delta-7734';
    remember('changed password', changed);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/updateUserPasswordByUser',
      headers: bearer(user.tokens[0] ?? ''),
      payload: { password: changed, currentPassword: wrong },
    });
    expect(refused.statusCode).toBe(400);
    await expectStatus(t.app, 200, {
      method: 'PUT',
      url: '/api/updateUserPasswordByUser',
      headers: bearer(user.tokens[0] ?? ''),
      payload: { password: changed, currentPassword: user.body.password },
    });
    // An admin's password reset, then the user signs in with it.
    const reset = 'Juniper-Summit-2290';
    await resetPassword(user.userId, reset);
    const token = await login(user.body.email, reset);
    // The admin views the account as the user, and signs that view out.
    const view = await viewAs(user.userId);
    await expectStatus(t.app, 200, { url: '/api/getUserById', headers: bearer(view) });
    await expectStatus(t.app, 200, { method: 'POST', url: '/api/logout', headers: bearer(view) });
    // Uploads (signed in and anonymous), a KYC request, its documents through both kinds
    // of signed links; and a user token refused on an admin route.
    const images = {
      idFront: await uploadScreenshot(t.app, bearer(token)),
      idBack: await uploadScreenshot(t.app),
      cameraRoll: await uploadScreenshot(t.app, bearer(token)),
    };
    const kyc = await expectStatus(t.app, 201, {
      method: 'POST',
      url: '/api/createKyc',
      headers: bearer(token),
      payload: kycBody(images),
    });
    const adminView = await expectStatus(t.app, 200, {
      url: `/api/admin/kyc/${kyc.json().kyc._id as string}`,
      headers: admin,
    });
    for (const link of [kyc.json().kyc.idFront as string, adminView.json().kyc.idBack as string]) {
      remember('file link signature', new URL(link, 'http://x').searchParams.get('sig') ?? '');
      expect((await t.app.inject({ url: link })).statusCode).toBe(200);
    }
    expect(
      (await t.app.inject({ url: '/api/admin/overview', headers: bearer(token) })).statusCode,
    ).toBe(403);
    await expectStatus(t.app, 200, { method: 'POST', url: '/api/logout', headers: bearer(token) });

    const log = logLines.join('');
    expect(logLines.length).toBeGreaterThan(50);
    for (const message of [
      'signed in',
      'password changed; all sessions revoked',
      'file uploaded',
    ]) {
      expect(log).toContain(message);
    }
    // The redaction is visible: the headers were logged, their secrets were not.
    expect(log).toContain('[redacted]');
    const leaked: string[] = [];
    for (const [label, secret] of secrets) {
      if (log.includes(secret)) leaked.push(label);
      if (secret.length === 43 && log.includes(hashToken(secret))) leaked.push(`hash of ${label}`);
    }
    expect(secrets.size).toBeGreaterThan(8);
    expect(leaked).toEqual([]);
  });
});
