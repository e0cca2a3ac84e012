/**
 * The authorization matrix, built from the app's own route list: every route that needs a
 * session answers 401 without one, every admin route answers 403 to a user, and every user
 * route answers 403 to an admin.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { adminSignIn, createTestApp, registerAndLogin, type TestApp } from './harness';

let t: TestApp;
let userAuth: Record<string, string>;
let adminAuth: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'Root-Console-2026' });
  userAuth = (await registerAndLogin(t.app)).auth;
  adminAuth = await adminSignIn(t.app, {
    email: 'root@example.com',
    password: 'Root-Console-2026',
  });
});
afterAll(async () => t?.close());

/** Fills path parameters with a harmless id. */
const concrete = (url: string) =>
  url.replace(/:[A-Za-z]+/g, '00000000-0000-0000-0000-000000000000');

describe('authorization matrix', () => {
  it('every API route declares its access and there are guarded routes of each kind', () => {
    const kinds = new Set(t.app.apiRoutes.map((r) => r.access));
    expect(kinds).toEqual(new Set(['public', 'any', 'user', 'admin']));
  });

  /** Sends every route in `routes` an empty body with `headers`; each must answer `status`. */
  async function expectEveryRoute(
    routes: typeof t.app.apiRoutes,
    status: number,
    headers: Record<string, string> = {},
  ) {
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: {},
        headers,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(status);
    }
  }

  it('no token on any guarded route answers 401', () =>
    expectEveryRoute(
      t.app.apiRoutes.filter((r) => r.access !== 'public'),
      401,
    ));

  it('a user token on every admin route answers 403', () =>
    expectEveryRoute(
      t.app.apiRoutes.filter((r) => r.access === 'admin'),
      403,
      userAuth,
    ));

  it('an admin token on every user-only route answers 403', () =>
    expectEveryRoute(
      t.app.apiRoutes.filter((r) => r.access === 'user'),
      403,
      adminAuth,
    ));

  it('the admin reaches the console overview', async () => {
    const res = await t.app.inject({ url: '/api/admin/overview', headers: adminAuth });
    expect(res.statusCode).toBe(200);
    expect(res.json().users.total).toBeGreaterThanOrEqual(1);
  });
});

describe('admin password', () => {
  it('needs the current password, changes it, revokes sessions and is audited', async () => {
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/updateAdminPassword',
        payload: { currentPassword, password: 'Copper-Lantern-52' },
        headers: adminAuth,
      });
    expect((await change('nope-nope-1')).statusCode).toBe(400);
    expect((await change('Root-Console-2026')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/admin/overview', headers: adminAuth })).statusCode,
    ).toBe(401);
    const rows = await queryRows(
      t.app.db,
      sql`select action from audit_log where action = 'admin.password_changed'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('the database refuses to change or delete audit rows', async () => {
    const failure = (query: Promise<unknown>) =>
      query.then(
        () => 'succeeded',
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
    expect(await failure(t.app.db.execute(sql`update audit_log set reason = 'x'`))).toMatch(
      /append-only/,
    );
    expect(await failure(t.app.db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
    expect(await failure(t.app.db.execute(sql`truncate audit_log`))).toMatch(/append-only/);
  });
});
