/**
 * The account pages' API: the user's own profile edit, password change (every session
 * revoked), the recorded last sign-in and notice, and the live-chat widget setting with the
 * security policy that allows its origin on the help page's document only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteSettingResponse, UserResponse } from '../../common/contract';
import { FIELD_ERRORS, type FieldErrorCode } from '../../common/validation';
import { queryRows } from '../../server/db/client';
import { auditLog, sessions, users } from '../../server/db/schema';
import { createAdminTestApp, me, registerAndLogin, type AdminTestApp } from './harness';

let t: AdminTestApp;
let webDir: string;

beforeAll(async () => {
  // A stand-in for the built web app, so page requests get index.html as in production.
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-web-'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head></html>',
  );
  t = await createAdminTestApp({ WEB_DIR: webDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const put = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers });

const updateProfile = (payload: unknown, headers: Record<string, string>) =>
  put('/api/updateProfile', payload, headers);

describe('profile: PUT /api/updateProfile', () => {
  it('changes the full name and phone number, trimmed, and answers the user', async () => {
    const { auth, body } = await registerAndLogin(t.app);
    const res = await updateProfile(
      { fullName: '  Ada King  ', phoneNumber: ' +44 20 7946 0958 ' },
      auth,
    );
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(is(json, UserResponse)).toBe(true);
    expect(json.user).toMatchObject({
      fullName: 'Ada King',
      phoneNumber: '+44 20 7946 0958',
      username: body.username,
      email: body.email,
    });
    // It persists: a fresh read (and a new session) sees it.
    expect(await me(t.app, auth)).toMatchObject({
      fullName: 'Ada King',
      phoneNumber: '+44 20 7946 0958',
    });
  });

  it.each<[Record<string, string>, string, FieldErrorCode]>([
    [{ fullName: '' }, 'fullName', 'fullNameRequired'],
    [{ fullName: '    ' }, 'fullName', 'fullNameRequired'],
    [{ fullName: 'x'.repeat(101) }, 'fullName', 'fullNameTooLong'],
    [{ phoneNumber: '' }, 'phoneNumber', 'phoneRequired'],
    [{ phoneNumber: 'call me maybe' }, 'phoneNumber', 'phoneInvalid'],
    [{ phoneNumber: '123' }, 'phoneNumber', 'phoneInvalid'],
  ])('refuses %j with the rule of %s (%s) and changes nothing', async (override, field, code) => {
    const { auth, body } = await registerAndLogin(t.app);
    const res = await updateProfile(
      { fullName: 'Valid Name', phoneNumber: '+14155550123', ...override },
      auth,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: FIELD_ERRORS[code],
      code: 'field',
      field,
      fieldCode: code,
    });
    expect(await me(t.app, auth)).toMatchObject({
      fullName: body.fullName,
      phoneNumber: body.phoneNumber,
    });
  });

  it.each<[string, unknown]>([
    ['role', 'admin'],
    ['balance', '1000000'],
    ['payId', '12345678'],
    ['email', 'taken-over@example.com'],
    ['username', 'new_name'],
    ['isVerified', true],
  ])('refuses the unknown field %s and changes nothing', async (field, value) => {
    const { auth, body, payId } = await registerAndLogin(t.app);
    const res = await updateProfile(
      { fullName: 'Changed Name', phoneNumber: '+14155550999', [field]: value },
      auth,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unknown_field', field });
    const user = await me(t.app, auth);
    expect(user).toMatchObject({
      fullName: body.fullName,
      phoneNumber: body.phoneNumber,
      email: body.email,
      username: body.username,
      payId,
      balance: '0.000000',
      role: 'user',
      isVerified: false,
    });
  });

  it('refuses a missing field, a wrong type and a body that is not an object', async () => {
    const { auth } = await registerAndLogin(t.app);
    expect((await updateProfile({ fullName: 'Only Name' }, auth)).statusCode).toBe(400);
    expect((await updateProfile({ fullName: 'A B', phoneNumber: 4155550 }, auth)).statusCode).toBe(
      400,
    );
    expect(
      (await updateProfile([{ fullName: 'A B', phoneNumber: '+14155550123' }], auth)).statusCode,
    ).toBe(400);
  });

  it('needs the user token: none answers 401, an admin token 403', async () => {
    const valid = { fullName: 'Some One', phoneNumber: '+14155550123' };
    expect((await updateProfile(valid, {})).statusCode).toBe(401);
    expect((await updateProfile(valid, t.admin)).statusCode).toBe(403);
  });
});

describe('password change: PUT /api/updateUserPasswordByUser', () => {
  it('revokes every session of the user and only the new password signs in', async () => {
    const { auth, body, userId } = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: body.email, password: body.password },
    });
    const secondAuth = { authorization: `Bearer ${second.json().token as string}` };
    const res = await put(
      '/api/updateUserPasswordByUser',
      { currentPassword: body.password, password: 'Granite-Meadow-88' },
      auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Password updated successfully',
      user: { _id: userId },
    });
    for (const headers of [auth, secondAuth]) {
      expect((await t.app.inject({ url: '/api/getUserById', headers })).statusCode).toBe(401);
    }
    const left = await t.app.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(left).toEqual([]);
    // Another user's session is untouched.
    expect((await t.app.inject({ url: '/api/getUserById', headers: other.auth })).statusCode).toBe(
      200,
    );
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { email: body.email, password } });
    expect((await login(body.password)).statusCode).toBe(401);
    expect((await login('Granite-Meadow-88')).statusCode).toBe(200);
  });

  it.each<[string, FieldErrorCode]>([
    ['', 'passwordRequired'],
    ['abc12', 'passwordTooShort'],
    ['password123', 'passwordTooCommon'],
  ])('refuses %j (%s) and keeps the sessions', async (password, code) => {
    const { auth, body } = await registerAndLogin(t.app);
    const res = await put(
      '/api/updateUserPasswordByUser',
      { currentPassword: body.password, password },
      auth,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'password', fieldCode: code });
    expect(res.json().error).toBe(FIELD_ERRORS[code]);
    expect((await t.app.inject({ url: '/api/getUserById', headers: auth })).statusCode).toBe(200);
  });

  it('refuses a password that contains the username', async () => {
    const { auth, body } = await registerAndLogin(t.app);
    const res = await put(
      '/api/updateUserPasswordByUser',
      { currentPassword: body.password, password: `${body.username}-Secret-1` },
      auth,
    );
    expect(res.json()).toMatchObject({ fieldCode: 'passwordContainsName' });
  });
});

describe('notice and last sign-in', () => {
  it('records the time of each sign-in as lastLoginDate', async () => {
    const before = Date.now();
    const { auth, body } = await registerAndLogin(t.app);
    const first = Date.parse(
      ((await me(t.app, auth)) as unknown as { lastLoginDate: string }).lastLoginDate,
    );
    expect(first).toBeGreaterThanOrEqual(before - 1000);
    expect(first).toBeLessThanOrEqual(Date.now());

    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: body.email, password: body.password },
    });
    const secondAuth = { authorization: `Bearer ${again.json().token as string}` };
    const second = Date.parse(
      ((await me(t.app, secondAuth)) as unknown as { lastLoginDate: string }).lastLoginDate,
    );
    expect(second).toBeGreaterThan(first);
  });

  it('shows the admin notice of the user, and none by default', async () => {
    const { auth, userId } = await registerAndLogin(t.app);
    const read = async () =>
      ((await t.app.inject({ url: '/api/getUserById', headers: auth })).json() as UserResponse).user
        .appNotice;
    expect(await read()).toBeNull();
    await t.app.db
      .update(users)
      .set({ appNotice: 'Withdrawals pause on Sunday.' })
      .where(eq(users.id, userId));
    expect(await read()).toBe('Withdrawals pause on Sunday.');
  });
});

/** The Content-Security-Policy of a response, directive by directive. */
function policyOf(res: { headers: Record<string, unknown> }): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

