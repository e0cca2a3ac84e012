/**
 * Admin accounts: the list; asking for a new admin or for a disabled admin to be enabled
 * again (four-eyes requests, carried out when a second admin approves them); disabling an
 * admin (by another admin, at once). Everything is audited.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  AdminReasonRequest,
  APPROVAL_REASON_MAX_LENGTH,
  APPROVAL_REASON_MIN_LENGTH,
  CreateAdminRequest,
  type AdminAccount,
  type AdminAccountList,
  type AdminAccountResponse,
} from '../../../common/contract';
import {
  checkEmail,
  checkFullName,
  checkPassword,
  checkPhone,
  checkUsername,
  normalizeEmail,
  type FieldErrorCode,
} from '../../../common/validation';
import { queryRows, type Db } from '../../db/client';
import { adminApprovals, users } from '../../db/schema';
import { sessionOf } from '../../http/auth-guard';
import { badRequest, conflict, fieldError, notFound, unauthorized } from '../../http/errors';
import { parseBody } from '../../http/validate';
import type { Tx } from '../../ledger/types';
import { hashPassword, isCommonPassword, revokeAllSessions } from '../auth';
import { insertAccount } from '../users';
import { isUuid } from '../../http/fields';
import {
  approvalView,
  databaseNow,
  insertApproval,
  pendingMessage,
  type ApprovalContext,
  type ApprovalPayload,
} from '../approvals';
import { writeAudit } from '../audit';

/** More admins than this is not a team but a mistake; the list stops there. */
const MAX_ADMINS = 200;

const creator = alias(users, 'creator');

/** Admin accounts as the console lists them, oldest first. */
async function loadAdmins(db: Db | Tx, adminId?: string): Promise<AdminAccount[]> {
  const rows = await db
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
  return rows.map((row) => ({
    _id: row.id,
    fullName: row.fullName,
    username: row.username,
    email: row.email,
    lastLoginDate: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy:
      row.createdById === null
        ? null
        : { _id: row.createdById, username: row.createdByUsername ?? '' },
    disabledAt: row.disabledAt?.toISOString() ?? null,
  }));
}

/** A reason of 3 to 500 characters, trimmed. */
export function approvalReason(value: string): string {
  const reason = value.trim();
  if (reason.length < APPROVAL_REASON_MIN_LENGTH || reason.length > APPROVAL_REASON_MAX_LENGTH) {
    throw badRequest(
      `A reason of ${APPROVAL_REASON_MIN_LENGTH} to ${APPROVAL_REASON_MAX_LENGTH} characters is required.`,
      'invalid_body',
      'reason',
    );
  }
  return reason;
}

/** The new admin's fields under the sign-up rules (the phone optional). */
function checkNewAdmin(body: CreateAdminRequest, phoneNumber: string): void {
  const checks: [string, FieldErrorCode | undefined][] = [
    ['fullName', checkFullName(body.fullName)],
    ['username', checkUsername(body.username)],
    ['email', checkEmail(body.email)],
    ['phoneNumber', phoneNumber === '' ? undefined : checkPhone(phoneNumber)],
    [
      'password',
      checkPassword(body.password, {
        username: body.username,
        email: body.email,
        isCommon: isCommonPassword,
      }),
    ],
  ];
  for (const [field, code] of checks) if (code) throw fieldError(field, code);
}

/** Refuses an email or username that an account, or a waiting request for one, already has. */
async function assertAccountKeysFree(db: Db, email: string, username: string): Promise<void> {
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
  if (taken?.email)
    throw conflict('An account with this email already exists.', 'email_taken', 'email');
  if (taken?.username)
    throw conflict('This username is already taken.', 'username_taken', 'username');
  if (taken?.pending) {
    const field = taken.pending === 'email' ? 'email' : 'username';
    throw conflict(
      `A request for an admin with this ${field} already waits for approval.`,
      'already_requested',
      field,
    );
  }
}

/**
 * Carries out an approved `admin.create`: the account is inserted with the stored hash and
 * remembers who asked for it (`created_by`), so for 24 hours the two cannot approve each
 * other's requests.
 */
