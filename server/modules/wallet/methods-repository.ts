/**
 * The statements on deposit and withdraw methods. Both tables are handled through the
 * deposit table's type (the withdraw table has the same columns and more): callers pass
 * either table as `MethodTable` and read the rows back as their own table's rows.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { depositMethods } from '../../db/schema';
import type { Tx } from '../../ledger/types';

export type MethodTable = typeof depositMethods;
type MethodRow = MethodTable['$inferSelect'];
type MethodValues = MethodTable['$inferInsert'];

/** The first `limit` methods not deleted, oldest first. */
export async function listActiveMethods(
  db: Db,
  table: MethodTable,
  limit: number,
): Promise<MethodRow[]> {
  return db
    .select()
    .from(table)
    .where(isNull(table.deletedAt))
    .orderBy(asc(table.createdAt))
    .limit(limit);
}

export async function insertMethod(
  tx: Tx,
  table: MethodTable,
  values: MethodValues,
): Promise<MethodRow | null> {
  const [created] = await tx.insert(table).values(values).returning();
  return created ?? null;
}

/** The method, locked until `tx` ends; null when there is none or it is deleted. */
export async function lockActiveMethod(
  tx: Tx,
  table: MethodTable,
  id: string,
): Promise<MethodRow | null> {
  const [row] = await tx
    .select()
    .from(table)
    .where(and(eq(table.id, id), isNull(table.deletedAt)))
    .for('update');
  return row ?? null;
}

export async function updateMethod(
  tx: Tx,
  table: MethodTable,
  id: string,
  values: MethodValues,
): Promise<MethodRow | null> {
  const [updated] = await tx
    .update(table)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning();
  return updated ?? null;
}

/** Marks the method deleted (it stays so history keeps its gateway); null when it was not live. */
export async function softDeleteMethod(
  tx: Tx,
  table: MethodTable,
  id: string,
): Promise<MethodRow | null> {
  const [deleted] = await tx
    .update(table)
    .set({ deletedAt: new Date() })
    .where(and(eq(table.id, id), isNull(table.deletedAt)))
    .returning();
  return deleted ?? null;
}
