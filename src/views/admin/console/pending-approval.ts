import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AdminApproval } from '../../../../common/contract';

/**
 * What the console says once a change waits for a second admin. Asking happens on several
 * screens (a new admin, enabling one, a large adjustment), and all of them must point the
 * admin to the same place: Approvals, or the server when no other admin can approve.
 */

/** Shown where no admin can approve a request: how an operator adds one. */
export const NO_APPROVER_TEXT = msg`No other admin can approve this yet. Without a second admin, an admin can be added only at the server: set ADMIN_EMAIL and ADMIN_PASSWORD and restart it.`;

/** What to say after asking for something that needs a second admin. */
export function pendingText(approval: Pick<AdminApproval, 'eligibleApprovers'>): MessageDescriptor {
  return approval.eligibleApprovers === 0
    ? NO_APPROVER_TEXT
    : msg`Sent for approval: it is carried out once another admin approves it under Approvals.`;
}
