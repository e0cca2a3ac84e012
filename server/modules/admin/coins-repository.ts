/** The listed coins as the console manages them. */
import { asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { coins } from '../../db/schema';
import type { Tx } from '../../ledger/types';

/** More coins than this is a mistake; the console's list stops there. */
const MAX_COINS = 500;

export type CoinRow = typeof coins.$inferSelect;

/** Every listed coin in the order the app shows them. */
export function listCoins(db: Db): Promise<CoinRow[]> {
  return db.select().from(coins).orderBy(asc(coins.sortOrder), asc(coins.symbol)).limit(MAX_COINS);
}

/** The new coin, or undefined when its symbol is listed already. */
export async function insertCoin(
  tx: Tx,
  coin: { symbol: string; name: string; sortOrder: number },
): Promise<CoinRow | undefined> {
  const [row] = await tx.insert(coins).values(coin).onConflictDoNothing().returning();
  return row;
}

/** One coin, its row locked until the transaction ends; undefined when there is none. */
export async function lockCoin(tx: Tx, id: string): Promise<CoinRow | undefined> {
  const [row] = await tx.select().from(coins).where(eq(coins.id, id)).for('update');
  return row;
}

export async function updateCoin(
  tx: Tx,
  id: string,
  change: { name: string; sortOrder: number },
): Promise<CoinRow | undefined> {
  const [row] = await tx.update(coins).set(change).where(eq(coins.id, id)).returning();
  return row;
}

/** How many trades on `symbol` still wait to settle. */
export async function countPendingTrades(tx: Tx, symbol: string): Promise<number> {
  const [pending] = await queryRows<{ n: string }>(
    tx,
    sql`select count(*)::text as n from trades
        where symbol = ${symbol} and status = 'Pending'`,
  );
  return Number(pending?.n ?? 0);
}

export async function deleteCoin(tx: Tx, id: string): Promise<void> {
  await tx.delete(coins).where(eq(coins.id, id));
}
