/**
 * The approvals area: four-eyes requests as stored (`admin_approvals`), the second admin's
 * rules and the console's view of a request. The areas whose changes need a second admin
 * (admin accounts, adjustments, settings, withdrawals) ask and check through it; deciding a
 * request, which runs those areas' actions, is the admin area's.
 */
export {
  approvalView,
  approvalViews,
  assertSecondAdmin,
  databaseNow,
  expireApprovals,
  insertApproval,
  KIND_NOUNS,
  lockAdminFacts,
  payloadOf,
  pendingMessage,
  pendingRow,
  type ApprovalContext,
  type ApprovalPayload,
  type ApprovalRow,
} from './store';
