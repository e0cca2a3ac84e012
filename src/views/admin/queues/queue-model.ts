import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  ADMIN_MAX_PAGE,
  QUEUE_STATUS_FILTERS,
  type AdminWithdraw,
  type QueueStatusFilter,
} from '../../../../common/contract';
import { ApiError } from '../../../services/api-error';
import { pageFromSearch, pagedHref } from '../console/paging';

/**
 * The queues' pure rules: which tab and page the address asks for, the links between them,
 * how a withdrawal is approved, what the decision forms accept and how a refusal reads.
 */

/** The status tabs in their order; Pending, the work to do, comes first and is the default. */
export const QUEUE_TABS: readonly { status: QueueStatusFilter; label: MessageDescriptor }[] = [
  { status: 'Pending', label: msg({ message: 'Pending', context: 'queue tab' }) },
  { status: 'Completed', label: msg({ message: 'Completed', context: 'queue tab' }) },
  { status: 'Rejected', label: msg({ message: 'Rejected', context: 'queue tab' }) },
  { status: 'All', label: msg({ message: 'All', context: 'queue tab' }) },
];

export const DEFAULT_QUEUE_STATUS: QueueStatusFilter = 'Pending';

export interface QueueView {
  status: QueueStatusFilter;
  page: number;
}

/** Reads `?status=&page=`; anything unknown falls back to Pending and page 1. */
export function parseQueueSearch(search: string): QueueView {
  const params = new URLSearchParams(search);
  const rawStatus = params.get('status');
  const status = (QUEUE_STATUS_FILTERS as readonly string[]).includes(rawStatus ?? '')
    ? (rawStatus as QueueStatusFilter)
    : DEFAULT_QUEUE_STATUS;
  return { status, page: pageFromSearch(params, ADMIN_MAX_PAGE) };
}

/** The address of a queue view; the defaults are left out, so `/admin/deposits` is Pending p. 1. */
export function queueHref(base: string, view: QueueView): string {
  const params = new URLSearchParams();
  if (view.status !== DEFAULT_QUEUE_STATUS) params.set('status', view.status);
  return pagedHref(base, params, view.page);
}

/**
 * How an admin may approve a pending withdrawal: `single` with the hash; `first` of two,
 * without a hash (nothing is sent yet); `second` with the hash, by a different admin.
 */
export type WithdrawApproval = 'single' | 'first' | 'second';

export function withdrawApproval(
  item: Pick<AdminWithdraw, 'needsSecondApproval' | 'firstApprovedBy'>,
): WithdrawApproval {
  if (item.firstApprovedBy !== null) return 'second';
  return item.needsSecondApproval ? 'first' : 'single';
}

/** The on-chain hash as the server accepts it (server/modules/wallet/withdraw-decision.ts). */
export const TRANSACTION_HASH_PATTERN = /^[A-Za-z0-9x_-]{8,128}$/;

export function transactionHashError(input: string): MessageDescriptor | null {
  const hash = input.trim();
  if (hash === '') return msg`Enter the transaction hash of the payment you sent.`;
  if (!TRANSACTION_HASH_PATTERN.test(hash)) {
    return msg`A transaction hash is 8 to 128 letters, digits, "_" or "-".`;
  }
  return null;
}

/** The longest reason the console lets an admin type. */
export const REASON_MAX_LENGTH = 500;

export function reasonError(input: string): MessageDescriptor | null {
  if (input.trim() === '') return msg`Enter the reason. The user will see it.`;
  if (input.trim().length > REASON_MAX_LENGTH) {
    return msg`The reason must be at most ${REASON_MAX_LENGTH} characters.`;
  }
  return null;
}

/** Why a decision failed, in the admin's language where we know the case. */
export function decisionErrorMessage(error: unknown): MessageDescriptor | string {
  if (!(error instanceof ApiError)) return msg`The decision could not be saved. Please try again.`;
  if (error.code === 'second_approver_required') {
    return msg`You gave this withdrawal its first approval. Another admin must give the second.`;
  }
  if (error.code === 'approver_too_new') {
    return msg`Your admin account was created after the first approval, so an admin who existed before it must give the second.`;
  }
  if (error.code === 'approver_related') {
    return msg`One of you created the other’s admin account less than 24 hours ago, so another admin must give the second approval.`;
  }
  if (error.code === 'already_decided') {
    return msg`Someone else has decided this request in the meantime. It now shows its current state.`;
  }
  if (error.status === 404) return msg`This request no longer exists.`;
  if (error.field === 'transactionHash') {
    return msg`A transaction hash is 8 to 128 letters, digits, "_" or "-".`;
  }
  if (error.field === 'reason') return msg`Enter the reason. The user will see it.`;
  if (error.status === 0) return msg`No connection. Check your network and try again.`;
  if (error.status === 401 || error.status === 403) {
    return msg`Your admin session has ended. Please sign in again.`;
  }
  if (error.status >= 500 || !error.serverMessage) {
    return msg`The decision could not be saved. Please try again.`;
  }
  return error.serverMessage;
}
