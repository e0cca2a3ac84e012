/**
 * Tick retention: recorded ticks older than TICK_RETENTION_DAYS are deleted, hourly. A tick
 * per second per coin is ~2.6 million rows per coin per month, so without this the table
 * only grows. Settled trades keep their entry and exit prices in their own row, so deleting
 * old ticks never changes a receipt; keep the retention longer than the longest trade.
 *
 * Safe on several instances at once: each run takes a transaction-scoped advisory lock and
 * gives up when another instance holds it. Deletes go in batches on the recorded_at index,
 * so a large backlog never becomes one huge transaction.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../db/client';
import { startPeriodicJob } from './periodic';

/** Arbitrary constant, distinct from the migration (727001) and upload purge (727101) locks. */
const TICK_PURGE_LOCK_ID = 727_201;
const TICK_PURGE_INTERVAL_MS = 60 * 60_000;
const TICK_PURGE_BATCH_SIZE = 50_000;
/** A backlog is worked off over several runs rather than in one long burst. */
const MAX_TICK_PURGE_BATCHES_PER_RUN = 40;

/**
 * Deletes up to `batchSize` ticks recorded before `now − retentionDays` and answers how many;
 * null when another instance holds the purge lock.
 */
export async function purgeOldTicks(
  db: Db,
  retentionDays: number,
  now = new Date(),
  batchSize = TICK_PURGE_BATCH_SIZE,
): Promise<number | null> {
  if (!Number.isInteger(retentionDays) || retentionDays < 1) {
    throw new RangeError('retentionDays must be an integer >= 1');
  }
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError('batchSize must be >= 1');
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60_000);
  return db.transaction(async (tx) => {
    const lock = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${TICK_PURGE_LOCK_ID}::bigint) as locked`,
    );
    if (lock[0]?.locked !== true) return null;
    const deleted = await queryRows<{ n: number | string }>(
      tx,
      sql`with doomed as (
            select symbol, recorded_at from market_ticks
            where recorded_at < ${cutoff.toISOString()}::timestamptz
            order by recorded_at
            limit ${batchSize}
          ), gone as (
            delete from market_ticks m using doomed d
            where m.symbol = d.symbol and m.recorded_at = d.recorded_at
            returning 1
          )
          select count(*)::int as n from gone`,
    );
    return Number(deleted[0]?.n ?? 0);
  });
}

export interface TickPurgeDeps {
  db: Db;
  retentionDays: number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/**
 * Runs the purge now and then every `intervalMs`, never two runs at once in this process.
 * Returns a function that stops the timer and waits for a run in progress.
 */
export function startTickPurge(
  deps: TickPurgeDeps,
  intervalMs = TICK_PURGE_INTERVAL_MS,
): () => Promise<void> {
  return startPeriodicJob({
    name: 'tick purge',
    intervalMs,
    minIntervalMs: 1000,
    log: deps.log,
    run: async (isStopped) => {
      let purged = 0;
      for (let batch = 0; batch < MAX_TICK_PURGE_BATCHES_PER_RUN && !isStopped(); batch += 1) {
        const removed = await purgeOldTicks(deps.db, deps.retentionDays);
        if (removed === null) break;
        purged += removed;
        if (removed < TICK_PURGE_BATCH_SIZE) break;
      }
      if (purged > 0) deps.log.info({ purged }, 'purged old market ticks');
    },
  });
}
