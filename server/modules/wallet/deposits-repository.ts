/** The statements of a deposit request and its decision. */
import { and, eq } from 'drizzle-orm';
import { deposits } from '../../db/schema';
import type { Tx } from '../../ledger/types';
import type { DepositRow } from './history-repository';

export async function insertDeposit(tx: Tx, row: DepositRow): Promise<void> {
  await tx.insert(deposits).values(row);
}

/** The deposit's status; undefined when there is no such deposit. */
export async function depositStatus(tx: Tx, id: string): Promise<DepositRow['status'] | undefined> {
  const [existing] = await tx
    .select({ status: deposits.status })
    .from(deposits)
    .where(eq(deposits.id, id));
  return existing?.status;
}

/** Decides the deposit if it is still Pending; null when it is not (or does not exist). */
export async function decidePendingDeposit(
  tx: Tx,
  id: string,
  decision: Pick<DepositRow, 'status' | 'reason' | 'decidedBy' | 'decidedAt'>,
): Promise<DepositRow | null> {
  const [decided] = await tx
    .update(deposits)
    .set(decision)
    .where(and(eq(deposits.id, id), eq(deposits.status, 'Pending')))
    .returning();
  return decided ?? null;
}
