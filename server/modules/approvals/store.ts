/**
 * Four-eyes requests (`admin_approvals`): asking for one, the second admin's rules, and the
 * request as the console shows it. The rules themselves are common/four-eyes.ts; the routes
 * that decide requests, and the actions they carry out, are in modules/admin/approvals.ts.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { is, nullable, object, string, type Infer, type Struct } from 'superstruct';
import type { AdminApproval } from '../../../common/contract';
import {
  APPROVAL_TTL_MS,
  approverRefusal,
  type AdminFacts,
  type ApprovalKind,
  type ApproverRefusal,
} from '../../../common/four-eyes';
import { queryRows, type Db } from '../../db/client';
import { adminApprovals, users } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { Tx } from '../../ledger/types';
import { newRecordId } from '../../lib/record-id';
import { writeAudit } from '../audit';

/** What each kind's action needs, as stored in `payload`. */
export const APPROVAL_PAYLOADS = {
  /** The password's hash, never the password: the account is inserted with it on approval. */
  'admin.create': object({
    fullName: string(),
    username: string(),
    email: string(),
    phoneNumber: string(),
    passwordHash: string(),
  }),
  'admin.enable': object({ adminId: string(), username: string(), reason: string() }),
  /** `amount` signed wire text; `adjustmentId` made at request, so it posts at most once. */
  'ledger.adjust': object({
    userId: string(),
    username: string(),
    amount: string(),
    reason: string(),
    adjustmentId: string(),
  }),
  /** The threshold when asked (the approval checks it is still that) and as asked. */
  'settings.dual_approval': object({ before: nullable(string()), after: nullable(string()) }),
} as const;

export type ApprovalPayload<K extends ApprovalKind> = Infer<(typeof APPROVAL_PAYLOADS)[K]>;

export type ApprovalRow = typeof adminApprovals.$inferSelect;

/** The stored payload of a row of kind `kind`; a payload of another shape is a bug. */
export function payloadOf<K extends ApprovalKind>(row: ApprovalRow, kind: K): ApprovalPayload<K> {
  const payload: unknown = row.payload;
  const struct: Struct<unknown, unknown> = APPROVAL_PAYLOADS[kind] as Struct<unknown, unknown>;
  if (row.kind !== kind || !is(payload, struct)) {
    throw new Error(`admin_approvals ${row.id}: payload does not fit its kind ${row.kind}`);
  }
  return payload as ApprovalPayload<K>;
}

/** Who asked, who approved, which request, from where: what every action's audit row names. */
export interface ApprovalContext {
  approvalId: string;
  requestedBy: string;
  approverId: string;
  ip: string;
}

/** The database's clock: request times and account creation times come from the same one. */
export async function databaseNow(db: Db | Tx): Promise<Date> {
  const [row] = await queryRows<{ now: unknown }>(db as Db, sql`select now() as now`);
  const now = row?.now instanceof Date ? row.now : new Date(String(row?.now));
  if (Number.isNaN(now.getTime())) throw new Error('databaseNow: no time');
  return now;
}

/** Requests nobody decided in time become Expired (their `decided_at` is their expiry). */
export async function expireApprovals(db: Db | Tx): Promise<void> {
  await db
    .update(adminApprovals)
    .set({ status: 'Expired', decidedAt: sql`${adminApprovals.expiresAt}` })
    .where(and(eq(adminApprovals.status, 'Pending'), lte(adminApprovals.expiresAt, sql`now()`)));
}

export interface NewApproval<K extends ApprovalKind> {
  /** Made by the caller when the answer must be known before the insert (idempotency). */
  id?: string;
  kind: K;
  payload: ApprovalPayload<K>;
  requestedBy: string;
  requestedAt: Date;
  ip: string;
}

/** Inserts a pending request and its audit row, in the caller's transaction. */
export async function insertApproval<K extends ApprovalKind>(
  tx: Tx,
  request: NewApproval<K>,
): Promise<ApprovalRow> {
  const [row] = await tx
    .insert(adminApprovals)
    .values({
      id: request.id ?? newRecordId(),
      kind: request.kind,
      payload: request.payload,
      requestedBy: request.requestedBy,
      requestedAt: request.requestedAt,
      expiresAt: new Date(request.requestedAt.getTime() + APPROVAL_TTL_MS),
    })
    .returning();
  if (!row) throw new Error('admin_approvals insert returned nothing');
  await writeAudit(tx, {
    actorId: request.requestedBy,
    action: 'approval.requested',
    targetType: 'admin_approval',
    targetId: row.id,
    after: { kind: row.kind, ...subjectOf(row) },
    ip: request.ip,
  });
  return row;
}

/** A pending row as it would be stored: for answers made before the insert. */
export function pendingRow<K extends ApprovalKind>(
  request: NewApproval<K> & { id: string },
): ApprovalRow {
  return {
    id: request.id,
    kind: request.kind,
    payload: request.payload,
    requestedBy: request.requestedBy,
    requestedAt: request.requestedAt,
    expiresAt: new Date(request.requestedAt.getTime() + APPROVAL_TTL_MS),
    status: 'Pending',
    decidedBy: null,
    decidedAt: null,
    reason: null,
  };
}

