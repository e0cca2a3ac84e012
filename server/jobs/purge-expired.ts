/**
 * The purge of rows whose time is over, every few minutes:
 * - sign-in counters whose window has ended (server/modules/auth/throttle.ts): every
 *   guessed email and every address leaves one, and an ended one counts nothing any more;
 * - expired sessions (server/modules/auth/sessions.ts), which already let nobody in;
 * - sign-in attempts older than 90 days, and beyond each account's newest 50
 *   (server/modules/auth/login-history.ts);
 * - known devices not signed in from for a year (server/modules/auth/devices.ts).
 * Safe on several instances at once: each statement deletes only rows that are over at the
 * moment it runs (a counter's concurrent claim restarts its window and so keeps it).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import {
  COUNTER_PURGE_BATCH_SIZE,
  DEVICE_PURGE_BATCH_SIZE,
  LOGIN_ATTEMPT_PURGE_BATCH_SIZE,
  purgeEndedCounters,
  purgeExcessLoginAttempts,
  purgeExpiredSessions,
  purgeForgottenDevices,
  purgeOldLoginAttempts,
  SESSION_PURGE_BATCH_SIZE,
} from '../modules/auth';
import { CHALLENGE_PURGE_BATCH_SIZE, purgeExpiredChallenges } from '../modules/users';
import { startPeriodicJob } from './periodic';

const EXPIRED_PURGE_INTERVAL_MS = 5 * 60_000;
/** A backlog is worked off over several runs rather than in one long burst. */
const MAX_PURGE_BATCHES_PER_RUN = 20;

interface Purge {
  /** Named in the log line. */
  rows: string;
  batchSize: number;
  /** Deletes up to `batchSize` rows that are over and answers how many. */
  purgeBatch(db: Db, nowMs: number): Promise<number>;
}

const PURGES: readonly Purge[] = [
  { rows: 'sign-in counters', batchSize: COUNTER_PURGE_BATCH_SIZE, purgeBatch: purgeEndedCounters },
  { rows: 'sessions', batchSize: SESSION_PURGE_BATCH_SIZE, purgeBatch: purgeExpiredSessions },
  {
    rows: 'sign-in attempts past their retention',
    batchSize: LOGIN_ATTEMPT_PURGE_BATCH_SIZE,
    purgeBatch: purgeOldLoginAttempts,
  },
  {
    rows: 'sign-in attempts beyond the bound per account',
    batchSize: LOGIN_ATTEMPT_PURGE_BATCH_SIZE,
    purgeBatch: purgeExcessLoginAttempts,
  },
  {
    rows: 'known devices not signed in from for a year',
    batchSize: DEVICE_PURGE_BATCH_SIZE,
    purgeBatch: purgeForgottenDevices,
  },
  {
    rows: 'sign-in challenges',
    batchSize: CHALLENGE_PURGE_BATCH_SIZE,
    purgeBatch: purgeExpiredChallenges,
  },
];

export interface ExpiredPurgeDeps {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/** One purge's run: batches until one comes back short, at most `MAX_PURGE_BATCHES_PER_RUN`. */
async function runPurge(purge: Purge, db: Db, isStopped: () => boolean): Promise<number> {
  let purged = 0;
  for (let batch = 0; batch < MAX_PURGE_BATCHES_PER_RUN && !isStopped(); batch += 1) {
    const removed = await purge.purgeBatch(db, Date.now());
    purged += removed;
    if (removed < purge.batchSize) break;
  }
  return purged;
}

/** Runs every purge now and then every `intervalMs`; answers a function that stops it. */
export function startExpiredRowPurge(
  deps: ExpiredPurgeDeps,
  intervalMs = EXPIRED_PURGE_INTERVAL_MS,
): () => Promise<void> {
  return startPeriodicJob({
    name: 'expired row purge',
    intervalMs,
    minIntervalMs: 1000,
    log: deps.log,
    run: async (isStopped) => {
      for (const purge of PURGES) {
        const purged = await runPurge(purge, deps.db, isStopped);
        if (purged > 0) deps.log.info({ purged }, `purged expired ${purge.rows}`);
      }
    },
  });
}
