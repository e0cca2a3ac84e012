/**
 * Regressions for the bugs the hostile suites (tests/hostile) found, one focused case each:
 * - a NUL character or a lone surrogate in any text answered 500 (PostgreSQL text cannot
 *   hold U+0000, jsonb refuses the escape of an unpaired surrogate);
 * - a body value with an own `toString` that is not a function answered 500 (superstruct
 *   prints refused values with a template literal);
 * - the router's own refusals (bad percent-encoding, an over-long path parameter) answered
 *   in Fastify's error shape, not the API's;
 * - concurrent uploads from one address all passed the unclaimed-upload cap (check, then
 *   insert, without a lock);
 * - the trace log held the bearer token (the multipart plugin logs the request headers) and
 *   every log held file-link signatures (in request URLs).
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedUrl } from '../../server/app';
import { queryRows } from '../../server/db/client';
import { INVALID_TEXT_MESSAGE } from '../../server/http/request-policy';
import { MAX_UNCLAIMED_UPLOADS_PER_ADDRESS } from '../../server/modules/files/routes';
import {
  createTracedTestApp,
  insertUnclaimedUploads,
  multipartFile,
  registerAndLogin,
  uploadScreenshot,
  type AdminTestApp,
} from './harness';

let t: AdminTestApp;
let user: Awaited<ReturnType<typeof registerAndLogin>>;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTracedTestApp(logLines);
  user = await registerAndLogin(t.app);
});
afterAll(async () => t?.close());

describe('NUL characters and lone surrogates', () => {
  it.each([
    [
      'PUT',
      '/api/updateProfile',
      { fullName: 'A\u0000B', phoneNumber: '+14155550123' },
      'fullName',
    ],
    ['POST', '/api/login', { email: 'a\u0000@example.com', password: 'whatever-1' }, 'email'],
    ['POST', '/api/createCoin', { symbol: 'NUL', name: 'x\u0000' }, 'name'],
    ['PUT', '/api/updateSiteSetting', { whatsappLink: 'https://a.example/\u0000' }, 'whatsappLink'],
  ] as const)('%s %s answers 400 naming the field', async (method, url, payload, field) => {
    const headers = url.includes('Coin') || url.includes('Site') ? t.admin : user.auth;
    const res = await t.app.inject({ method, url, headers, payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: INVALID_TEXT_MESSAGE,
      code: 'invalid_body',
      field,
    });
  });

  it('a lone surrogate in an audited field answers 400, and changes nothing', async () => {
    for (const text of ['\ud800', 'a\udc00b', '\udfff\ud800']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/updateUser',
        headers: t.admin,
        payload: {
          id: user.userId,
          fullName: 'Still Fine',
          username: user.body.username,
          email: user.body.email,
          phoneNumber: '+14155550123',
          appNotice: text,
        },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_body', field: 'appNotice' });
    }
    // A proper pair (an emoji) is text like any other.
    const emoji = await t.app.inject({
      method: 'PUT',
      url: '/api/updateProfile',
      headers: user.auth,
      payload: { fullName: 'Ada 😀', phoneNumber: '+14155550123' },
    });
    expect(emoji.statusCode, emoji.body).toBe(200);
  });

  it('in a query string and in a nested key too', async () => {
    const query = await t.app.inject({ url: '/api/admin/users?q=%00', headers: t.admin });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ code: 'invalid_body', field: 'q' });
    const key = await t.app.inject({
      method: 'PUT',
      url: '/api/updateProfile',
      headers: user.auth,
      payload: { fullName: 'Ok', phoneNumber: '+14155550123', nested: { 'a\u0000': 1 } },
    });
    expect(key.statusCode).toBe(400);
  });
});

it('a value with an own toString that is not a function is a 400, not a 500', async () => {
  for (const value of [{ toString: 1 }, { valueOf: 'x', toString: [] }]) {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/updateProfile',
      headers: user.auth,
      payload: { fullName: value, phoneNumber: '+14155550123' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body is not valid.', code: 'invalid_body' });
  }
});

it("the router's refusals answer in the API's error shape", async () => {
  const bad = await t.app.inject({ url: '/api/getDepositDetails/%E0%A4%A', headers: user.auth });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toEqual({
    error: 'The address of this request is not valid.',
    code: 'invalid_body',
  });
  const long = await t.app.inject({
    url: `/api/getDepositDetails/${'a'.repeat(500)}`,
    headers: user.auth,
  });
  expect(long.statusCode).toBe(404);
  expect(long.json()).toEqual({ error: 'Not found.', code: 'not_found' });
});

it('concurrent uploads from one address never pass the unclaimed-upload cap', async () => {
  const address = '198.51.100.99';
  const room = 5;
  await insertUnclaimedUploads(t.app.db, MAX_UNCLAIMED_UPLOADS_PER_ADDRESS - room, address);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  const answers = await Promise.all(
    Array.from({ length: 16 }, () => {
      const body = multipartFile('a.png', 'image/png', png);
      return t.app.inject({
        method: 'POST',
        url: '/upload',
        payload: body.payload,
        headers: body.headers,
        remoteAddress: address,
      });
    }),
  );
  expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(room);
  expect(answers.every((res) => res.statusCode === 201 || res.statusCode === 429)).toBe(true);
  const [row] = await queryRows<{ n: string }>(
    t.app.db,
    sql`select count(*)::text as n from files where uploader_ip = ${address} and claimed_at is null`,
  );
  expect(Number(row?.n)).toBe(MAX_UNCLAIMED_UPLOADS_PER_ADDRESS);
});

it('the logs hold neither the bearer token of an upload nor a file-link signature', async () => {
  const fileUrl = await uploadScreenshot(t.app, user.auth);
  const link = t.app.fileLinks.sign(fileUrl.slice('/files/'.length));
  expect((await t.app.inject({ url: link })).statusCode).toBe(200);
  const sig = new URL(link, 'http://x').searchParams.get('sig') ?? '';
  const log = logLines.join('');
  expect(log).toContain('Providing options to busboy');
  expect(log).toContain('sig=[redacted]');
  expect(log).not.toContain(user.token);
  expect(log).not.toContain(sig);
  expect(loggedUrl('/files/x?exp=1&sig=abc&admin=y')).toBe('/files/x?exp=1&sig=[redacted]&admin=y');
});
