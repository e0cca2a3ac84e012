/**
 * Balance adjustments: the only way an admin changes a user's money, as a balanced ledger
 * entry of kind 'adjustment' between the wallet and deposit clearing, with a reason. Posted
 * at once, or, from the dual-approval size on, asked for and posted when a second admin
 * approves it (`applyApprovedAdjustment`).
 */
import type { FastifyInstance } from 'fastify';
import {
  ADJUSTMENT_MAX_MICROS,
  ADJUSTMENT_REASON_MAX_LENGTH,
  ADJUSTMENT_REASON_MIN_LENGTH,
  type AdminAdjustmentResponse,
  type AdminApprovalResponse,
} from '../../../common/contract';
import { formatMicros, microsFromWire, parseAmount } from '../../../common/money';
import { ApiError } from '../../http/errors';
import type { PreparedChange } from '../../http/idempotency';
import { platformShard } from '../../ledger/accounts';
import { InsufficientFundsError } from '../../ledger/errors';
import { lockAccounts, postEntry } from '../../ledger/posting';
import type { Tx } from '../../ledger/types';
import { newRecordId } from '../../lib/record-id';
import {
  approvalView,
  databaseNow,
  insertApproval,
  pendingMessage,
  pendingRow,
  type ApprovalContext,
  type ApprovalPayload,
} from '../approvals';
import { writeAudit } from '../audit';
import { lockWalletBalance } from './adjustments-repository';
import { targetUser } from './user-views';

/** A signed, exact, non-zero adjustment amount in micros ("-12.5" debits 12.5 USDT). */
export function adjustmentAmount(text: string): bigint {
  const negative = text.startsWith('-');
  const parsed = parseAmount(negative ? text.slice(1) : text);
  if (!parsed.ok) throw new ApiError(400, parsed.reason, 'amount', 'amount');
  if (parsed.micros === 0n) throw new ApiError(400, 'Amount must not be zero', 'amount', 'amount');
  if (parsed.micros > ADJUSTMENT_MAX_MICROS) {
    throw new ApiError(
      400,
      `An adjustment can be at most ${formatMicros(ADJUSTMENT_MAX_MICROS)} USDT either way`,
      'amount',
      'amount',
    );
  }
  return negative ? -parsed.micros : parsed.micros;
}

/** The adjustment's reason, trimmed; it is the entry's memo and the audit row's reason. */
export function adjustmentReason(value: string): string {
  const reason = value.trim();
  if (
    reason.length < ADJUSTMENT_REASON_MIN_LENGTH ||
    reason.length > ADJUSTMENT_REASON_MAX_LENGTH
  ) {
    throw new ApiError(
      400,
      `A reason of ${ADJUSTMENT_REASON_MIN_LENGTH} to ${ADJUSTMENT_REASON_MAX_LENGTH} characters is required`,
      'invalid_body',
      'reason',
    );
  }
  return reason;
}

/** An adjustment as asked for: its id is made once, so it can be posted at most once. */
export interface AdjustmentChange {
  targetId: string;
  amountMicros: bigint;
  reason: string;
  adjustmentId: string;
}

/** Who posts it: the admin, or the second admin approving another's request. */
export interface AdjustmentActor {
  actorId: string;
  ip: string;
  approval?: { approvalId: string; requestedBy: string };
}

/** The wallet's balance now, the accounts locked; refuses a debit the wallet cannot pay. */
async function lockedWallet(app: FastifyInstance, tx: Tx, change: AdjustmentChange) {
  const user = await targetUser(tx, change.targetId);
  if (user.wallet === null) throw new Error(`User ${user.id} has no wallet account`);
  const clearingId = platformShard(app.platformAccounts, 'deposit_clearing');
  // Both accounts of the entry, in id order like any posting: locking the wallet alone
  // first could deadlock with a posting that holds the shard and waits for the wallet.
  await lockAccounts(tx, [user.wallet, clearingId]);
  const { balanceMicros: balanceBefore, heldMicros: held } = await lockWalletBalance(
    tx,
    user.wallet,
  );
  const balanceAfter = balanceBefore + change.amountMicros;
  if (balanceAfter < held) {
    throw new InsufficientFundsError(
      `This adjustment would take the balance below zero or below the ${formatMicros(held)} USDT on hold (available: ${formatMicros(balanceBefore - held)} USDT).`,
    );
  }
  return { user, walletId: user.wallet, clearingId, balanceBefore, held, balanceAfter };
}