export async function createApprovedAdmin(
  tx: Tx,
  payload: ApprovalPayload<'admin.create'>,
  context: ApprovalContext,
): Promise<void> {
  const result = await insertAccount(tx, {
    fullName: payload.fullName,
    username: payload.username,
    email: payload.email,
    phoneNumber: payload.phoneNumber,
    passwordHash: payload.passwordHash,
    role: 'admin',
    createdBy: context.requestedBy,
  });
  if (!result.ok) {
    throw result.conflict === 'email'
      ? conflict(
          'An account with this email exists now; reject this request.',
          'email_taken',
          'email',
        )
      : conflict('This username is taken now; reject this request.', 'username_taken', 'username');
  }
  await writeAudit(tx, {
    actorId: context.approverId,
    action: 'admin.created',
    targetType: 'user',
    targetId: result.userId,
    after: {
      fullName: payload.fullName,
      username: payload.username,
      email: payload.email,
      createdBy: context.requestedBy,
      approvalId: context.approvalId,
    },
    ip: context.ip,
  });
}

/** Carries out an approved `admin.enable`, if the admin is still disabled. */
export async function enableApprovedAdmin(
  tx: Tx,
  payload: ApprovalPayload<'admin.enable'>,
  context: ApprovalContext,
): Promise<void> {
  const enabled = await tx
    .update(users)
    .set({ disabledAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, payload.adminId),
        eq(users.role, 'admin'),
        sql`${users.disabledAt} is not null`,
      ),
    )
    .returning({ id: users.id });
  if (enabled.length === 0) {
    throw conflict('This admin is no longer disabled; reject this request.', 'state_changed');
  }
  await writeAudit(tx, {
    actorId: context.approverId,
    action: 'admin.enabled',
    targetType: 'user',
    targetId: payload.adminId,
    before: { disabled: true },
    after: { disabled: false, requestedBy: context.requestedBy, approvalId: context.approvalId },
    reason: payload.reason,
    ip: context.ip,
  });
}

async function answerPending(
  app: { db: Db },
  reply: FastifyReply,
  rowPromise: Promise<Parameters<typeof approvalView>[1]>,
  viewerId: string,
) {
  const row = await rowPromise;
  const approval = await approvalView(app.db, row, viewerId);
  return reply.code(202).send({ approval, message: pendingMessage(approval) });
}