/** What the console may see of a request: the payload without secrets or internal ids. */
function subjectOf(row: ApprovalRow): Record<string, string | null> {
  switch (row.kind) {
    case 'admin.create': {
      const { fullName, username, email } = payloadOf(row, 'admin.create');
      return { fullName, username, email };
    }
    case 'admin.enable':
      return { ...payloadOf(row, 'admin.enable') };
    case 'ledger.adjust': {
      const { userId, username, amount, reason } = payloadOf(row, 'ledger.adjust');
      return { userId, username, amount, reason };
    }
    case 'settings.dual_approval':
      return { ...payloadOf(row, 'settings.dual_approval') };
  }
}

/** Every admin account's facts the rules need; there are at most a few hundred. */
const MAX_ADMINS_READ = 1000;

export interface AdminRecord extends AdminFacts {
  enabled: boolean;
}

export async function loadAdminFacts(db: Db | Tx): Promise<Map<string, AdminRecord>> {
  const rows = await db
    .select({
      id: users.id,
      createdAt: users.createdAt,
      createdBy: users.createdBy,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt))
    .limit(MAX_ADMINS_READ);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        createdAtMs: row.createdAt.getTime(),
        createdBy: row.createdBy,
        enabled: row.disabledAt === null,
      },
    ]),
  );
}

/** The facts of one admin account, locked against a concurrent disable; null if not an admin. */
export async function lockAdminFacts(tx: Tx, adminId: string): Promise<AdminRecord | null> {
  const [row] = await tx
    .select({
      id: users.id,
      createdAt: users.createdAt,
      createdBy: users.createdBy,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(and(eq(users.id, adminId), eq(users.role, 'admin')))
    .for('share');
  if (!row) return null;
  return {
    id: row.id,
    createdAtMs: row.createdAt.getTime(),
    createdBy: row.createdBy,
    enabled: row.disabledAt === null,
  };
}

const UNKNOWN_ADMIN = (id: string): AdminFacts => ({ id, createdAtMs: 0, createdBy: null });

/** The refusal of each rule, as the API says it; `subject` names what was asked for. */
export function approverRefused(refusal: ApproverRefusal, subject: string): ApiError {
  switch (refusal) {
    case 'own_request':
      return new ApiError(
        409,
        `You asked for ${subject}; a different admin must approve it.`,
        'second_approver_required',
      );
    case 'created_after_request':
      return new ApiError(
        409,
        `Your admin account was created after ${subject} was asked for; an admin who existed before must approve it.`,
        'approver_too_new',
      );
    case 'related_admin':
      return new ApiError(
        409,
        `One of you created the other's admin account less than 24 hours ago, so you cannot approve ${subject}; another admin must.`,
        'approver_related',
      );
  }
}

/**
 * Checks the four-eyes rules for `approver` on a request (or a first approval) made by
 * `requesterId` at `requestedAt`; throws the refusal.
 */
export function assertSecondAdmin(
  approver: AdminFacts,
  requester: AdminFacts,
  requestedAt: Date,
  now: Date,
  subject: string,
): void {
  const refusal = approverRefusal(approver, requester, requestedAt.getTime(), now.getTime());
  if (refusal !== null) throw approverRefused(refusal, subject);
}

/** Requests as the console shows them to `viewerId`. */
export async function approvalViews(
  db: Db | Tx,
  rows: ApprovalRow[],
  viewerId: string,
): Promise<AdminApproval[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.flatMap((r) => [r.requestedBy, r.decidedBy ?? r.requestedBy]))];
  const [names, admins, now] = await Promise.all([
    db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids)),
    loadAdminFacts(db),
    databaseNow(db),
  ]);
  const usernames = new Map(names.map((n) => [n.id, n.username]));
  const ref = (id: string) => ({ _id: id, username: usernames.get(id) ?? '' });
  const enabledAdmins = [...admins.values()].filter((admin) => admin.enabled);
  return rows.map((row) => {
    const pending = row.status === 'Pending';
    const requester = admins.get(row.requestedBy) ?? UNKNOWN_ADMIN(row.requestedBy);
    const refusalOf = (approver: AdminFacts) =>
      approverRefusal(approver, requester, row.requestedAt.getTime(), now.getTime());
    const viewer = admins.get(viewerId) ?? UNKNOWN_ADMIN(viewerId);
    return {
      _id: row.id,
      kind: row.kind,
      subject: subjectOf(row),
      status: row.status,
      requestedBy: ref(row.requestedBy),
      requestedAt: row.requestedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      decidedBy: row.decidedBy === null ? null : ref(row.decidedBy),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      reason: row.reason,
      notApprovable: pending ? refusalOf(viewer) : null,
      eligibleApprovers: pending
        ? enabledAdmins.filter((admin) => refusalOf(admin) === null).length
        : 0,
    } as AdminApproval;
  });
}

export async function approvalView(db: Db | Tx, row: ApprovalRow, viewerId: string) {
  const [view] = await approvalViews(db, [row], viewerId);
  if (!view) throw new Error('approvalView: no view');
  return view;
}

/** The answer's message for a new request: who can approve it, or how to get such an admin. */
export function pendingMessage(view: AdminApproval): string {
  return view.eligibleApprovers > 0
    ? 'This needs a second admin: it waits for another admin to approve it.'
    : 'This needs a second admin, and no other admin can approve it yet. Without a second admin, one can be added only at the server (ADMIN_EMAIL and ADMIN_PASSWORD at start).';
}

/** What each kind asks for, as the refusals name it. */
export const KIND_NOUNS: Record<ApprovalKind, string> = {
  'admin.create': 'this admin account',
  'admin.enable': 'enabling this admin',
  'ledger.adjust': 'this adjustment',
  'settings.dual_approval': 'this change of dual approval',
};
