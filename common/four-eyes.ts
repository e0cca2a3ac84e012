/**
 * Four-eyes rules shared by the server and the console: which actions need a second admin,
 * and which admin may be that second admin. docs/principles.md: "Four-eyes rules cannot be satisfied by
 * one person with two accounts", so the second admin must be a different person in every way
 * the system can tell: a different account, one that existed before the request was made,
 * and not one of the two accounts that created the other within the last day.
 */
import { MICROS_PER_USDT } from './money';

/** What needs a second admin. */
export type ApprovalKind =
  'admin.create' | 'admin.enable' | 'ledger.adjust' | 'settings.dual_approval';

export const APPROVAL_STATUSES = ['Pending', 'Approved', 'Rejected', 'Expired'] as const;

/** A request nobody decided within this time expires. */
export const APPROVAL_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * For this long after an admin account is created, it and the admin who asked for it may not
 * approve each other's requests or withdrawals: otherwise one person would ask for an account
 * of their own and use it as the second pair of eyes at once.
 */
export const CREATOR_COOLDOWN_MS = 24 * 60 * 60 * 1000;

/**
 * Adjustments of this size or more always need a second admin, whatever the withdrawal
 * threshold says (also when dual approval is off): 10,000 USDT.
 */
export const ADJUSTMENT_DUAL_APPROVAL_CEILING_MICROS = 10_000n * MICROS_PER_USDT;

/**
 * The size from which an adjustment (either way) needs a second admin: the withdrawals'
 * dual-approval threshold, but never more than the ceiling.
 */
export function adjustmentDualApprovalFrom(thresholdMicros: bigint | null): bigint {
  if (thresholdMicros === null || thresholdMicros > ADJUSTMENT_DUAL_APPROVAL_CEILING_MICROS) {
    return ADJUSTMENT_DUAL_APPROVAL_CEILING_MICROS;
  }
  return thresholdMicros;
}

/** Whether an adjustment of `amountMicros` (signed) needs a second admin. */
export function adjustmentNeedsSecondAdmin(
  amountMicros: bigint,
  thresholdMicros: bigint | null,
): boolean {
  const size = amountMicros < 0n ? -amountMicros : amountMicros;
  return size >= adjustmentDualApprovalFrom(thresholdMicros);
}

/**
 * Whether a change of the withdrawal dual-approval threshold loosens it: turns it off, or
 * raises it. Loosening needs a second admin; tightening (on, or lower) does not.
 */
export function dualApprovalLoosens(beforeMicros: bigint | null, afterMicros: bigint | null) {
  if (beforeMicros === null) return false;
  return afterMicros === null || afterMicros > beforeMicros;
}

/** Why an admin may not be the second admin of a request (or of a withdrawal). */
export const APPROVER_REFUSALS = ['own_request', 'created_after_request', 'related_admin'] as const;
export type ApproverRefusal = (typeof APPROVER_REFUSALS)[number];

/** What the rules know of an admin account. */
export interface AdminFacts {
  id: string;
  createdAtMs: number;
  /** The admin who asked for this account, or null (made at start or by the demo data). */
  createdBy: string | null;
}

/**
 * Why `approver` may not approve what `requester` asked for (or first-approved) at
 * `requestedAtMs`, or null when they may.
 */
export function approverRefusal(
  approver: AdminFacts,
  requester: AdminFacts,
  requestedAtMs: number,
  nowMs: number,
): ApproverRefusal | null {
  if (approver.id === requester.id) return 'own_request';
  if (approver.createdAtMs >= requestedAtMs) return 'created_after_request';
  const recent = (account: AdminFacts) => nowMs - account.createdAtMs < CREATOR_COOLDOWN_MS;
  if (approver.createdBy === requester.id && recent(approver)) return 'related_admin';
  if (requester.createdBy === approver.id && recent(requester)) return 'related_admin';
  return null;
}
