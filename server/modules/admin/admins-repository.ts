/**
 * The console's reads and writes of admin accounts and of the four-eyes requests that name
 * them. Each function takes the database or the caller's transaction.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client';
import { adminApprovals, users } from '../../db/schema';
import type { Tx } from '../../ledger/types';

/** More admins than this is not a team but a mistake; the list stops there. */
const MAX_ADMINS = 200;

const creator = alias(users, 'creator');

export interface AdminAccountRow {
  id: string;
  fullName: string;
  username: string;
  email: string;
  lastLoginAt: Date | null;
  createdAt: Date;
  disabledAt: Date | null;
  createdById: string | null;
  createdByUsername: string | null;
}

/** Admin accounts with who asked for each, oldest first; only `adminId`'s when given. */
export async function listAdminAccounts(db: Db | Tx, adminId?: string): Promise<AdminAccountRow[]> {
  return db
    .select({
      id: users.id,
      fullName: users.fullName,
      username: users.username,
      email: users.email,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
      disabledAt: users.disabledAt,
      createdById: creator.id,
      createdByUsername: creator.username,
    })
    .from(users)
    .leftJoin(creator, eq(creator.id, users.createdBy))
    .where(
      adminId === undefined
        ? eq(users.role, 'admin')
        : and(eq(users.role, 'admin'), eq(users.id, adminId)),
    )
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(MAX_ADMINS);
}

/**
 * Whether an account has this email or this username (in any case), and which of the two a
 * waiting, unexpired request for a new admin already has ('email', 'username' or null).
 */
export async function findAccountKeyUse(
  db: Db,
  email: string,
  username: string,
): Promise<{ email: boolean; username: boolean; pending: 'email' | 'username' | null }> {
  const [taken] = await queryRows<{ email: boolean; username: boolean; pending: string | null }>(
    db,
    sql`select
          exists (select 1 from users where email = ${email}) as email,
          exists (select 1 from users where lower(username) = lower(${username})) as username,
          (select case when payload->>'email' = ${email} then 'email' else 'username' end
             from admin_approvals
            where kind = 'admin.create' and status = 'Pending' and expires_at > now()
              and (payload->>'email' = ${email} or lower(payload->>'username') = lower(${username}))
            limit 1) as pending`,
  );
  const pending = taken?.pending ? (taken.pending === 'email' ? 'email' : 'username') : null;
  return { email: taken?.email === true, username: taken?.username === true, pending };
}

/** Clears a disabled admin's flag; false when the admin is not (or no longer) disabled. */
export async function enableDisabledAdmin(tx: Tx, adminId: string): Promise<boolean> {
  const enabled = await tx
    .update(users)
    .set({ disabledAt: null, updatedAt: new Date() })
    .where(
      and(eq(users.id, adminId), eq(users.role, 'admin'), sql`${users.disabledAt} is not null`),
    )
    .returning({ id: users.id });
  return enabled.length > 0;
}

/**
 * Every admin row, locked in id order: two admins disabling each other at once are
 * serialised, so the last enabled admin can never be disabled.
 */
export function lockAllAdmins(tx: Tx): Promise<{ id: string; disabledAt: Date | null }[]> {
  return tx
    .select({ id: users.id, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .for('update');
}

/** One admin's row, locked; undefined when no admin has this id. */
export async function lockAdmin(
  tx: Tx,
  adminId: string,
): Promise<{ id: string; username: string; disabledAt: Date | null } | undefined> {
  const [admin] = await tx
    .select({ id: users.id, username: users.username, disabledAt: users.disabledAt })
    .from(users)
    .where(and(eq(users.id, adminId), eq(users.role, 'admin')))
    .for('update');
  return admin;
}

/** Whether an unexpired request to enable this admin already waits for approval. */
export async function hasWaitingEnableRequest(tx: Tx, adminId: string): Promise<boolean> {
  const [waiting] = await tx
    .select({ id: adminApprovals.id })
    .from(adminApprovals)
    .where(
      and(
        eq(adminApprovals.kind, 'admin.enable'),
        eq(adminApprovals.status, 'Pending'),
        sql`${adminApprovals.expiresAt} > now()`,
        sql`${adminApprovals.payload}->>'adminId' = ${adminId}`,
      ),
    )
    .limit(1);
  return waiting !== undefined;
}

export async function markAdminDisabled(tx: Tx, adminId: string, now: Date): Promise<void> {
  await tx.update(users).set({ disabledAt: now, updatedAt: now }).where(eq(users.id, adminId));
}

/** Rejects every request `requesterId` still waits on; answers the rejected requests' ids. */
export async function rejectWaitingRequestsOf(
  tx: Tx,
  requesterId: string,
  decision: { decidedBy: string; decidedAt: Date; reason: string },
): Promise<string[]> {
  const rejected = await tx
    .update(adminApprovals)
    .set({ status: 'Rejected', ...decision })
    .where(and(eq(adminApprovals.requestedBy, requesterId), eq(adminApprovals.status, 'Pending')))
    .returning({ id: adminApprovals.id });
  return rejected.map((row) => row.id);
}
