/**
 * The console's reads of four-eyes requests and its two decisions on them. A decision is one
 * conditional UPDATE `… WHERE status = 'Pending' AND expires_at > now()`, so of two admins
 * deciding at once exactly one finds the row.
 */
import { and, asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { APPROVALS_PAGE_SIZE, type ApprovalStatusFilter } from '../../../common/contract';
import type { Db } from '../../db/client';
import { adminApprovals } from '../../db/schema';
import { isUuid } from '../../http/fields';
import type { Tx } from '../../ledger/types';
import type { ApprovalRow } from '../approvals';

/** One request by id, or undefined (an id that is not a UUID names none). */
export async function findApproval(tx: Tx, id: string): Promise<ApprovalRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(adminApprovals).where(eq(adminApprovals.id, id)).limit(1);
  return row;
}

/**
 * One page of requests of a status and how many there are, read at once. Pending is a queue
 * (oldest first); decided ones newest decision first; all of them newest request first.
 */
export async function listApprovals(
  db: Db,
  status: ApprovalStatusFilter,
  page: number,
): Promise<{ rows: ApprovalRow[]; total: number }> {
  const where: SQL | undefined = status === 'All' ? undefined : eq(adminApprovals.status, status);
  const order =
    status === 'Pending'
      ? [asc(adminApprovals.requestedAt), asc(adminApprovals.id)]
      : status === 'All'
        ? [desc(adminApprovals.requestedAt), desc(adminApprovals.id)]
        : [desc(adminApprovals.decidedAt), desc(adminApprovals.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(adminApprovals)
      .where(where)
      .orderBy(...order)
      .limit(APPROVALS_PAGE_SIZE)
      .offset((page - 1) * APPROVALS_PAGE_SIZE),
    db.select({ n: count() }).from(adminApprovals).where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** A waiting, unexpired request. */
const stillPending = (id: string) =>
  and(
    eq(adminApprovals.id, id),
    eq(adminApprovals.status, 'Pending'),
    gt(adminApprovals.expiresAt, sql`now()`),
  );

/** Marks the request approved if it still waits; undefined if it does not. */
export async function markApproved(
  tx: Tx,
  id: string,
  approverId: string,
  decidedAt: Date,
): Promise<ApprovalRow | undefined> {
  const [approved] = await tx
    .update(adminApprovals)
    .set({ status: 'Approved', decidedBy: approverId, decidedAt })
    .where(stillPending(id))
    .returning();
  return approved;
}

/** Marks the request rejected, at the database's time, if it still waits; undefined if not. */
export async function markRejected(
  tx: Tx,
  id: string,
  actorId: string,
  reason: string,
): Promise<ApprovalRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [rejected] = await tx
    .update(adminApprovals)
    .set({ status: 'Rejected', decidedBy: actorId, decidedAt: sql`now()`, reason })
    .where(stillPending(id))
    .returning();
  return rejected;
}
