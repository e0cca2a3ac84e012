/**
 * Writing the audit trail. A row records a change, so it is written in the transaction of
 * that change: `writeAudit` takes a transaction by its type and cannot be called outside
 * one, and a change that rolls back leaves no row claiming it happened.
 */
import { auditLog } from '../../db/schema';
import type { Tx } from '../../ledger/types';

export interface AuditEntry {
  actorId: string;
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  ip?: string | null;
}

export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    ip: entry.ip ?? null,
  });
}
