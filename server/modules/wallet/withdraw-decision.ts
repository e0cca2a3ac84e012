/**
 * An admin's decision on a withdrawal (PUT /api/updateWithdraw/:id).
 *
 * - Rejected (a reason is required): the hold is released. Allowed at any point while the
 *   withdrawal is Pending, also after a first approval.
 * - Completed, with the on-chain transaction hash: the hold becomes a posting (the wallet
 *   pays the amount; withdrawal clearing gets the net, fee revenue the fee).
 * - Dual approval: when `site_settings.withdrawal_dual_approval_micros` is set and the amount
 *   is at or above it, the first approval only records who and when (no hash: nothing has
 *   been sent yet) and the withdrawal stays Pending; a second approval by a DIFFERENT admin
 *   completes it. The same admin again is refused (409), and the database refuses it too
 *   (withdrawals_second_approver_check). The second admin's account must also have existed
 *   before the first approval, and neither of the two may have created the other's account
 *   within the last 24 hours (common/four-eyes.ts): one person with two accounts is one
 *   pair of eyes.
 *
 * Every step is one conditional UPDATE whose WHERE restates what the decision was based on
 * (still Pending, the same first approver), so two admins acting at once cannot both win:
 * the loser's UPDATE matches nothing and it is told why. Every step is audited in the same
 * transaction.
 */
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Infer } from 'superstruct';
import type { UpdateWithdrawRequest, WithdrawDecisionResponse } from '../../../common/contract';
import { siteSettings, withdrawals } from '../../db/schema';
import { sessionOf } from '../../http/auth-guard';
import { approverRefusal } from '../../../common/four-eyes';
import { ApiError, badRequest, decisionRefused, unauthorized } from '../../http/errors';
import { platformShard, walletAccountId } from '../../ledger/accounts';
import { lockAccounts, postEntry, releaseHold } from '../../ledger/posting';
import type { Posting, Tx } from '../../ledger/types';
import { databaseNow, lockAdminFacts } from '../approvals';
import { writeAudit } from '../audit';
import { enqueueMail } from '../mail';
import { formatMicros } from '../../../common/money';
import { isUuid, reasonField } from '../../http/fields';
import { withdrawView } from './views';

/** An on-chain transaction hash as the networks we list print it (hex, with or without 0x). */
export const TRANSACTION_HASH_PATTERN = /^[A-Za-z0-9x_-]{8,128}$/;

export const SAME_APPROVER_MESSAGE =
  'You gave this withdrawal its first approval; a different admin must give the second.';

type WithdrawRow = typeof withdrawals.$inferSelect;

function transactionHashOf(value: string | undefined): string | null {
  if (value === undefined) return null;
  const hash = value.trim();
  if (hash === '') return null;
  if (!TRANSACTION_HASH_PATTERN.test(hash)) {
    throw badRequest(
      'The transaction hash must be 8 to 128 letters, digits, "_" or "-".',
      'invalid_body',
      'transactionHash',
    );
  }
  return hash;
}

/** Why a conditional UPDATE matched nothing, read again after it. */
async function refusal(tx: Tx, id: string, actorId: string): Promise<ApiError> {
  const [now] = await tx
    .select({ status: withdrawals.status, firstApprovedBy: withdrawals.firstApprovedBy })
    .from(withdrawals)
    .where(eq(withdrawals.id, id));
  if (now === undefined || now.status !== 'Pending')
    return decisionRefused(now?.status, 'withdrawal');
  if (now.firstApprovedBy === actorId)
    return new ApiError(409, SAME_APPROVER_MESSAGE, 'second_approver_required');
  return new ApiError(
    409,
    'Another admin approved this withdrawal a moment ago. Reload it and decide again.',
    'already_decided',
  );
}

/**
 * The four-eyes rules for the second approval (common/four-eyes.ts): a different admin, whose
 * account existed before the first approval, and who neither created the first approver's
 * account nor was created by them within the last 24 hours. Both accounts are locked against
 * a concurrent disable.
 */
