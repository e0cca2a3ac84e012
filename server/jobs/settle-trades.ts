/**
 * The settlement sweeper: every SETTLE_INTERVAL_MS it settles the trades that are due
 * (server/modules/trades/settlement.ts), in batches while batches come back full. Safe on
 * many instances at once: batches take their trades with FOR UPDATE SKIP LOCKED, so two
 * sweepers share the work instead of queueing, and a trade settles only while pending.
 * Never throws out of its timer; a trade that fails to settle on its own is logged and
 * left alone for QUARANTINE_MS, so it cannot hold up the others.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { PlatformAccounts } from '../ledger/accounts';
import { settleDueTrades } from '../modules/trades';
import { startPeriodicJob } from './periodic';

export { settleDueTrades } from '../modules/trades';

const SETTLE_INTERVAL_MS = 250;
const QUARANTINE_MS = 60_000;
/** At most this many trades are kept in quarantine; a longer list means something is broken. */
const QUARANTINE_MAX = 1000;

export interface SettlementSweeperDeps {
  db: Db;
  platformAccounts: PlatformAccounts;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The clock (tests move it); defaults to Date.now. */
  now?: () => number;
}

/**
 * Starts the sweeper; answers a function that stops it and waits for a run in progress,
 * so the database can be closed after it.
 */
export function startTradeSettlement(
  deps: SettlementSweeperDeps,
  intervalMs = SETTLE_INTERVAL_MS,
): () => Promise<void> {
  const now = deps.now ?? Date.now;
  const quarantine = new Map<string, number>();
  return startPeriodicJob({
    name: 'settlement sweep',
    intervalMs,
    minIntervalMs: 10,
    log: deps.log,
    run: async () => {
      const nowMs = now();
      for (const [id, untilMs] of quarantine) if (untilMs <= nowMs) quarantine.delete(id);
      const summary = await settleDueTrades(deps.db, deps.platformAccounts, nowMs, {
        excludeIds: [...quarantine.keys()],
      });
      for (const failure of summary.failed) {
        if (quarantine.size < QUARANTINE_MAX) {
          quarantine.set(failure.tradeId, nowMs + QUARANTINE_MS);
        }
        deps.log.error(
          { err: failure.error, tradeId: failure.tradeId },
          'trade settlement failed; retrying later',
        );
      }
      if (summary.more) deps.log.warn({ settled: summary.settled }, 'settlement backlog remains');
    },
  });
}
