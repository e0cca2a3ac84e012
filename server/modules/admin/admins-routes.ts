/**
 * Admin accounts: the list; asking for a new admin or for a disabled admin to be enabled
 * again (four-eyes requests, carried out when a second admin approves them); disabling an
 * admin (by another admin, at once). Everything is audited.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  AdminReasonRequest,
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
import type { Db } from '../../db/client';
import { sessionOf } from '../../http/auth-guard';
import { conflict, fieldError, notFound, unauthorized } from '../../http/errors';
import { isUuid } from '../../http/fields';
import { parseBody } from '../../http/validate';
import type { Tx } from '../../ledger/types';
import { hashPassword, isCommonPassword } from '../auth';
import { approvalView, databaseNow, insertApproval, pendingMessage } from '../approvals';
import { approvalReason, disableAdmin } from './admin-accounts';
import {
  findAccountKeyUse,
  hasWaitingEnableRequest,
  listAdminAccounts,
  lockAdmin,
  lockAllAdmins,
  type AdminAccountRow,
} from './admins-repository';

function adminAccountOf(row: AdminAccountRow): AdminAccount {
  return {
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
  };
}

/** Admin accounts as the console lists them, oldest first. */
async function loadAdmins(db: Db | Tx, adminId?: string): Promise<AdminAccount[]> {
  return (await listAdminAccounts(db, adminId)).map(adminAccountOf);
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
  const taken = await findAccountKeyUse(db, email, username);
  if (taken.email)
    throw conflict('An account with this email already exists.', 'email_taken', 'email');
  if (taken.username)
    throw conflict('This username is already taken.', 'username_taken', 'username');
  if (taken.pending !== null) {
    throw conflict(
      `A request for an admin with this ${taken.pending} already waits for approval.`,
      'already_requested',
      taken.pending,
    );
  }
}

/**
 * Refuses to disable `targetId` (among the locked `admins`) when it is not an admin, is the
 * acting admin, or is the last enabled one; false when it is disabled already.
 */
function mayDisable(
  admins: { id: string; disabledAt: Date | null }[],
  targetId: string,
  actorId: string,
): boolean {
  const target = admins.find((admin) => admin.id === targetId);
  if (!target) throw notFound('Admin not found.');
  const actor = admins.find((admin) => admin.id === actorId);
  if (!actor || actor.disabledAt !== null) {
    throw unauthorized('Your session has ended. Please sign in again.');
  }
  if (target.id === actorId) {
    throw conflict('You cannot disable your own account.', 'cannot_disable_self');
  }
  if (target.disabledAt !== null) return false;
  const othersEnabled = admins.filter((a) => a.id !== targetId && a.disabledAt === null);
  if (othersEnabled.length === 0) {
    throw conflict('The last enabled admin cannot be disabled.', 'last_admin');
  }
  return true;
}

/** Asks for a disabled admin to be enabled again, unless a request for it already waits. */
async function requestEnable(
  tx: Tx,
  targetId: string,
  by: { actorId: string; reason: string; ip: string },
) {
  const target = await lockAdmin(tx, targetId);
  if (!target) throw notFound('Admin not found.');
  if (target.disabledAt === null) {
    throw conflict('This admin is not disabled.', 'state_changed');
  }
  if (await hasWaitingEnableRequest(tx, targetId)) {
    throw conflict(
      'A request to enable this admin already waits for approval.',
      'already_requested',
    );
  }
  return insertApproval(tx, {
    kind: 'admin.enable',
    payload: { adminId: target.id, username: target.username, reason: by.reason },
    requestedBy: by.actorId,
    requestedAt: await databaseNow(tx),
    ip: by.ip,
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
        if (!mayDisable(await lockAllAdmins(tx), targetId, actorId)) return;
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
      const row = app.db.transaction((tx) =>
        requestEnable(tx, targetId, { actorId, reason, ip: request.ip }),
      );
      return answerPending(app, reply, row, actorId);
    },
  );
};
