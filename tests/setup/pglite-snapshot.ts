/**
 * Vitest global setup: one migrated PGlite data directory, dumped to a file, from which
 * every test app's in-memory database starts (tests/api/harness.ts). Creating a PGlite
 * cluster costs about two seconds of CPU and loading a snapshot well under one, and the
 * PGlite pass creates a few hundred databases. Skipped on PostgreSQL (TEST_DATABASE_URL).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';

const MIGRATIONS_FOLDER = path.join(import.meta.dirname, '../../server/db/migrations');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The snapshot's file, or '' when the tests run on PostgreSQL. */
    pgliteSnapshotFile: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshotFile', '');
    return () => undefined;
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-pglite-snapshot-'));
  const file = path.join(folder, 'migrated.tar');
  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('pgliteSnapshotFile', file);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
