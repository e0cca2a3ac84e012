/**
 * Deciding four-eyes requests: the list, approve, reject.
 *
 * Approving checks the second admin's rules (common/four-eyes.ts) against the approver's and
 * the requester's accounts, locked against a concurrent disable; then one conditional UPDATE
 * `… WHERE status = 'Pending' AND expires_at > now()` decides the request, so of two admins
 * acting at once one wins and the other is told why; the action runs in the same transaction,
 * so a request is approved exactly when its action happened (an action that fails, such as an
 * adjustment the wallet can no longer pay, leaves the request pending). Every step is
 * audited: `approval.requested`, `approval.approved` or `approval.rejected`, and the action's
 * own row naming the request.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { object } from 'superstruct';
import {
  AdminReasonRequest,
  APPROVAL_STATUS_FILTERS,
  APPROVALS_PAGE_SIZE,
  type AdminApprovalPage,
  type AdminApprovalResponse,
  type ApprovalStatusFilter,
} from '../../../common/contract';
import type { ApprovalKind } from '../../../common/four-eyes';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, badRequest, notFound, unauthorized } from '../../http/errors';
import { parseBody } from '../../http/validate';
import type { Tx } from '../../ledger/types';
import { applyApprovedDualApproval } from '../settings';
import {
  approvalView,
  approvalViews,
  assertSecondAdmin,
  databaseNow,
  expireApprovals,
  KIND_NOUNS,
  lockAdminFacts,
  payloadOf,
  type ApprovalContext,
  type ApprovalRow,
} from '../approvals';
import { writeAudit } from '../audit';
import { approvalReason, createApprovedAdmin, enableApprovedAdmin } from './admin-accounts';
import { applyApprovedAdjustment } from './adjustments';
import {
  findApproval,
  listApprovals,
  markApproved,
  markRejected,
} from './approval-decisions-repository';
import { pageCountOf, pageParam, queryParams } from './query-params';

/** Approving takes no body; `{}` is accepted, anything in it refused. */
const EmptyBody = object({});

/** Carries out the approved action of each kind, inside the approving transaction. */
async function execute(app: FastifyInstance, tx: Tx, row: ApprovalRow, context: ApprovalContext) {
  const kind: ApprovalKind = row.kind;
  switch (kind) {
    case 'admin.create':
      return createApprovedAdmin(tx, payloadOf(row, kind), context);
    case 'admin.enable':
      return enableApprovedAdmin(tx, payloadOf(row, kind), context);
    case 'ledger.adjust':
      return applyApprovedAdjustment(app, tx, payloadOf(row, kind), context);
    case 'settings.dual_approval':
      return applyApprovedDualApproval(tx, payloadOf(row, kind), context);
  }
}

/** Why a request cannot be decided now: it is not there, decided, or expired. */
function notPending(row: ApprovalRow | undefined): ApiError {
  if (row === undefined) return notFound('Request not found.');
  if (row.status === 'Expired') {
    return new ApiError(
      409,
      'This request has expired; ask for it again if it is still needed.',
      'approval_expired',
    );
  }
  return new ApiError(
    409,
    `This request was already ${row.status.toLowerCase()}.`,
    'already_decided',
  );
}

function statusParam(value: string | undefined): ApprovalStatusFilter {
  if (value === undefined) return 'Pending';
  const found = APPROVAL_STATUS_FILTERS.find((status) => status === value);
  if (found === undefined) {
    throw badRequest(
      `status must be one of ${APPROVAL_STATUS_FILTERS.join(', ')}.`,
      'invalid_body',
      'status',
    );
  }
  return found;
}

/**
 * Approves a waiting request and carries out its action, in the caller's transaction: the
 * approver and the requester are locked and checked against the second admin's rules first.
 */
async function approveRequest(
  app: FastifyInstance,
  tx: Tx,
  id: string,
  by: { approverId: string; ip: string },
): Promise<ApprovalRow> {
  await expireApprovals(tx);
  const row = await findApproval(tx, id);
  if (row === undefined || row.status !== 'Pending') throw notPending(row);
  const now = await databaseNow(tx);
  const approver = await lockAdminFacts(tx, by.approverId);
  if (approver === null || !approver.enabled) {
    throw unauthorized('Your session has ended. Please sign in again.');
  }
  const requester = (await lockAdminFacts(tx, row.requestedBy)) ?? {
    id: row.requestedBy,
    createdAtMs: 0,
    createdBy: null,
  };
  assertSecondAdmin(approver, requester, row.requestedAt, now, KIND_NOUNS[row.kind]);
  const approved = await markApproved(tx, row.id, by.approverId, now);
  if (approved === undefined) throw notPending(await findApproval(tx, row.id));
  const context = { approvalId: row.id, requestedBy: row.requestedBy, ...by };
  await execute(app, tx, approved, context);
  await writeAudit(tx, {
    actorId: by.approverId,
    action: 'approval.approved',
    targetType: 'admin_approval',
    targetId: row.id,
    before: { status: 'Pending' },
    after: { status: 'Approved', kind: row.kind, requestedBy: row.requestedBy },
    ip: by.ip,
  });
  return approved;
}

export const approvalRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/admin/approvals',
    { config: { access: 'admin' } },
    async (request): Promise<AdminApprovalPage> => {
      const params = queryParams(request, ['status', 'page'] as const);
      const status = statusParam(params.status);
      const page = pageParam(params.page);
      await expireApprovals(app.db);
      const { rows, total } = await listApprovals(app.db, status, page);
      return {
        items: await approvalViews(app.db, rows, sessionOf(request).userId),
        page,
        pageCount: pageCountOf(total, APPROVALS_PAGE_SIZE),
        total,
      };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/admin/approvals/:id/approve',
    { config: { access: 'admin' } },
    async (request): Promise<AdminApprovalResponse> => {
      if (request.body !== undefined && request.body !== null) parseBody(EmptyBody, request.body);
      const approverId = sessionOf(request).userId;
      const decided = await app.db.transaction((tx) =>
        approveRequest(app, tx, request.params.id, { approverId, ip: request.ip }),
      );
      request.log.info({ approvalId: decided.id, kind: decided.kind }, 'approval approved');
      return {
        approval: await approvalView(app.db, decided, approverId),
        message: 'Approved and carried out.',
      };
    },
  );

  /** Any admin may reject a waiting request, the one who asked for it too (to withdraw it). */
  app.post<{ Params: { id: string } }>(
    '/admin/approvals/:id/reject',
    { config: { access: 'admin' } },
    async (request): Promise<AdminApprovalResponse> => {
      const reason = approvalReason(parseBody(AdminReasonRequest, request.body).reason);
      const actorId = sessionOf(request).userId;
      const decided = await app.db.transaction(async (tx) => {
        await expireApprovals(tx);
        const id = request.params.id;
        const rejected = await markRejected(tx, id, actorId, reason);
        if (rejected === undefined) throw notPending(await findApproval(tx, id));
        await writeAudit(tx, {
          actorId,
          action: 'approval.rejected',
          targetType: 'admin_approval',
          targetId: rejected.id,
          before: { status: 'Pending' },
          after: { status: 'Rejected', kind: rejected.kind, requestedBy: rejected.requestedBy },
          reason,
          ip: request.ip,
        });
        return rejected;
      });
      return {
        approval: await approvalView(app.db, decided, actorId),
        message: 'Rejected; nothing was carried out.',
      };
    },
  );
};
