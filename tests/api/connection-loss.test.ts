/**
 * A PostgreSQL connection that drops while the app holds it (the database restarts, a
 * proxy cuts it) must fail that one piece of work, never the process. node-postgres emits
 * an 'error' event on a client whose connection ends; the pool listens only while the
 * client is idle, so a client checked out for a transaction needs a listener of its own,
 * or the event is unhandled and the server exits (found by the crash suite's PostgreSQL
 * restart, tests/hostile/crash.ts). PostgreSQL only: PGlite has no connections.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { createTestApp, type TestApp } from './harness';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;

beforeAll(async () => {
  if (onPostgres) t = await createTestApp();
});

afterAll(async () => {
  if (t) await t.close();
});

describe.skipIf(!onPostgres)('a dropped database connection', () => {
  it('fails the transaction that held it, and the app carries on', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.prependListener('uncaughtException', onUncaught);
    try {
      const outcome = t.app.db.transaction(async (tx) => {
        const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        // Another session ends this one while the transaction sits idle between statements,
        // as a database restart would: no query is in flight to receive the error.
        await t.app.db.execute(sql`select pg_terminate_backend(${me?.pid ?? 0}::int)`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      await expect(outcome).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(uncaught).toEqual([]);
      // The pool dropped the dead client; the next piece of work gets a fresh connection.
      const [row] = await queryRows<{ ok: number }>(t.app.db, sql`select 1 as ok`);
      expect(row?.ok).toBe(1);
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      process.removeListener('uncaughtException', onUncaught);
    }
  });
});
