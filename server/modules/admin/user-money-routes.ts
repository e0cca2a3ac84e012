/** POST /api/admin/users/:id/adjustments: an admin's balance adjustment (see adjustments.ts). */
import type { FastifyPluginAsync } from 'fastify';
import { AdminAdjustmentRequest } from '../../../common/contract';
import { adjustmentNeedsSecondAdmin } from '../../../common/four-eyes';
import { sessionOf } from '../../http/auth-guard';
import { runIdempotent } from '../../http/idempotency';
import { parseBody } from '../../http/validate';
import { newRecordId } from '../../lib/record-id';
import {
  adjustmentAmount,
  adjustmentReason,
  prepareAdjustment,
  requestAdjustment,
} from './adjustments';
import { findDualApprovalThresholdMicros } from './adjustments-repository';

export const userMoneyRoutes: FastifyPluginAsync = async (app) => {
  /**
   * The only way an admin changes a user's money: a balanced ledger entry between the
   * wallet and deposit clearing, with a reason, at most once per Idempotency-Key. A debit
   * may not take the wallet below what it holds for pending withdrawals and trades. From the
   * dual-approval size on (common/four-eyes.ts) it is not posted but asked for: 202 with the
   * request, posted when a second admin approves it. A replay of the key answers the same
   * request and makes no second one.
   */
  app.post<{ Params: { id: string } }>(
    '/admin/users/:id/adjustments',
    { config: { access: 'admin' } },
    async (request, reply) => {
      const body = parseBody(AdminAdjustmentRequest, request.body);
      const amountMicros = adjustmentAmount(body.amount);
      const reason = adjustmentReason(body.reason);
      const actor = { actorId: sessionOf(request).userId, ip: request.ip };
      const targetId = request.params.id;
      // The target is part of the key's route, so one key can never adjust two users.
      return runIdempotent(request, reply, `adminAdjustment:${targetId}`, async (tx) => {
        const thresholdMicros = await findDualApprovalThresholdMicros(tx);
        const change = { targetId, amountMicros, reason, adjustmentId: newRecordId() };
        if (adjustmentNeedsSecondAdmin(amountMicros, thresholdMicros)) {
          return requestAdjustment(app, tx, change, actor);
        }
        return prepareAdjustment(app, tx, change, actor);
      });
    },
  );
};