async function assertSecondApprover(
  tx: Tx,
  actorId: string,
  firstApprovedBy: string,
  firstApprovedAt: Date | null,
): Promise<void> {
  const approver = await lockAdminFacts(tx, actorId);
  if (approver === null || !approver.enabled) {
    throw unauthorized('Your session has ended. Please sign in again.');
  }
  const first = (await lockAdminFacts(tx, firstApprovedBy)) ?? {
    id: firstApprovedBy,
    createdAtMs: 0,
    createdBy: null,
  };
  if (firstApprovedAt === null) throw new Error('A first approval without its time');
  const now = await databaseNow(tx);
  const refusal = approverRefusal(approver, first, firstApprovedAt.getTime(), now.getTime());
  if (refusal === 'created_after_request') {
    throw new ApiError(
      409,
      'Your admin account was created after this withdrawal’s first approval; an admin who existed before it must give the second.',
      'approver_too_new',
    );
  }
  if (refusal === 'related_admin') {
    throw new ApiError(
      409,
      'One of you created the other’s admin account less than 24 hours ago, so you cannot give the second approval to their first; another admin must.',
      'approver_related',
    );
  }
  if (refusal === 'own_request')
    throw new ApiError(409, SAME_APPROVER_MESSAGE, 'second_approver_required');
}

