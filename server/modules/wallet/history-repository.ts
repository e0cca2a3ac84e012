/**
 * A user's own deposits, withdrawals and transfers as their logs and detail pages read
 * them: the newest `limit` of each, or one by id when it is the user's; and the insert of a
 * withdrawal request.
 */
import { and, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deposits, transfers, withdrawals } from '../../db/schema';
import type { Tx } from '../../ledger/types';

export type DepositRow = typeof deposits.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type TransferRow = typeof transfers.$inferSelect;

export async function depositsOfUser(db: Db, userId: string, limit: number): Promise<DepositRow[]> {
  return db
    .select()
    .from(deposits)
    .where(eq(deposits.userId, userId))
    .orderBy(desc(deposits.createdAt))
    .limit(limit);
}

export async function depositOfUser(
  db: Db,
  userId: string,
  id: string,
): Promise<DepositRow | null> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function insertWithdrawal(tx: Tx, row: WithdrawalRow): Promise<void> {
  await tx.insert(withdrawals).values(row);
}

export async function withdrawalsOfUser(
  db: Db,
  userId: string,
  limit: number,
): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt))
    .limit(limit);
}

export async function withdrawalOfUser(
  db: Db,
  userId: string,
  id: string,
): Promise<WithdrawalRow | null> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Transfers the user sent or received. */
export async function transfersOfUser(
  db: Db,
  userId: string,
  limit: number,
): Promise<TransferRow[]> {
  return db
    .select()
    .from(transfers)
    .where(or(eq(transfers.senderId, userId), eq(transfers.receiverId, userId)))
    .orderBy(desc(transfers.createdAt))
    .limit(limit);
}

/** The transfer with this id, when the user sent or received it. */
export async function transferOfUser(
  db: Db,
  userId: string,
  id: string,
): Promise<TransferRow | null> {
  const [row] = await db
    .select()
    .from(transfers)
    .where(
      and(
        eq(transfers.id, id),
        or(eq(transfers.senderId, userId), eq(transfers.receiverId, userId)),
      ),
    )
    .limit(1);
  return row ?? null;
}
