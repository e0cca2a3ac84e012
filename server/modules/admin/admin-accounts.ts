/**
 * Changes to admin accounts, each inside the caller's transaction and audited there: the
 * approved creation and enabling (four-eyes actions) and the immediate disabling.
 */
import { APPROVAL_REASON_MAX_LENGTH, APPROVAL_REASON_MIN_LENGTH } from '../../../common/contract';
import { badRequest, conflict } from '../../http/errors';
import type { Tx } from '../../ledger/types';
import { revokeAllSessions } from '../auth';
import { insertAccount } from '../users';
import type { ApprovalContext, ApprovalPayload } from '../approvals';
import { writeAudit } from '../audit';
import {
  enableDisabledAdmin,
  markAdminDisabled,
  rejectWaitingRequestsOf,
} from './admins-repository';

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
  if (!(await enableDisabledAdmin(tx, payload.adminId))) {
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

const REQUESTER_DISABLED = 'The admin who asked for it was disabled.';

/**
 * Disables an admin inside the caller's transaction: the flag, their sessions, their waiting
 * requests (rejected: a disabled admin's request should not go through), and the audit.
 */
export async function disableAdmin(
  tx: Tx,
  targetId: string,
  by: { actorId: string; reason: string; ip: string },
): Promise<void> {
  const now = new Date();
  await markAdminDisabled(tx, targetId, now);
  await revokeAllSessions(tx, targetId);
  const rejectedIds = await rejectWaitingRequestsOf(tx, targetId, {
    decidedBy: by.actorId,
    decidedAt: now,
    reason: REQUESTER_DISABLED,
  });
  for (const id of rejectedIds) {
    await writeAudit(tx, {
      actorId: by.actorId,
      action: 'approval.rejected',
      targetType: 'admin_approval',
      targetId: id,
      before: { status: 'Pending' },
      after: { status: 'Rejected', requesterDisabled: true },
      reason: REQUESTER_DISABLED,
      ip: by.ip,
    });
  }
  await writeAudit(tx, {
    actorId: by.actorId,
    action: 'admin.disabled',
    targetType: 'user',
    targetId,
    before: { disabled: false },
    after: { disabled: true, sessionsRevoked: true, rejectedApprovals: rejectedIds },
    reason: by.reason,
    ip: by.ip,
  });
}