export async function decideWithdrawal(
  app: FastifyInstance,
  request: FastifyRequest,
  body: Infer<typeof UpdateWithdrawRequest>,
): Promise<WithdrawDecisionResponse> {
  const reason = reasonField(body.reason);
  const transactionHash = transactionHashOf(body.transactionHash);
  if (body.status === 'Rejected') {
    if (transactionHash !== null) {
      throw badRequest(
        'A transaction hash belongs only to a completed withdrawal.',
        'invalid_body',
        'transactionHash',
      );
    }
  }
  const actorId = sessionOf(request).userId;
  const id = body.id;

  const outcome = await app.db.transaction(async (tx) => {
    const [current] = isUuid(id)
      ? await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1)
      : [];
    if (current === undefined || current.status !== 'Pending') {
      throw decisionRefused(current?.status, 'withdrawal');
    }
    // The user sees why their withdrawal was refused, so a rejection must say it.
    if (body.status === 'Rejected' && reason === null) {
      throw badRequest('A reason is required to reject a withdrawal.', 'invalid_body', 'reason');
    }
    const before = {
      status: 'Pending',
      firstApprovedBy: current.firstApprovedBy,
    };
    const decide = async (values: Partial<WithdrawRow>, condition: SQL | undefined) => {
      const [row] = await tx
        .update(withdrawals)
        .set(values)
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'Pending'), condition))
        .returning();
      if (row === undefined) throw await refusal(tx, id, actorId);
      return row;
    };

    if (body.status === 'Rejected') {
      const row = await decide(
        { status: 'Rejected', reason, decidedBy: actorId, decidedAt: new Date() },
        undefined,
      );
      await releaseHold(tx, await walletAccountId(tx, row.userId), row.amountMicros);
      await enqueueMail(tx, {
        userId: row.userId,
        kind: 'withdrawal_rejected',
        params: { amount: formatMicros(row.amountMicros), reason: reason ?? '' },
      });
      await writeAudit(tx, {
        actorId,
        action: 'withdrawal.rejected',
        targetType: 'withdrawal',
        targetId: row.id,
        before,
        after: { status: 'Rejected', amount: row.amountMicros.toString() },
        reason,
        ip: request.ip,
      });
      return { row, awaitingSecondApproval: false };
    }

    const [settings] = await tx
      .select({ thresholdMicros: siteSettings.withdrawalDualApprovalMicros })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1));
    const thresholdMicros = settings?.thresholdMicros ?? null;
    const needsTwo =
      current.firstApprovedBy !== null ||
      (thresholdMicros !== null && current.amountMicros >= thresholdMicros);

    if (needsTwo && current.firstApprovedBy === null) {
      if (transactionHash !== null) {
        throw badRequest(
          'This withdrawal needs a second admin’s approval before it is sent: give the first approval without a transaction hash.',
          'invalid_body',
          'transactionHash',
        );
      }
      const row = await decide(
        // The database's clock, as account creation times are compared with it.
        { firstApprovedBy: actorId, firstApprovedAt: await databaseNow(tx) },
        isNull(withdrawals.firstApprovedBy),
      );
      await writeAudit(tx, {
        actorId,
        action: 'withdrawal.first_approved',
        targetType: 'withdrawal',
        targetId: row.id,
        before,
        after: {
          status: 'Pending',
          firstApprovedBy: actorId,
          amount: row.amountMicros.toString(),
          thresholdMicros: thresholdMicros?.toString() ?? null,
        },
        reason,
        ip: request.ip,
      });
      return { row, awaitingSecondApproval: true };
    }

    if (current.firstApprovedBy === actorId)
      throw new ApiError(409, SAME_APPROVER_MESSAGE, 'second_approver_required');
    // A first approval without a hash, on a withdrawal another admin first-approved since the
    // page was loaded (two admins at once): the view was stale, not the request malformed.
    if (current.firstApprovedBy !== null && transactionHash === null) {
      throw new ApiError(
        409,
        'Another admin gave this withdrawal its first approval a moment ago. Reload it: the second approval takes the transaction hash.',
        'already_decided',
      );
    }
    if (current.firstApprovedBy !== null) {
      await assertSecondApprover(tx, actorId, current.firstApprovedBy, current.firstApprovedAt);
    }
    if (transactionHash === null) {
      throw badRequest(
        'The on-chain transaction hash is required to approve a withdrawal.',
        'invalid_body',
        'transactionHash',
      );
    }
    const row = await decide(
      { status: 'Completed', reason, transactionHash, decidedBy: actorId, decidedAt: new Date() },
      current.firstApprovedBy === null
        ? isNull(withdrawals.firstApprovedBy)
        : eq(withdrawals.firstApprovedBy, current.firstApprovedBy),
    );
    const walletId = await walletAccountId(tx, row.userId);
    const lines: Posting[] = [
      { accountId: walletId, amountMicros: -row.amountMicros },
      {
        accountId: platformShard(app.platformAccounts, 'withdrawal_clearing'),
        amountMicros: row.netMicros,
      },
    ];
    if (row.feeMicros > 0n) {
      lines.push({
        accountId: platformShard(app.platformAccounts, 'fee_revenue'),
        amountMicros: row.feeMicros,
      });
    }
    // The hold is released before the entry posts (the wallet could not pay it while held),
    // so the entry's accounts are locked first, in id order, like any posting.
    await lockAccounts(
      tx,
      lines.map((line) => line.accountId),
    );
    await releaseHold(tx, walletId, row.amountMicros);
    await postEntry(tx, {
      kind: 'withdrawal',
      referenceType: 'withdrawal',
      referenceId: row.id,
      postings: lines,
    });
    await enqueueMail(tx, {
      userId: row.userId,
      kind: 'withdrawal_approved',
      params: { amount: formatMicros(row.amountMicros), transactionHash },
    });
    await writeAudit(tx, {
      actorId,
      action: 'withdrawal.approved',
      targetType: 'withdrawal',
      targetId: row.id,
      before,
      after: {
        status: 'Completed',
        amount: row.amountMicros.toString(),
        transactionHash,
        firstApprovedBy: row.firstApprovedBy,
        secondApproval: row.firstApprovedBy !== null,
      },
      reason,
      ip: request.ip,
    });
    return { row, awaitingSecondApproval: false };
  });

  const { row, awaitingSecondApproval } = outcome;
  request.log.info(
    { withdrawalId: row.id, status: row.status, awaitingSecondApproval },
    'withdrawal decided',
  );
  const message = awaitingSecondApproval
    ? 'First approval recorded. This withdrawal awaits a second approval by another admin.'
    : row.status === 'Completed'
      ? 'Withdrawal completed.'
      : 'Withdrawal rejected; the amount on hold was released.';
  return { withdraw: withdrawView(row), awaitingSecondApproval, message };
}
