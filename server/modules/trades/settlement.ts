/**
 * Which trades are due, and settling them in batches. Used by the sweeper (every trade)
 * and by the trade reads (the reader's own trades), so a read never answers a trade as
 * pending when it could be settled.
 *
 * A trade can be settled once its exit price is known for good:
 * - its exit tick is the first tick recorded at or after expiry, within SETTLEMENT_WINDOW_S;
 * - a tick in the first second after expiry is final at once (ticks are whole seconds, so
 *   no earlier one can still arrive), and the trade settles as soon as it is recorded;
 * - otherwise the sweeper waits until the window and a short grace for late recordings have
 *   passed, then settles on the first tick in the window, or voids the trade when there is
 *   none. So re-deriving the outcome later (`trades:verify`) finds the same exit tick.
 *
 * Each batch is one transaction: `FOR UPDATE SKIP LOCKED` takes up to `batchSize` due
 * trades no other instance is settling, joined with their exit ticks and wallets, and the
 * ledger settles them set-based (server/ledger/trades.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { SETTLEMENT_WINDOW_S } from '../../../common/rules';
import { queryRows, type Db } from '../../db/client';
import type { PlatformAccounts } from '../../ledger/accounts';
import {
  pgArray,
  settleTrades,
  type ExitTick,
  type PendingTrade,
  type TradeAccount,
  type TradeDirection,
  type TradeSettlement,
} from '../../ledger/trades';
import type { Tx } from '../../ledger/types';
import { normalizeDecimal } from '../../market/decimal';

export const SETTLEMENT_BATCH_SIZE = 500;
/** A run works off at most this many batches (100,000 trades), then yields to the next. */
export const MAX_SETTLEMENT_BATCHES_PER_RUN = 200;
/**
 * How long after the window a trade without an exit tick waits before it is voided, so a
 * tick of the window's last seconds that is written a little late still counts.
 */
export const VOID_GRACE_MS = 2000;

export interface SettleOptions {
  /** Only this user's trades (the read path). */
  userId?: string;
  /** Only these trades. */
  tradeIds?: readonly string[];
  /** Never these trades (quarantined after failing on their own). */
  excludeIds?: readonly string[];
  batchSize?: number;
  maxBatches?: number;
}

export interface SettleSummary {
  settled: number;
  batches: number;
  /** Trades whose settlement failed on its own (a bug or bad data); left pending. */
  failed: Array<{ tradeId: string; error: unknown }>;
  /** True when the run stopped at maxBatches with more trades possibly due. */
  more: boolean;
}

interface DueRow {
  id: string;
  account: TradeAccount;
  wallet: string;
  direction: TradeDirection;
  stake: string;
  payout: string;
  entry_price: string;
  exit_price: string | null;
  exit_ms: string | null;
  exit_source: string | null;
}

const timestamp = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** Up to `limit` due trades, locked for this transaction, skipping those locked elsewhere. */
async function takeDueTrades(
  tx: Tx,
  nowMs: number,
  limit: number,
  options: SettleOptions,
): Promise<Array<{ trade: PendingTrade; exit: ExitTick | null }>> {
  const filters: SQL[] = [];
  if (options.userId !== undefined) filters.push(sql`and t.user_id = ${options.userId}::uuid`);
  if (options.tradeIds !== undefined) {
    if (options.tradeIds.length === 0) return [];
    filters.push(sql`and t.id = any(${pgArray(options.tradeIds)}::uuid[])`);
  }
  if (options.excludeIds !== undefined && options.excludeIds.length > 0) {
    filters.push(sql`and not (t.id = any(${pgArray(options.excludeIds)}::uuid[]))`);
  }
  const voidCutoffMs = nowMs - SETTLEMENT_WINDOW_S * 1000 - VOID_GRACE_MS;
  // Ordered by expiry alone, so the partial index on pending trades streams them in order
  // and the lateral look-up of exit ticks runs only for the rows taken.
  const rows = await queryRows<DueRow>(
    tx,
    sql`select t.id::text as id, t.account,
               (case t.account when 'practice' then p.id else w.id end)::text as wallet,
               t.direction,
               t.stake_micros::text as stake, t.payout_micro_percent::text as payout,
               t.entry_price::text as entry_price, x.price::text as exit_price,
               (extract(epoch from x.recorded_at) * 1000)::bigint::text as exit_ms,
               x.source as exit_source
        from trades t
        join ledger_accounts w on w.user_id = t.user_id and w.kind = 'user_wallet'
        left join ledger_accounts p on p.user_id = t.user_id and p.kind = 'user_practice'
        left join lateral (
          select m.price, m.recorded_at, m.source from market_ticks m
          where m.symbol = t.symbol and m.recorded_at >= t.expires_at
            and m.recorded_at <= t.expires_at + make_interval(secs => ${SETTLEMENT_WINDOW_S})
          order by m.recorded_at
          limit 1) x on true
        where t.status = 'Pending' and t.expires_at <= ${timestamp(nowMs)}
          and (x.recorded_at < t.expires_at + interval '1 second'
               or t.expires_at <= ${timestamp(voidCutoffMs)})
          ${sql.join(filters, sql` `)}
        order by t.expires_at
        limit ${limit}
        for update of t skip locked`,
  );
  return rows.map((row) => ({
    trade: {
      id: row.id,
      account: row.account,
      walletAccountId: row.wallet,
      direction: row.direction,
      stakeMicros: BigInt(row.stake),
      payoutMicroPercent: BigInt(row.payout),
      entryPrice: normalizeDecimal(row.entry_price),
    },
    exit:
      row.exit_price === null || row.exit_ms === null || row.exit_source === null
        ? null
        : {
            price: normalizeDecimal(row.exit_price),
            recordedAt: new Date(Number(row.exit_ms)),
            source: row.exit_source,
          },
  }));
}

