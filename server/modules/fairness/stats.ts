/**
 * The figures of the public fairness record (docs/product.md §4 Fairness): settled real
 * trades of the last 30 and 90 days counted by result, the active accounts and how many of
 * them lost money, and the house's result. Computed in SQL from the trades table alone;
 * practice trades are left out: only real money tells how traders fare.
 *
 * The figures are cached in memory for FAIRNESS_STATS_TTL_MS per instance: the endpoint is
 * public and read on every visit to /trade and /fairness, and a figure a few minutes old is
 * as honest as a fresh one ("updated at least daily").
 */
import { sql } from 'drizzle-orm';
import type { FairnessPeriod, FairnessStats } from '../../../common/contract';
import { formatMicros } from '../../../common/money';
import { queryRows, type Db } from '../../db/client';

export const FAIRNESS_STATS_TTL_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

interface PeriodRow {
  settled: string;
  won: string;
  lost: string;
  drawn: string;
  void: string;
  house: string;
  accounts: string;
  accounts_lost: string;
}

/** The trades settled in the `days` days up to `nowMs`, counted. */
async function period(db: Db, nowMs: number, days: number): Promise<FairnessPeriod> {
  const since = new Date(nowMs - days * DAY_MS).toISOString();
  const until = new Date(nowMs).toISOString();
  const [row] = await queryRows<PeriodRow>(
    db,
    sql`with settled as (
          select user_id, result, stake_micros, returned_micros from trades
          where status = 'Completed' and account = 'real'
            and settled_at > ${since}::timestamptz and settled_at <= ${until}::timestamptz),
        accounts as (
          select sum(returned_micros - stake_micros) as net from settled group by user_id)
        select count(*)::text as settled,
               count(*) filter (where result = 'win')::text as won,
               count(*) filter (where result = 'loss')::text as lost,
               count(*) filter (where result = 'draw')::text as drawn,
               count(*) filter (where result = 'void')::text as void,
               coalesce(sum(stake_micros - returned_micros), 0)::text as house,
               (select count(*) from accounts)::text as accounts,
               (select count(*) from accounts where net < 0)::text as accounts_lost
        from settled`,
  );
  if (!row) throw new Error('fairness: the count answered no row');
  return {
    days,
    settled: Number(row.settled),
    won: Number(row.won),
    lost: Number(row.lost),
    drawn: Number(row.drawn),
    void: Number(row.void),
    activeAccounts: Number(row.accounts),
    accountsThatLost: Number(row.accounts_lost),
    houseResult: formatMicros(BigInt(row.house)),
  };
}

/** The figures as of `nowMs`, straight from the database. */
export async function computeFairnessStats(db: Db, nowMs: number): Promise<FairnessStats> {
  return {
    computedAt: new Date(nowMs).toISOString(),
    last30Days: await period(db, nowMs, 30),
    last90Days: await period(db, nowMs, 90),
  };
}

/**
 * A cache of the figures for one instance: answers the cached figures while they are
 * younger than the TTL, and computes them once for any number of callers at a time.
 */
export function createFairnessStatsCache(
  db: Db,
  nowMs: () => number,
  ttlMs = FAIRNESS_STATS_TTL_MS,
): () => Promise<FairnessStats> {
  let cached: { atMs: number; stats: Promise<FairnessStats> } | null = null;
  return () => {
    const now = nowMs();
    if (cached === null || now - cached.atMs >= ttlMs || now < cached.atMs) {
      const stats = computeFairnessStats(db, now);
      const entry = { atMs: now, stats };
      cached = entry;
      // A failed count is not kept: the next call tries again.
      stats.catch(() => {
        if (cached === entry) cached = null;
      });
    }
    return cached.stats;
  };
}
