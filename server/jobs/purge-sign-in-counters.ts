/**
 * The sign-in counters' purge: every guessed email and every address leaves a counter
 * (server/modules/auth/throttle.ts), and one whose window has ended counts nothing any more,
 * so they are deleted every few minutes. Safe on several instances at once: a counter is
 * deleted only while its window is over, which a concurrent attempt's claim changes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { COUNTER_PURGE_BATCH_SIZE, purgeEndedCounters } from '../modules/auth/throttle';
import { startPeriodicJob } from './periodic';

export const COUNTER_PURGE_INTERVAL_MS = 5 * 60_000;
/** A backlog is worked off over several runs rather than in one long burst. */
export const MAX_COUNTER_PURGE_BATCHES_PER_RUN = 20;

export interface CounterPurgeDeps {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/** Runs the purge now and then every `intervalMs`; answers a function that stops it. */
export function startSignInCounterPurge(
  deps: CounterPurgeDeps,
  intervalMs = COUNTER_PURGE_INTERVAL_MS,
): () => Promise<void> {
  return startPeriodicJob({
    name: 'sign-in counter purge',
    intervalMs,
    minIntervalMs: 1000,
    log: deps.log,
    run: async (isStopped) => {
      let purged = 0;
      for (let batch = 0; batch < MAX_COUNTER_PURGE_BATCHES_PER_RUN && !isStopped(); batch += 1) {
        const removed = await purgeEndedCounters(deps.db);
        purged += removed;
        if (removed < COUNTER_PURGE_BATCH_SIZE) break;
      }
      if (purged > 0) deps.log.info({ purged }, 'purged ended sign-in counters');
    },
  });
}