/** One batch in one transaction; answers how many were taken and what was settled. */
async function settleBatch(
  db: Db,
  platform: PlatformAccounts,
  nowMs: number,
  limit: number,
  options: SettleOptions,
  taken: string[],
): Promise<TradeSettlement[]> {
  return db.transaction(async (tx) => {
    const due = await takeDueTrades(tx, nowMs, limit, options);
    for (const item of due) taken.push(item.trade.id);
    return settleTrades(tx, platform, due, nowMs);
  });
}

/**
 * Settles every due trade (or a user's, or the given ones) as of `nowMs`, in batches of
 * `batchSize`, while batches come back full. Safe on any number of instances at once: each
 * batch locks its trades with SKIP LOCKED, and the ledger settles a trade only while it is
 * still pending. When a batch fails, its trades are retried one by one, so one bad trade
 * cannot hold up the others; those that fail alone are reported in `failed`.
 */
export async function settleDueTrades(
  db: Db,
  platform: PlatformAccounts,
  nowMs: number,
  options: SettleOptions = {},
): Promise<SettleSummary> {
  const batchSize = options.batchSize ?? SETTLEMENT_BATCH_SIZE;
  const maxBatches = options.maxBatches ?? MAX_SETTLEMENT_BATCHES_PER_RUN;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 1000) {
    throw new RangeError('batchSize must be an integer in 1..1000');
  }
  if (!Number.isFinite(nowMs)) throw new RangeError('nowMs must be a finite time');
  const summary: SettleSummary = { settled: 0, batches: 0, failed: [], more: false };
  const excluded = [...(options.excludeIds ?? [])];

  for (let batch = 0; batch < maxBatches; batch += 1) {
    const taken: string[] = [];
    let full: boolean;
    try {
      const settled = await settleBatch(
        db,
        platform,
        nowMs,
        batchSize,
        { ...options, excludeIds: excluded },
        taken,
      );
      summary.settled += settled.length;
      full = taken.length === batchSize;
    } catch (error) {
      if (taken.length <= 1) {
        // Nothing was taken (the database failed), or the one trade that was failed.
        if (taken[0] === undefined) throw error;
        summary.failed.push({ tradeId: taken[0], error });
        excluded.push(taken[0]);
      } else {
        for (const tradeId of taken) {
          try {
            const settled = await settleBatch(
              db,
              platform,
              nowMs,
              1,
              { ...options, tradeIds: [tradeId], excludeIds: [] },
              [],
            );
            summary.settled += settled.length;
          } catch (singleError) {
            summary.failed.push({ tradeId, error: singleError });
            excluded.push(tradeId);
          }
        }
      }
      full = true;
    }
    summary.batches += 1;
    if (!full) return summary;
  }
  summary.more = true;
  return summary;
}

/**
 * Settles one user's due trades before a read answers them. A cheap indexed look-up comes
 * first, so a read with nothing due costs one round trip more, not a transaction.
 */
export async function settleDueTradesOfUser(
  db: Db,
  platform: PlatformAccounts,
  userId: string,
  nowMs = Date.now(),
): Promise<number> {
  const due = await queryRows<{ id: string }>(
    db,
    sql`select id::text as id from trades
        where user_id = ${userId}::uuid and status = 'Pending' and expires_at <= ${timestamp(nowMs)}
        limit 1`,
  );
  if (due.length === 0) return 0;
  const summary = await settleDueTrades(db, platform, nowMs, { userId, maxBatches: 10 });
  return summary.settled;
}