export const adminAccountRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/admin/admins',
    { config: { access: 'admin' } },
    async (): Promise<AdminAccountList> => ({ admins: await loadAdmins(app.db) }),
  );

  /** Asks for a new admin: 202 with the request; the account exists once a second admin approves. */
  app.post('/admin/admins', { config: { access: 'admin' } }, async (request, reply) => {
    const body = parseBody(CreateAdminRequest, request.body);
    const phoneNumber = body.phoneNumber?.trim() ?? '';
    checkNewAdmin(body, phoneNumber);
    const email = normalizeEmail(body.email);
    const username = body.username.trim();
    await assertAccountKeysFree(app.db, email, username);
    const passwordHash = await hashPassword(body.password);
    const actorId = sessionOf(request).userId;
    const row = app.db.transaction(async (tx) =>
      insertApproval(tx, {
        kind: 'admin.create',
        payload: { fullName: body.fullName.trim(), username, email, phoneNumber, passwordHash },
        requestedBy: actorId,
        requestedAt: await databaseNow(tx),
        ip: request.ip,
      }),
    );
    return answerPending(app, reply, row, actorId);
  });

  /**
   * Disables another admin at once: they cannot sign in and their sessions end; their waiting
   * requests are rejected. Nobody disables themselves, and the last enabled admin stays.
   */
  app.post<{ Params: { id: string } }>(
    '/admin/admins/:id/disable',
    { config: { access: 'admin' } },
    async (request): Promise<AdminAccountResponse> => {
      const reason = approvalReason(parseBody(AdminReasonRequest, request.body).reason);
      const actorId = sessionOf(request).userId;
      const targetId = request.params.id;
      if (!isUuid(targetId)) throw notFound('Admin not found.');
      await app.db.transaction(async (tx) => {
        // Every admin row, in id order: two admins disabling each other at once are serialised,
        // so the last enabled admin can never be disabled.
        const admins = await tx
          .select({ id: users.id, disabledAt: users.disabledAt })
          .from(users)
          .where(eq(users.role, 'admin'))
          .orderBy(asc(users.id))
          .for('update');
        const target = admins.find((admin) => admin.id === targetId);
        if (!target) throw notFound('Admin not found.');
        const actor = admins.find((admin) => admin.id === actorId);
        if (!actor || actor.disabledAt !== null) {
          throw unauthorized('Your session has ended. Please sign in again.');
        }
        if (target.id === actorId) {
          throw conflict('You cannot disable your own account.', 'cannot_disable_self');
        }
        if (target.disabledAt !== null) return;
        const othersEnabled = admins.filter((a) => a.id !== targetId && a.disabledAt === null);
        if (othersEnabled.length === 0) {
          throw conflict('The last enabled admin cannot be disabled.', 'last_admin');
        }
        await disableAdmin(tx, targetId, { actorId, reason, ip: request.ip });
      });
      const [admin] = await loadAdmins(app.db, targetId);
      if (!admin) throw new Error('Disabled admin vanished');
      return { admin };
    },
  );

  /** Asks for a disabled admin to be enabled again: 202 with the request for a second admin. */
  app.post<{ Params: { id: string } }>(
    '/admin/admins/:id/enable',
    { config: { access: 'admin' } },
    async (request, reply) => {
      const reason = approvalReason(parseBody(AdminReasonRequest, request.body).reason);
      const actorId = sessionOf(request).userId;
      const targetId = request.params.id;
      if (!isUuid(targetId)) throw notFound('Admin not found.');
      const row = app.db.transaction(async (tx) => {
        const [target] = await tx
          .select({ id: users.id, username: users.username, disabledAt: users.disabledAt })
          .from(users)
          .where(and(eq(users.id, targetId), eq(users.role, 'admin')))
          .for('update');
        if (!target) throw notFound('Admin not found.');
        if (target.disabledAt === null) {
          throw conflict('This admin is not disabled.', 'state_changed');
        }
        const [waiting] = await tx
          .select({ id: adminApprovals.id })
          .from(adminApprovals)
          .where(
            and(
              eq(adminApprovals.kind, 'admin.enable'),
              eq(adminApprovals.status, 'Pending'),
              sql`${adminApprovals.expiresAt} > now()`,
              sql`${adminApprovals.payload}->>'adminId' = ${targetId}`,
            ),
          )
          .limit(1);
        if (waiting) {
          throw conflict(
            'A request to enable this admin already waits for approval.',
            'already_requested',
          );
        }
        return insertApproval(tx, {
          kind: 'admin.enable',
          payload: { adminId: target.id, username: target.username, reason },
          requestedBy: actorId,
          requestedAt: await databaseNow(tx),
          ip: request.ip,
        });
      });
      return answerPending(app, reply, row, actorId);
    },
  );
};

/**
 * Disables an admin inside the caller's transaction: the flag, their sessions, their waiting
 * requests (rejected: a disabled admin's request should not go through), and the audit.
 */
async function disableAdmin(
  tx: Tx,
  targetId: string,
  by: { actorId: string; reason: string; ip: string },
): Promise<void> {
  const now = new Date();
  await tx.update(users).set({ disabledAt: now, updatedAt: now }).where(eq(users.id, targetId));
  await revokeAllSessions(tx, targetId);
  const rejected = await tx
    .update(adminApprovals)
    .set({
      status: 'Rejected',
      decidedBy: by.actorId,
      decidedAt: now,
      reason: 'The admin who asked for it was disabled.',
    })
    .where(and(eq(adminApprovals.requestedBy, targetId), eq(adminApprovals.status, 'Pending')))
    .returning({ id: adminApprovals.id });
  for (const { id } of rejected) {
    await writeAudit(tx, {
      actorId: by.actorId,
      action: 'approval.rejected',
      targetType: 'admin_approval',
      targetId: id,
      before: { status: 'Pending' },
      after: { status: 'Rejected', requesterDisabled: true },
      reason: 'The admin who asked for it was disabled.',
      ip: by.ip,
    });
  }
  await writeAudit(tx, {
    actorId: by.actorId,
    action: 'admin.disabled',
    targetType: 'user',
    targetId,
    before: { disabled: false },
    after: {
      disabled: true,
      sessionsRevoked: true,
      rejectedApprovals: rejected.map((row) => row.id),
    },
    reason: by.reason,
    ip: by.ip,
  });
}
