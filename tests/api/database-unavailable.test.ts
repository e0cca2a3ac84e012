/**
 * A database that cannot be reached answers 503 `service_unavailable` with `Retry-After`,
 * not 500: the request stored nothing and can be sent again as it is. The errors below are
 * the real ones node-postgres and Drizzle raise, not hand-made look-alikes.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { isDatabaseUnavailable } from '../../server/db/unavailable';
import { adminHeaders, createTestApp, WITH_ADMIN, type TestApp } from './harness';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The error a query raises: whatever the promise rejects with. */
async function errorOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected the work to fail');
}

describe('what counts as the database being unavailable', () => {
  it('a refused connection (nothing listens on the port)', async () => {
    // Port 9 (discard) on loopback: nothing listens there on a test machine.
    const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:9/none' });
    const error = await errorOf(client.connect());
    expect((error as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('a pool that cannot connect, through Drizzle', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:9/none' });
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const error = await errorOf(drizzle(pool).execute(sql`select 1`));
    expect(isDatabaseUnavailable(error)).toBe(true);
    await pool.end();
  });

  it('not: a constraint violation, a syntax error, a plain bug', () => {
    expect(isDatabaseUnavailable({ code: '23505', message: 'duplicate key' })).toBe(false);
    expect(isDatabaseUnavailable({ code: '42601', message: 'syntax error' })).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });

  it('looks through causes, but not forever', () => {
    const root = { code: '57P01', message: 'terminating connection due to administrator command' };
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: root }))).toBe(true);
    let deep: unknown = root;
    for (let i = 0; i < 10; i += 1) deep = { message: 'wrapped', cause: deep };
    expect(isDatabaseUnavailable(deep)).toBe(false);
  });
});

describe.skipIf(!onPostgres)('on PostgreSQL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(WITH_ADMIN);
  });

  afterAll(async () => {
    await t.close();
  });

  it('a connection ended by the server (as in a restart) is unavailable, not a fault', async () => {
    const error = await errorOf(
      t.app.db.transaction(async (tx) => {
        const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        await t.app.db.execute(sql`select pg_terminate_backend(${me?.pid ?? 0}::int)`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      }),
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('a request whose connection is ended mid-way is answered 503 with Retry-After, and changes nothing', async () => {
    const headers = await adminHeaders(t.app);
    const [{ database } = { database: '' }] = await queryRows<{ database: string }>(
      t.app.db,
      sql`select current_database() as database`,
    );
    // Another session holds the settings row, so the request's update waits on it ...
    const holder = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await holder.connect();
    const holderUrl = new URL(process.env.TEST_DATABASE_URL!);
    holderUrl.pathname = `/${database}`;
    const rowHolder = new pg.Client({ connectionString: holderUrl.toString() });
    await rowHolder.connect();
    try {
      await rowHolder.query('begin');
      await rowHolder.query('select * from site_settings where id = 1 for update');
      const answer = t.app.inject({
        method: 'PUT',
        url: '/api/updateSiteSetting',
        headers,
        payload: { chatWidgetUrl: 'https://embed.chat-vendor.example/widget/abc123.js' },
      });
      // ... and while it waits, its connection is ended, as a database restart ends it.
      let ended = false;
      for (let attempt = 0; attempt < 100 && !ended; attempt += 1) {
        const result = await holder.query<{ ended: boolean }>(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity
           where datname = $1 and wait_event_type = 'Lock'`,
          [database],
        );
        ended = result.rows.some((row) => row.ended);
        if (!ended) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(ended).toBe(true);
      const refused = await answer;
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toEqual({
        error: 'The service is briefly unavailable. Please try again in a moment.',
        code: 'service_unavailable',
      });
    } finally {
      await rowHolder.query('rollback');
      await rowHolder.end();
      await holder.end();
    }
    // Nothing was stored, and the same request now goes through.
    const setting = (await t.app.inject({ url: '/api/getSiteSetting' })).json() as {
      setting: { chatWidgetUrl: string | null };
    };
    expect(setting.setting.chatWidgetUrl).toBeNull();
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/updateSiteSetting',
      headers,
      payload: { chatWidgetUrl: 'https://embed.chat-vendor.example/widget/abc123.js' },
    });
    expect(again.statusCode).toBe(200);
  });
});
