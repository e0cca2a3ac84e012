/** The listed coins as the public list reads them. */
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coins } from '../../db/schema';

/** The symbols of the first `limit` listed coins, in display order. */
export async function listCoinSymbols(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ symbol: coins.symbol })
    .from(coins)
    .orderBy(asc(coins.sortOrder), asc(coins.symbol))
    .limit(limit);
  return rows.map((r) => r.symbol);
}
