/**
 * A user's receipts file (GET /api/downloadTradeReceipts): their newest settled trades,
 * each as the owner sees it (with its receipt) and with the recorded ticks that decided it,
 * so `npm run trades:verify -- --receipts FILE` can re-derive every outcome without the
 * database (receipts-check.ts). Real trades only: practice money is not what the file proves. Bounded: at most MAX_RECEIPTS_PER_FILE trades, newest first;
 * `truncated` says when older ones were left out.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { RECEIPTS_FORMAT, type ReceiptsFile } from '../../../common/contract';
import { RECEIPTS_PER_FILE, SETTLEMENT_WINDOW_S } from '../../../common/rules';
import { queryRows, type Db } from '../../db/client';
import { trades } from '../../db/schema';
import { pgArray } from '../../ledger/trades';
import { normalizeDecimal } from '../../market/decimal';
import { tradeView } from './views';

/** The cap of one file (common/rules.ts), as a number for the query. */
const MAX_RECEIPTS_PER_FILE = Number(RECEIPTS_PER_FILE);

interface TickRow {
  trade_id: string;
  price: string;
  at_ms: string;
  source: string;
}

type Tick = ReceiptsFile['trades'][number]['ticks']['window'][number];

function tickOf(row: TickRow): Tick {
  return {
    price: normalizeDecimal(row.price),
    at: new Date(Number(row.at_ms)).toISOString(),
    source: row.source,
  };
}

/** The receipts file of `userId` as of `nowMs`. Settle the user's due trades first. */
export async function receiptsFileOfUser(
  db: Db,
  userId: string,
  nowMs: number,
): Promise<ReceiptsFile> {
  const rows = await db
    .select()
    .from(trades)
    .where(
      and(eq(trades.userId, userId), eq(trades.status, 'Completed'), eq(trades.account, 'real')),
    )
    .orderBy(desc(trades.settledAt), desc(trades.id))
    .limit(MAX_RECEIPTS_PER_FILE + 1);
  const kept = rows.slice(0, MAX_RECEIPTS_PER_FILE);
  const ids = pgArray(kept.map((row) => row.id));
  // The entry tick each trade names, and every tick of its coin in its settlement window.
  const entryTicks = await queryRows<TickRow>(
    db,
    sql`select t.id::text as trade_id, m.price::text as price,
               (extract(epoch from m.recorded_at) * 1000)::bigint::text as at_ms, m.source
        from trades t
        join market_ticks m on m.symbol = t.symbol and m.recorded_at = t.entry_tick_at
        where t.id = any(${ids}::uuid[])`,
  );
  const windowTicks = await queryRows<TickRow>(
    db,
    sql`select t.id::text as trade_id, m.price::text as price,
               (extract(epoch from m.recorded_at) * 1000)::bigint::text as at_ms, m.source
        from trades t
        join market_ticks m on m.symbol = t.symbol and m.recorded_at >= t.expires_at
          and m.recorded_at <= t.expires_at + make_interval(secs => ${SETTLEMENT_WINDOW_S})
        where t.id = any(${ids}::uuid[])
        order by t.id, m.recorded_at`,
  );
  const entryOf = new Map(entryTicks.map((row) => [row.trade_id, tickOf(row)]));
  const windowOf = new Map<string, Tick[]>();
  for (const row of windowTicks) {
    const list = windowOf.get(row.trade_id) ?? [];
    list.push(tickOf(row));
    windowOf.set(row.trade_id, list);
  }
  return {
    format: RECEIPTS_FORMAT,
    userId,
    exportedAt: new Date(nowMs).toISOString(),
    limit: MAX_RECEIPTS_PER_FILE,
    truncated: rows.length > MAX_RECEIPTS_PER_FILE,
    trades: kept.map((row) => ({
      trade: tradeView(row),
      ticks: { entry: entryOf.get(row.id) ?? null, window: windowOf.get(row.id) ?? [] },
    })),
  };
}
