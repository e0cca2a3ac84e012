/**
 * Re-derives every settled trade's outcome from the recorded ticks and compares it with
 * what was stored and posted (`npm run trades:verify`). Independent of the settlement code:
 * the exit tick, the comparison and the payout are recomputed here in SQL (numeric
 * comparison, numeric payout math), so a bug in one is caught by the other.
 *
 * For each completed trade:
 * - exit = the first tick of its coin at or after expiry, at most SETTLEMENT_WINDOW_S later;
 * - result = void without an exit, draw when exit = entry, otherwise win when the price
 *   moved the trade's way (buy: up, sell: down), else loss;
 * - returned = stake + floor(stake × payout ÷ 100,000,000) on a win, 0 on a loss, the
 *   stake on a draw or void;
 * - the entry price must be the recorded tick the trade names (symbol, time, source);
 * - the stored result, exit tick (price, time, source) and returned amount must match, and
 *   the wallet's posting of the trade's settlement entry must equal returned − stake.
 * Practice trades are checked alike; their "wallet" is the user's practice account.
 */
import { sql } from 'drizzle-orm';
import { SETTLEMENT_WINDOW_S } from '../../../common/rules';
import { queryRows, type Db } from '../../db/client';
import { TRADE_REFERENCE_TYPE, TRADE_SETTLEMENT_KIND } from '../../ledger/trades';

export interface TradeMismatch {
  tradeId: string;
  problems: string[];
}

export interface VerifyReport {
  pending: number;
  /** Settled trades checked (all but the unverifiable ones). */
  settled: number;
  verified: number;
  /** Of the settled trades checked, how many were practice trades (same rule, same checks). */
  practice: number;
  void: number;
  mismatches: TradeMismatch[];
  /** Mismatches beyond the examples kept in `mismatches`. */
  mismatchCount: number;
  /**
   * Settled trades whose entry tick or exit window lies before the oldest recorded tick:
   * their ticks were purged by the retention job (TICK_RETENTION_DAYS), so they cannot be
   * re-derived and are not counted.
   */
  unverifiable: number;
}

const BATCH = 2000;
const EXAMPLES = 20;

interface Row {
  id: string;
  account: string;
  result: string;
  derived_result: string;
  exit_price: string | null;
  exit_at: string | null;
  exit_source: string | null;
  derived_exit_price: string | null;
  derived_exit_at: string | null;
  derived_exit_source: string | null;
  stake: string;
  returned: string;
  derived_returned: string;
  wallet_posted: string;
  entry_recorded: boolean;
}

