import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  ADMIN_MAX_PAGE,
  APPROVAL_REASON_MAX_LENGTH,
  APPROVAL_REASON_MIN_LENGTH,
  APPROVAL_STATUS_FILTERS,
  type AdminApproval,
  type ApprovalStatusFilter,
} from '../../../../common/contract';
import type { ApproverRefusal } from '../../../../common/four-eyes';
import { ApiError } from '../../../services/api-error';
import { pageFromSearch, pagedHref } from '../console/paging';

/**
 * The Approvals screen's pure rules: which tab and page the address asks for, whether the
 * reader may approve a request and why not, the reasons' limits, and how a refusal reads.
 * The rules themselves are the server's (common/four-eyes.ts); the list says, per request,
 * whether the reader may approve it and how many admins may.
 */

export const APPROVAL_TABS: readonly { status: ApprovalStatusFilter; label: MessageDescriptor }[] =
  [
    { status: 'Pending', label: msg({ message: 'Pending', context: 'approvals tab' }) },
    { status: 'Approved', label: msg({ message: 'Approved', context: 'approvals tab' }) },
    { status: 'Rejected', label: msg({ message: 'Rejected', context: 'approvals tab' }) },
    { status: 'Expired', label: msg({ message: 'Expired', context: 'approvals tab' }) },
    { status: 'All', label: msg({ message: 'All', context: 'approvals tab' }) },
  ];

export interface ApprovalsView {
  status: ApprovalStatusFilter;
  page: number;
}

/** Reads `?status=&page=`; anything unknown falls back to Pending and page 1. */
export function parseApprovalsSearch(search: string): ApprovalsView {
  const params = new URLSearchParams(search);
  const raw = params.get('status') ?? '';
  const status = (APPROVAL_STATUS_FILTERS as readonly string[]).includes(raw)
    ? (raw as ApprovalStatusFilter)
    : 'Pending';
  return { status, page: pageFromSearch(params, ADMIN_MAX_PAGE) };
}

/** The address of a view; the defaults are left out, so `/admin/approvals` is Pending p. 1. */
export function approvalsHref(view: ApprovalsView): string {
  const params = new URLSearchParams();
  if (view.status !== 'Pending') params.set('status', view.status);
  return pagedHref('/admin/approvals', params, view.page);
}

const REFUSAL_TEXTS: Record<ApproverRefusal, MessageDescriptor> = {
  own_request: msg`You asked for this, so another admin must approve it.`,
  created_after_request: msg`Your admin account was created after this was asked for, so an admin who existed before must approve it.`,
  related_admin: msg`One of you created the other’s admin account less than 24 hours ago, so another admin must approve it.`,
};

/**
 * What the reader can do with a request: approve and reject it, only reject it (with why
 * they may not approve it), or nothing (it was decided or expired).
 */
export type ApprovalActions =
  | { kind: 'decide' }
  | { kind: 'rejectOnly'; why: MessageDescriptor; noApprover: boolean }
  | { kind: 'none' };

export function approvalActions(
  approval: Pick<AdminApproval, 'status' | 'notApprovable' | 'eligibleApprovers'>,
): ApprovalActions {
  if (approval.status !== 'Pending') return { kind: 'none' };
  if (approval.notApprovable === null) return { kind: 'decide' };
  return {
    kind: 'rejectOnly',
    why: REFUSAL_TEXTS[approval.notApprovable],
    noApprover: approval.eligibleApprovers === 0,
  };
}

/** A rejection's reason (also disabling an admin and asking to enable one): 3 to 500. */
export function approvalReasonError(input: string): MessageDescriptor | null {
  const length = input.trim().length;
  if (length < APPROVAL_REASON_MIN_LENGTH) return msg`Enter a reason of at least 3 characters.`;
  if (length > APPROVAL_REASON_MAX_LENGTH) {
    return msg`The reason must be at most ${APPROVAL_REASON_MAX_LENGTH} characters.`;
  }
  return null;
}

/** Why approving or rejecting failed, in the admin's language where we know the case. */
export function approvalErrorMessage(error: unknown): MessageDescriptor | string {
  if (!(error instanceof ApiError)) return msg`The decision could not be saved. Please try again.`;
  switch (error.code) {
    case 'second_approver_required':
      return REFUSAL_TEXTS.own_request;
    case 'approver_too_new':
      return REFUSAL_TEXTS.created_after_request;
    case 'approver_related':
      return REFUSAL_TEXTS.related_admin;
    case 'approval_expired':
      return msg`This request has expired. Ask for it again if it is still needed.`;
    case 'already_decided':
      return msg`Someone else has decided this request in the meantime. It now shows its current state.`;
    case 'state_changed':
      return msg`What this request would change has changed since it was asked for. Reject it and ask again.`;
    case 'insufficient_funds':
      return msg`The wallet can no longer pay this debit. Reject the request or wait.`;
    case 'email_taken':
      return msg`An account with this email exists now. Reject the request.`;
    case 'username_taken':
      return msg`This username is taken now. Reject the request.`;
  }
  if (error.status === 404) return msg`This request no longer exists.`;
  if (error.status === 0) return msg`No connection. Check your network and try again.`;
  if (error.status === 401 || error.status === 403) {
    return msg`Your admin session has ended. Please sign in again.`;
  }
  if (error.field === 'reason') return msg`Enter a reason of at least 3 characters.`;
  if (error.status >= 500 || !error.serverMessage) {
    return msg`The decision could not be saved. Please try again.`;
  }
  return error.serverMessage;
}
