/**
 * Opens the database: PostgreSQL through node-postgres when a URL is given, otherwise the
 * embedded PGlite (in a folder, or in memory for tests). Both get the same Drizzle schema and
 * the same migrations, applied at start.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Arbitrary constant: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_ID = 727_001;
const POOL_SIZE = 10;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir: string | null;
      /**
       * A data directory to start from (PGlite's `dumpDataDir`) instead of a new cluster:
       * a second to load against two or more to create one. The tests start each app's
       * in-memory database from one migrated snapshot (tests/setup/pglite-snapshot.ts).
       */
      snapshot?: Blob;
    };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? POOL_SIZE,
      idleTimeoutMillis: 30_000,
    });
    // An idle client that loses its connection emits an error; without a listener it
    // would crash the process. The pool replaces the client on the next checkout.
    pool.on('error', () => undefined);
    // The pool listens only while a client is idle. A client checked out for a transaction
    // whose connection drops (the database restarts) emits its error with nobody listening,
    // which would crash the process; the work in flight fails on its own, and the pool
    // discards the dead client when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client
        .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
        .catch(() => undefined);
      client.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  // Loaded only when used: PGlite's module alone adds about 39 MiB to the resident memory
  // of a server that runs on PostgreSQL (`npm run bench:api` measures that memory).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (target.dataDir !== null) fs.mkdirSync(target.dataDir, { recursive: true });
  const client = new PGlite({
    ...(target.dataDir === null ? {} : { dataDir: target.dataDir }),
    ...(target.snapshot === undefined ? {} : { loadDataDir: target.snapshot }),
  });
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: pgliteDb as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** A cheap round trip used by the health check. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Drizzle's own parts that turn a query into text and run it under a statement name. */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/** Statement names by query text; bounded because the texts come from code, not input. */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 256;

/**
 * Like queryRows, as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every call. For the hot statements whose text never varies (their
 * variable parts are parameters, lists included, as arrays). The name comes from the text,
 * so two texts can never share one.
 */
export async function queryPrepared<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const internals = db as unknown as DrizzleInternals;
  return runPrepared<T>(internals, internals.dialect.sqlToQuery(query));
}

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= MAX_STATEMENT_NAMES) {
      throw new Error('queryPrepared: too many distinct statements; is a value inlined?');
    }
    name = `tw_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}

async function runPrepared<T>(
  internals: DrizzleInternals,
  built: { sql: string; params: unknown[] },
): Promise<T[]> {
  const prepared = internals.session.prepareQuery(
    built,
    undefined,
    statementName(built.sql),
    false,
  );
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}

/**
 * `queryPrepared` for the hottest statement, whose text is turned from `query` into SQL
 * once: the answer runs it with new parameters, in the order `query` had them, and nothing
 * is rebuilt per call (the builder's walk cost more CPU than the round trip).
 */
export function fixedStatement<T = Record<string, unknown>>(
  db: Db,
  query: SQL,
): (params: unknown[]) => Promise<T[]> {
  const internals = db as unknown as DrizzleInternals;
  const built = internals.dialect.sqlToQuery(query);
  const count = built.params.length;
  return (params) => {
    if (params.length !== count) {
      throw new Error(`fixedStatement: ${params.length} parameters for ${count}`);
    }
    return runPrepared<T>(internals, { sql: built.sql, params });
  };
}