/** Checks every completed trade, in id order and batches, so memory stays bounded. */
export async function verifyTrades(db: Db): Promise<VerifyReport> {
  // Retention deletes ticks oldest first, for every coin alike: every tick from the oldest
  // one kept onwards is still there, and a trade that began before it cannot be re-derived.
  const [counts] = await queryRows<{ pending: string; oldest_ms: string | null }>(
    db,
    sql`select (select count(*) from trades where status = 'Pending')::text as pending,
               (select (extract(epoch from min(recorded_at)) * 1000)::bigint::text
                from market_ticks) as oldest_ms`,
  );
  const oldestMs = counts?.oldest_ms ?? null;
  const oldest = oldestMs === null ? 'infinity' : new Date(Number(oldestMs)).toISOString();
  const [old] = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from trades
        where status = 'Completed'
          and least(entry_tick_at, expires_at) < ${oldest}::timestamptz`,
  );
  const report: VerifyReport = {
    pending: Number(counts?.pending ?? 0),
    settled: 0,
    verified: 0,
    practice: 0,
    void: 0,
    mismatches: [],
    mismatchCount: 0,
    unverifiable: Number(old?.n ?? 0),
  };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await queryRows<Row>(
      db,
      sql`select t.id::text as id, t.account, t.result,
                 case when x.price is null then 'void'
                      when x.price = t.entry_price then 'draw'
                      when (x.price > t.entry_price) = (t.direction = 'buy') then 'win'
                      else 'loss' end as derived_result,
                 t.exit_price::text as exit_price,
                 (extract(epoch from t.exit_tick_at) * 1000)::bigint::text as exit_at,
                 t.exit_source,
                 x.price::text as derived_exit_price,
                 (extract(epoch from x.recorded_at) * 1000)::bigint::text as derived_exit_at,
                 x.source as derived_exit_source,
                 t.stake_micros::text as stake, t.returned_micros::text as returned,
                 (case when x.price is null or x.price = t.entry_price then t.stake_micros::numeric
                       when (x.price > t.entry_price) = (t.direction = 'buy')
                         then t.stake_micros + floor(t.stake_micros::numeric * t.payout_micro_percent / 100000000)
                       else 0 end)::bigint::text as derived_returned,
                 coalesce((select sum(p.amount_micros)
                           from journal_entries j
                           join postings p on p.entry_id = j.id
                           join ledger_accounts a on a.id = p.account_id and a.user_id = t.user_id
                             and a.kind = case t.account when 'practice' then 'user_practice'
                                                         else 'user_wallet' end
                           where j.reference_type = ${TRADE_REFERENCE_TYPE}
                             and j.reference_id = t.id::text
                             and j.kind = ${TRADE_SETTLEMENT_KIND}), 0)::text as wallet_posted,
                 exists (select 1 from market_ticks e
                         where e.symbol = t.symbol and e.recorded_at = t.entry_tick_at
                           and e.price = t.entry_price and e.source = t.entry_source)
                   as entry_recorded
          from trades t
          left join lateral (
            select m.price, m.recorded_at, m.source from market_ticks m
            where m.symbol = t.symbol and m.recorded_at >= t.expires_at
              and m.recorded_at <= t.expires_at + make_interval(secs => ${SETTLEMENT_WINDOW_S})
            order by m.recorded_at limit 1) x on true
          where t.status = 'Completed'
            and least(t.entry_tick_at, t.expires_at) >= ${oldest}::timestamptz
            and t.id > ${after}::uuid
          order by t.id
          limit ${BATCH}`,
    );
    for (const row of rows) {
      report.settled += 1;
      if (row.account === 'practice') report.practice += 1;
      if (row.result === 'void') report.void += 1;
      const problems: string[] = [];
      if (!row.entry_recorded) problems.push('entry price is not the recorded tick it names');
      if (row.result !== row.derived_result) {
        problems.push(`result ${row.result}, re-derived ${row.derived_result}`);
      }
      // Both columns are numeric(38, 18): the same value has the same text.
      const samePrice = row.exit_price === row.derived_exit_price;
      if (
        !samePrice ||
        row.exit_at !== row.derived_exit_at ||
        row.exit_source !== row.derived_exit_source
      ) {
        problems.push(
          `exit tick ${row.exit_price ?? 'none'}@${row.exit_at ?? '-'}/${row.exit_source ?? '-'}, re-derived ${row.derived_exit_price ?? 'none'}@${row.derived_exit_at ?? '-'}/${row.derived_exit_source ?? '-'}`,
        );
      }
      const derivedReturned = BigInt(row.derived_returned);
      if (BigInt(row.returned) !== derivedReturned) {
        problems.push(`returned ${row.returned}, re-derived ${row.derived_returned}`);
      }
      // What the wallet was posted must be what it got back beyond its stake.
      const expectedPosted = BigInt(row.returned) - BigInt(row.stake);
      if (BigInt(row.wallet_posted) !== expectedPosted) {
        problems.push(`wallet posted ${row.wallet_posted}, expected ${expectedPosted}`);
      }
      if (problems.length === 0) {
        report.verified += 1;
      } else {
        report.mismatchCount += 1;
        if (report.mismatches.length < EXAMPLES) {
          report.mismatches.push({ tradeId: row.id, problems });
        }
      }
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < BATCH) break;
    after = last.id;
  }
  return report;
}
