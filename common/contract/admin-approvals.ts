/**
 * Four-eyes requests (common/four-eyes.ts has the rules): creating an admin, enabling a
 * disabled admin, a large ledger adjustment and loosening withdrawal dual approval are asked
 * for by one admin and carried out when a second, different admin approves them.
 */
import {
  array,
  enums,
  literal,
  nullable,
  number,
  object,
  string,
  union,
  type Infer,
} from 'superstruct';
import { APPROVAL_STATUSES, APPROVER_REFUSALS } from '../four-eyes';
import { AdminRef } from './admin-queues';
import { IsoDate, WireAmount } from './common';

/** Requests per page of GET /api/admin/approvals. */
export const APPROVALS_PAGE_SIZE = 20;
/** `?status=` of the list: one status, or All. */
export const APPROVAL_STATUS_FILTERS = [...APPROVAL_STATUSES, 'All'] as const;
export type ApprovalStatusFilter = (typeof APPROVAL_STATUS_FILTERS)[number];
/** The reason of a rejection, of disabling an admin and of asking to enable one. */
export const APPROVAL_REASON_MIN_LENGTH = 3;
export const APPROVAL_REASON_MAX_LENGTH = 500;

/** The fields every request has, besides its kind and subject. */
const approvalFields = {
  _id: string(),
  status: enums(APPROVAL_STATUSES),
  requestedBy: AdminRef,
  requestedAt: IsoDate,
  expiresAt: IsoDate,
  decidedBy: nullable(AdminRef),
  decidedAt: nullable(IsoDate),
  /** Why it was rejected. */
  reason: nullable(string()),
  /**
   * For a pending request: why the admin reading it may not approve it, or null when they
   * may. Null for a decided one.
   */
  notApprovable: nullable(enums(APPROVER_REFUSALS)),
  /**
   * For a pending request: how many enabled admins may approve it now (0: none can, and a
   * second admin must first be added at the server, with ADMIN_EMAIL). 0 once decided.
   */
  eligibleApprovers: number(),
};

/** What is asked for, by kind; never a password nor its hash. */
export const AdminApproval = union([
  object({
    ...approvalFields,
    kind: literal('admin.create'),
    subject: object({ fullName: string(), username: string(), email: string() }),
  }),
  object({
    ...approvalFields,
    kind: literal('admin.enable'),
    subject: object({ adminId: string(), username: string(), reason: string() }),
  }),
  object({
    ...approvalFields,
    kind: literal('ledger.adjust'),
    subject: object({
      userId: string(),
      username: string(),
      /** Signed: positive credits the wallet. */
      amount: WireAmount,
      reason: string(),
    }),
  }),
  object({
    ...approvalFields,
    kind: literal('settings.dual_approval'),
    /** The withdrawal dual-approval threshold when asked and as asked; null is off. */
    subject: object({ before: nullable(WireAmount), after: nullable(WireAmount) }),
  }),
]);
export type AdminApproval = Infer<typeof AdminApproval>;

/** GET /api/admin/approvals?status=&page= : Pending oldest first, the others newest first. */
export const AdminApprovalPage = object({
  items: array(AdminApproval),
  page: number(),
  pageCount: number(),
  total: number(),
});
export type AdminApprovalPage = Infer<typeof AdminApprovalPage>;

/**
 * 202 of an action that needs a second admin (POST /api/admin/admins, an adjustment at or
 * above the threshold, enabling an admin, loosening dual approval), and 200 of approving or
 * rejecting one: the request as it now is.
 */
export const AdminApprovalResponse = object({ approval: AdminApproval, message: string() });
export type AdminApprovalResponse = Infer<typeof AdminApprovalResponse>;

/** POST /api/admin/approvals/:id/reject, /api/admin/admins/:id/disable, .../enable */
export const AdminReasonRequest = object({ reason: string() });
export type AdminReasonRequest = Infer<typeof AdminReasonRequest>;