/** The adjustment posted now (201), or on approval (the approval's executor runs `apply`). */
export async function prepareAdjustment(
  app: FastifyInstance,
  tx: Tx,
  change: AdjustmentChange,
  actor: AdjustmentActor,
): Promise<PreparedChange> {
  const wallet = await lockedWallet(app, tx, change);
  const { user, walletId, clearingId, balanceBefore, held, balanceAfter } = wallet;
  const { amountMicros, reason, adjustmentId } = change;
  const response: AdminAdjustmentResponse = {
    adjustment: {
      _id: adjustmentId,
      userId: user.id,
      amount: formatMicros(amountMicros),
      reason,
      balanceBefore: formatMicros(balanceBefore),
      balanceAfter: formatMicros(balanceAfter),
      createdAt: new Date().toISOString(),
    },
  };
  return {
    statusCode: 201,
    body: response,
    apply: async (applyTx) => {
      const entryId = await postEntry(applyTx, {
        kind: 'adjustment',
        referenceType: 'admin_adjustment',
        referenceId: adjustmentId,
        memo: reason,
        postings: [
          { accountId: walletId, amountMicros },
          { accountId: clearingId, amountMicros: -amountMicros },
        ],
      });
      await writeAudit(applyTx, {
        actorId: actor.actorId,
        action: 'user.balance_adjusted',
        targetType: 'user',
        targetId: user.id,
        before: { balance: formatMicros(balanceBefore), onHold: formatMicros(held) },
        after: {
          balance: formatMicros(balanceAfter),
          onHold: formatMicros(held),
          amount: formatMicros(amountMicros),
          adjustmentId,
          entryId: entryId.toString(),
          ...(actor.approval ?? {}),
        },
        reason,
        ip: actor.ip,
      });
    },
  };
}

/**
 * An adjustment that needs a second admin: 202 with the pending request. The wallet is
 * checked now (a debit it cannot pay is refused at once) and again when it is approved.
 */
export async function requestAdjustment(
  app: FastifyInstance,
  tx: Tx,
  change: AdjustmentChange,
  actor: AdjustmentActor,
): Promise<PreparedChange> {
  const { user } = await lockedWallet(app, tx, change);
  const request = {
    id: newRecordId(),
    kind: 'ledger.adjust' as const,
    payload: {
      userId: user.id,
      username: user.username,
      amount: formatMicros(change.amountMicros),
      reason: change.reason,
      adjustmentId: change.adjustmentId,
    },
    requestedBy: actor.actorId,
    requestedAt: await databaseNow(tx),
    ip: actor.ip,
  };
  const approval = await approvalView(tx, pendingRow(request), actor.actorId);
  const body: AdminApprovalResponse = { approval, message: pendingMessage(approval) };
  return {
    statusCode: 202,
    body,
    apply: async (applyTx) => {
      await insertApproval(applyTx, request);
    },
  };
}

/** Carries out an approved `ledger.adjust`: the wallet is checked again and the entry posted. */
export async function applyApprovedAdjustment(
  app: FastifyInstance,
  tx: Tx,
  payload: ApprovalPayload<'ledger.adjust'>,
  context: ApprovalContext,
): Promise<void> {
  const change = {
    targetId: payload.userId,
    amountMicros: microsFromWire(payload.amount),
    reason: payload.reason,
    adjustmentId: payload.adjustmentId,
  };
  const prepared = await prepareAdjustment(app, tx, change, {
    actorId: context.approverId,
    ip: context.ip,
    approval: { approvalId: context.approvalId, requestedBy: context.requestedBy },
  });
  await prepared.apply(tx);
}
