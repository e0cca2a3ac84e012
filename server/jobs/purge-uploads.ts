/**
 * The upload purge: uploads nobody claimed within 24 h are deleted, row and encrypted file.
 * Safe on several instances at once: each run takes a transaction-scoped advisory lock and
 * gives up when another instance holds it, and rows are taken with SKIP LOCKED so a claim
 * in progress is never waited for nor deleted from under it.
 */
import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../db/client';
import { files } from '../db/schema';
import { UNCLAIMED_UPLOAD_TTL_MS, type FileStore } from '../modules/files';
import { startPeriodicJob } from './periodic';

/** Arbitrary constant, distinct from the migration lock (727_001). */
export const UPLOAD_PURGE_LOCK_ID = 727_101;
const PURGE_BATCH_SIZE = 500;
/** A backlog is worked off over several runs rather than in one long burst. */
const MAX_PURGE_BATCHES_PER_RUN = 20;
const UPLOAD_PURGE_INTERVAL_MS = 15 * 60_000;
/** A temp file older than this is a write that never finished (a crash mid-upload). */
const STALE_TEMP_FILE_MS = 60 * 60_000;

/**
 * Deletes up to `batchSize` unclaimed uploads created before `now - 24 h`, and returns how
 * many rows it deleted; 0 when another instance is purging. The rows go first, in their
 * own transaction, then the files: a failed unlink leaves bytes nobody can reach, never a
 * row whose bytes are gone. Unlink failures are thrown after every file was attempted.
 */
export async function purgeUnclaimedUploads(
  db: Db,
  store: FileStore,
  now = new Date(),
  batchSize = PURGE_BATCH_SIZE,
): Promise<number> {
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError('batchSize must be >= 1');
  const cutoff = new Date(now.getTime() - UNCLAIMED_UPLOAD_TTL_MS);

  const deleted = await db.transaction(async (tx) => {
    const lock = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${UPLOAD_PURGE_LOCK_ID}::bigint) as locked`,
    );
    if (lock[0]?.locked !== true) return null;
    const due = tx
      .select({ id: files.id })
      .from(files)
      .where(and(isNull(files.claimedAt), lt(files.createdAt, cutoff)))
      .orderBy(files.createdAt)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return tx
      .delete(files)
      .where(inArray(files.id, due))
      .returning({ storageName: files.storageName });
  });
  if (deleted === null) return 0;
  if (deleted.length > batchSize) throw new Error('Purge deleted more rows than its batch');

  const failures: unknown[] = [];
  for (const { storageName } of deleted) {
    try {
      await store.remove(storageName);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `Could not delete ${failures.length} purged upload files`);
  }
  return deleted.length;
}

/** Deletes temp files left by writes that never finished; returns how many. */
async function removeStaleTempFiles(store: FileStore, now = new Date()): Promise<number> {
  const olderThanMs = now.getTime() - STALE_TEMP_FILE_MS;
  let removed = 0;
  for await (const entry of store.entries()) {
    if (entry.kind !== 'temp' || entry.modifiedAtMs > olderThanMs) continue;
    await store.removeTemp(entry.name);
    removed += 1;
  }
  return removed;
}

export interface UploadPurgeDeps {
  db: Db;
  store: FileStore;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/**
 * Runs the purge now and then every `intervalMs`, never two runs at once in this process.
 * Returns a function that stops the timer and waits for a run in progress, so the
 * database can be closed after it.
 */
export function startUploadPurge(
  deps: UploadPurgeDeps,
  intervalMs = UPLOAD_PURGE_INTERVAL_MS,
): () => Promise<void> {
  return startPeriodicJob({
    name: 'upload purge',
    intervalMs,
    minIntervalMs: 1000,
    log: deps.log,
    run: async (isStopped) => {
      let purged = 0;
      for (let batch = 0; batch < MAX_PURGE_BATCHES_PER_RUN && !isStopped(); batch += 1) {
        const removed = await purgeUnclaimedUploads(deps.db, deps.store);
        purged += removed;
        if (removed < PURGE_BATCH_SIZE) break;
      }
      const tempRemoved = isStopped() ? 0 : await removeStaleTempFiles(deps.store);
      if (purged > 0 || tempRemoved > 0) {
        deps.log.info({ purged, tempRemoved }, 'purged unclaimed uploads');
      }
    },
  });
}