const WIDGET_URL = 'https://embed.chat-vendor.example/widget/abc123.js';
const WIDGET_ORIGIN = 'https://embed.chat-vendor.example';

const setWidget = (chatWidgetUrl: unknown, headers = t.admin) =>
  put('/api/updateSiteSetting', { chatWidgetUrl }, headers);

const siteSetting = async () =>
  ((await t.app.inject({ url: '/api/getSiteSetting' })).json() as { setting: unknown }).setting as {
    chatWidgetUrl: string | null;
  };

const widgetAudits = () =>
  t.app.db
    .select({ before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(
      and(eq(auditLog.action, 'site_settings.updated'), sql`${auditLog.after} ? 'chatWidgetUrl'`),
    )
    .orderBy(auditLog.id);

describe('chat widget setting and the security policy', () => {
  it('is null by default and part of the public site setting', async () => {
    const res = await t.app.inject({ url: '/api/getSiteSetting' });
    expect(is(res.json(), SiteSettingResponse)).toBe(true);
    expect(res.json().setting.chatWidgetUrl).toBeNull();
  });

  it.each([
    'http://embed.chat-vendor.example/w.js',
    'javascript:alert(1)',
    'embed.chat-vendor.example/w.js',
    'https://user:secret@embed.chat-vendor.example/w.js',
    'https://localhost/w.js',
    "https://evil.example'unsafe-inline'/w.js",
    `https://embed.chat-vendor.example/${'a'.repeat(500)}`,
  ])('refuses %s and stores nothing', async (value) => {
    const audits = (await widgetAudits()).length;
    const res = await setWidget(value);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_body', field: 'chatWidgetUrl' });
    expect(res.json().error).toMatch(/^chatWidgetUrl /);
    expect((await siteSetting()).chatWidgetUrl).toBeNull();
    expect(await widgetAudits()).toHaveLength(audits);
  });

  it('only an admin sets it', async () => {
    const { auth } = await registerAndLogin(t.app);
    expect((await setWidget(WIDGET_URL, auth)).statusCode).toBe(403);
    expect((await setWidget(WIDGET_URL, {})).statusCode).toBe(401);
  });

  it('is stored, audited, allowed on the /helpline document only, then cleared', async () => {
    const strictHelpline = policyOf(await t.app.inject({ url: '/helpline' }));
    expect(strictHelpline.get('script-src')).toEqual(["'self'"]);

    const set = await setWidget(` ${WIDGET_URL} `);
    expect(set.statusCode).toBe(200);
    expect(set.json().setting.chatWidgetUrl).toBe(WIDGET_URL);
    expect((await siteSetting()).chatWidgetUrl).toBe(WIDGET_URL);
    expect((await widgetAudits()).at(-1)).toEqual({
      before: { chatWidgetUrl: null },
      after: { chatWidgetUrl: WIDGET_URL },
    });

    // The help page's document: the widget's one origin, where a chat widget needs it.
    for (const url of ['/helpline', '/helpline?from=menu', '/Helpline/']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      const policy = policyOf(page);
      expect(policy.get('script-src'), url).toEqual(["'self'", WIDGET_ORIGIN]);
      for (const directive of ['connect-src', 'frame-src', 'img-src', 'style-src', 'font-src']) {
        expect(policy.get(directive), `${url} ${directive}`).toContain(WIDGET_ORIGIN);
      }
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
    }

    // Every other page, the API and a POST to the same path keep the strict policy.
    const others = [
      await t.app.inject({ url: '/' }),
      await t.app.inject({ url: '/settings' }),
      await t.app.inject({ url: '/helpline/more' }),
      await t.app.inject({ url: '/contact' }),
      await t.app.inject({ url: '/api/getSiteSetting' }),
      await t.app.inject({ method: 'POST', url: '/helpline' }),
    ];
    for (const res of others) {
      const header = String(res.headers['content-security-policy']);
      expect(header).toContain("script-src 'self'");
      expect(header).not.toContain(WIDGET_ORIGIN);
    }

    // Cleared with null: the help page's policy is strict again at once.
    const cleared = await setWidget(null);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().setting.chatWidgetUrl).toBeNull();
    expect((await widgetAudits()).at(-1)).toEqual({
      before: { chatWidgetUrl: WIDGET_URL },
      after: { chatWidgetUrl: null },
    });
    expect(
      String((await t.app.inject({ url: '/helpline' })).headers['content-security-policy']),
    ).not.toContain(WIDGET_ORIGIN);
  });

  it('an empty address clears it too, and setting the same value writes no audit row', async () => {
    expect((await setWidget(WIDGET_URL)).statusCode).toBe(200);
    const audits = (await widgetAudits()).length;
    expect((await setWidget(WIDGET_URL)).statusCode).toBe(200);
    expect(await widgetAudits()).toHaveLength(audits);
    expect((await setWidget('  ')).json().setting.chatWidgetUrl).toBeNull();
    const rows = await queryRows(
      t.app.db,
      sql`select chat_widget_url from site_settings where id = 1`,
    );
    expect(rows).toEqual([{ chat_widget_url: null }]);
  });
});
