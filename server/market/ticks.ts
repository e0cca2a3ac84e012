/**
 * Reading and writing `market_ticks`, in plain SQL on the (symbol, recorded_at) primary key:
 * these run every second (recorder), on every trade (entry and exit ticks) and on every
 * chart backfill.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import type { Tx } from '../ledger/types';
import { normalizeDecimal } from './decimal';
import { QUOTE_ASSET } from '../../common/market/binance';

/** A database or a transaction: the tick readers work in both. */
export type Queryable = Db | Tx;

export interface RecordedTick {
  /** USDT per coin, canonical decimal ("67123.45"). */
  price: string;
  /** The whole second the tick belongs to. */
  recordedAt: Date;
  /** 'simulated', 'binance', 'binance-us' or 'coingecko'. */
  source: string;
}

interface TickRow {
  price: string;
  at_s: number | string;
  source: string;
}

/** "BTCUSDT" → "BTC"; "BTC" stays. Upper-cases. */
function baseSymbol(symbolOrPair: string): string {
  const upper = symbolOrPair.trim().toUpperCase();
  if (upper.endsWith(QUOTE_ASSET) && upper.length - QUOTE_ASSET.length >= 2) {
    return upper.slice(0, -QUOTE_ASSET.length);
  }
  return upper;
}

function toTick(row: TickRow): RecordedTick {
  return {
    price: normalizeDecimal(row.price),
    recordedAt: new Date(Number(row.at_s) * 1000),
    source: row.source,
  };
}

/** The newest recorded tick of a coin ("BTC" or "BTCUSDT"), or null when it has none. */
export async function latestTick(db: Queryable, symbol: string): Promise<RecordedTick | null> {
  const rows = await queryRows<TickRow>(
    db,
    sql`select price::text as price, extract(epoch from recorded_at)::float8 as at_s, source
        from market_ticks
        where symbol = ${baseSymbol(symbol)}
        order by recorded_at desc
        limit 1`,
  );
  return rows[0] ? toTick(rows[0]) : null;
}

/**
 * The first tick of a coin recorded at or after `at` and at most `windowS` seconds after
 * it (inclusive): the exit tick of a trade expiring at `at`. Null when there is none.
 */
export async function firstTickAtOrAfter(
  db: Queryable,
  symbol: string,
  at: Date,
  windowS: number,
): Promise<RecordedTick | null> {
  if (!Number.isFinite(at.getTime())) throw new RangeError('at must be a valid date');
  if (!Number.isInteger(windowS) || windowS < 0) throw new RangeError('windowS must be >= 0');
  const until = new Date(at.getTime() + windowS * 1000);
  const rows = await queryRows<TickRow>(
    db,
    sql`select price::text as price, extract(epoch from recorded_at)::float8 as at_s, source
        from market_ticks
        where symbol = ${baseSymbol(symbol)}
          and recorded_at >= ${at.toISOString()}::timestamptz
          and recorded_at <= ${until.toISOString()}::timestamptz
        order by recorded_at asc
        limit 1`,
  );
  return rows[0] ? toTick(rows[0]) : null;
}

export interface TickToInsert {
  symbol: string;
  price: string;
  source: string;
}

/**
 * Inserts one tick per coin for the whole second `at`, in one statement. A tick another
 * instance already recorded for that second wins (first writer wins); answers how many rows
 * this call inserted.
 */
export async function insertTicks(
  db: Queryable,
  at: Date,
  ticks: readonly TickToInsert[],
): Promise<number> {
  if (at.getTime() % 1000 !== 0) throw new RangeError('Ticks belong to whole seconds');
  if (ticks.length === 0) return 0;
  const recordedAt = at.toISOString();
  const values = sql.join(
    ticks.map(
      (t) => sql`(${t.symbol}, ${recordedAt}::timestamptz, ${t.price}::numeric, ${t.source})`,
    ),
    sql`, `,
  );
  const inserted = await queryRows<{ symbol: string }>(
    db,
    sql`insert into market_ticks (symbol, recorded_at, price, source)
        values ${values}
        on conflict (symbol, recorded_at) do nothing
        returning symbol`,
  );
  return inserted.length;
}

/**
 * The newest `limit` ticks of a listed coin recorded at or after `since`, oldest first, and
 * whether the coin is listed at all (one round trip: the coin and its ticks).
 */
export async function listedCoinTicks(
  db: Queryable,
  symbol: string,
  since: Date,
  limit: number,
): Promise<{ listed: boolean; base: string; ticks: RecordedTick[] }> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be >= 1');
  const base = baseSymbol(symbol);
  const rows = await queryRows<{
    price: string | null;
    at_s: number | string | null;
    source: string | null;
  }>(
    db,
    sql`select t.price, t.at_s, t.source
        from coins c
        left join lateral (
          select price::text as price, extract(epoch from recorded_at)::float8 as at_s, source
          from market_ticks
          where symbol = c.symbol and recorded_at >= ${since.toISOString()}::timestamptz
          order by recorded_at desc
          limit ${limit}
        ) t on true
        where c.symbol = ${base}
        order by t.at_s asc`,
  );
  if (rows.length === 0) return { listed: false, base, ticks: [] };
  const ticks = rows
    .filter((r): r is TickRow => r.price !== null && r.at_s !== null && r.source !== null)
    .map(toTick);
  return { listed: true, base, ticks };
}

/** When the newest tick of any coin was recorded, or null (the health check's fallback). */
export async function newestTickAt(db: Queryable): Promise<Date | null> {
  const rows = await queryRows<{ at_s: number | string | null }>(
    db,
    sql`select extract(epoch from max(recorded_at))::float8 as at_s from market_ticks`,
  );
  const atS = rows[0]?.at_s;
  return atS === null || atS === undefined ? null : new Date(Number(atS) * 1000);
}
