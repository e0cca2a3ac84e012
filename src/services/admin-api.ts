import {
  AdminAccountList,
  AdminAccountResponse,
  AdminAdjustmentResult,
  AdminApprovalPage,
  AdminApprovalResponse,
  AdminCoinList,
  AdminCoinResponse,
  AdminDashboard,
  AdminDepositPage,
  AdminDepositResponse,
  AdminKycPage,
  AdminKycResponse,
  AdminMethods,
  AdminSiteSettings,
  AdminUserDetail,
  AdminUserList,
  AdminUserResponse,
  AdminWithdrawPage,
  AdminWithdrawResponse,
  AuditPage,
  OutboxPage,
  ResendMailResponse,
  DepositMethodResponse,
  DepositResponse,
  ImpersonationResponse,
  KycResponse,
  MessageResponse,
  UpdatePasswordResponse,
  WithdrawDecisionResponse,
  WithdrawMethodResponse,
  UpdateSiteSettingResult,
  type AdminAdjustmentRequest,
  type ApprovalStatusFilter,
  type AdminUpdateUserRequest,
  type AdminUserFlagsRequest,
  type CreateAdminRequest,
  type CreateCoinRequest,
  type CreateDepositMethodRequest,
  type CreateWithdrawMethodRequest,
  type SelectedTime,
  type UpdateAdminPasswordRequest,
  type UpdateCoinRequest,
  type UpdateDepositMethodRequest,
  type UpdateWithdrawMethodRequest,
  type AdminDeposit,
  type AdminWithdraw,
  type QueueStatusFilter,
} from '../../common/contract';
import { api } from './api-client';
import { CALL_FAILURES } from './call-failures';

/**
 * The admin console's calls: the dashboard, the deposit, withdrawal and KYC queues and their
 * decisions, users, coins, methods, site settings, admins, four-eyes requests and the audit log. Every call carries the admin's token and is checked against the shared contract.
 * Reads pass `retries: 0` because TanStack Query retries them; decisions are never retried.
 */

const read = (signal: AbortSignal | undefined) => ({
  auth: 'admin' as const,
  retries: 0,
  ...(signal ? { signal } : {}),
});
const write = { auth: 'admin' as const };
/** Writes whose failure docs/product.md §8 names 'Couldn't Update Profile...!' or '... Delete ...'. */
const updateCall = { ...write, callFailure: CALL_FAILURES.updateProfile };
const deleteCall = { ...write, callFailure: CALL_FAILURES.deleteProfile };
const idPath = (prefix: string, id: string) => `${prefix}/${encodeURIComponent(id)}`;

/** One page of a queue: `status` (Pending, Completed, Rejected or All) and a 1-based page. */
export interface QueuePageRequest {
  status: QueueStatusFilter;
  page: number;
}

export const fetchAdminDashboard = (signal?: AbortSignal) =>
  api.get('/admin/overview', AdminDashboard, read(signal));

export const fetchAdminDeposits = ({ status, page }: QueuePageRequest, signal?: AbortSignal) =>
  api.get('/admin/deposits', AdminDepositPage, { ...read(signal), query: { status, page } });

export async function fetchAdminDeposit(id: string, signal?: AbortSignal): Promise<AdminDeposit> {
  return (await api.get(idPath('/admin/deposits', id), AdminDepositResponse, read(signal))).deposit;
}

export const fetchAdminWithdrawals = ({ status, page }: QueuePageRequest, signal?: AbortSignal) =>
  api.get('/admin/withdrawals', AdminWithdrawPage, { ...read(signal), query: { status, page } });

export async function fetchAdminWithdraw(id: string, signal?: AbortSignal): Promise<AdminWithdraw> {
  return (await api.get(idPath('/admin/withdrawals', id), AdminWithdrawResponse, read(signal)))
    .withdraw;
}

export const fetchAdminKycList = ({ status, page }: QueuePageRequest, signal?: AbortSignal) =>
  api.get('/admin/kyc', AdminKycPage, { ...read(signal), query: { status, page } });

/** The request with its documents' links. The server records each call in the audit log. */
export const fetchAdminKyc = (id: string, signal?: AbortSignal) =>
  api.get(idPath('/admin/kyc', id), AdminKycResponse, read(signal));

export type Decision = { status: 'Completed' } | { status: 'Rejected'; reason: string };

/** PUT /api/updateDeposit/:id: approve, or reject with the reason the user is shown. */
export const decideDeposit = (id: string, decision: Decision) =>
  api.put(idPath('/updateDeposit', id), DepositResponse, { id, ...decision }, write);

/**
 * PUT /api/updateWithdraw/:id. An approval carries the on-chain hash, except the first of two
 * approvals (`transactionHash` left out): it answers `awaitingSecondApproval: true`.
 */
export const decideWithdraw = (
  id: string,
  decision: { status: 'Completed'; transactionHash?: string } | Decision,
) => api.put(idPath('/updateWithdraw', id), WithdrawDecisionResponse, { id, ...decision }, write);

/** PUT /api/updateKyc/:id */
export const decideKyc = (id: string, decision: Decision) =>
  api.put(idPath('/updateKyc', id), KycResponse, { id, ...decision }, write);

// Users -------------------------------------------------------------------------------------

/** GET /api/admin/users: `q` matches email or username anywhere, or a Pay ID prefix. */
export const fetchAdminUsers = ({ q, page }: { q: string; page: number }, signal?: AbortSignal) =>
  api.get('/admin/users', AdminUserList, {
    ...read(signal),
    query: { q: q === '' ? undefined : q, page },
  });

export const fetchAdminUser = (id: string, signal?: AbortSignal) =>
  api.get(idPath('/admin/users', id), AdminUserDetail, read(signal));

/** PUT /api/updateUser: the profile and the personal notice. */
export const updateAdminUser = (request: AdminUpdateUserRequest) =>
  api.put('/updateUser', AdminUserResponse, request, updateCall);

/** PUT /api/admin/users/:id/flags: disable, and allow or stop trading and withdrawals. */
export const updateAdminUserFlags = (id: string, flags: AdminUserFlagsRequest) =>
  api.put(`${idPath('/admin/users', id)}/flags`, AdminUserResponse, flags, updateCall);

/**
 * POST /api/admin/users/:id/adjustments: a signed amount with its reason, posted to the
 * ledger (`{ adjustment }`), or, from the dual-approval size on, asked for (`{ approval }`:
 * a second admin approves it). The key is made once per confirmed adjustment and sent again
 * on a retry.
 */
export const adjustAdminUserBalance = (
  id: string,
  request: AdminAdjustmentRequest,
  idempotencyKey: string,
) =>
  api.post(`${idPath('/admin/users', id)}/adjustments`, AdminAdjustmentResult, request, {
    ...write,
    idempotencyKey,
  });

/** POST /api/admin/users/:id/password: every session of the user ends. */
export const resetAdminUserPassword = (id: string, password: string) =>
  api.post(
    `${idPath('/admin/users', id)}/password`,
    UpdatePasswordResponse,
    { password },
    updateCall,
  );

/** POST /api/admin/users/:id/resetTwoFactor: with a reason (audited); withdrawals pause 24 h. */
export const resetUserTwoFactor = (id: string, reason: string) =>
  api.post(`${idPath('/admin/users', id)}/resetTwoFactor`, AdminUserResponse, { reason }, write);

/** POST /api/userLogin/:id: a short-lived, read-only session of the user (audited). */
export const viewAsUser = (id: string) =>
  api.post(idPath('/userLogin', id), ImpersonationResponse, {}, write);

// Coins -------------------------------------------------------------------------------------

export const fetchAdminCoins = (signal?: AbortSignal) =>
  api.get('/admin/coins', AdminCoinList, read(signal));

export const createCoin = (request: CreateCoinRequest) =>
  api.post('/createCoin', AdminCoinResponse, request, updateCall);

export const updateCoin = (request: UpdateCoinRequest) =>
  api.put('/updateCoin', AdminCoinResponse, request, updateCall);

export const deleteCoin = (id: string) =>
  api.put('/deleteCoin', MessageResponse, { id }, deleteCall);

// Methods -----------------------------------------------------------------------------------

export const fetchAdminMethods = (signal?: AbortSignal) =>
  api.get('/admin/methods', AdminMethods, read(signal));

export const createDepositMethod = (request: CreateDepositMethodRequest) =>
  api.post('/createDepositMethod', DepositMethodResponse, request, updateCall);

export const updateDepositMethod = (request: UpdateDepositMethodRequest) =>
  api.put('/updateDepositMethod', DepositMethodResponse, request, updateCall);

export const deleteDepositMethod = (id: string) =>
  api.put('/deleteDepositMethod', MessageResponse, { id }, deleteCall);

export const createWithdrawMethod = (request: CreateWithdrawMethodRequest) =>
  api.post('/createWithdrawMethod', WithdrawMethodResponse, request, updateCall);

export const updateWithdrawMethod = (request: UpdateWithdrawMethodRequest) =>
  api.put('/updateWithdrawMethod', WithdrawMethodResponse, request, updateCall);

export const deleteWithdrawMethod = (id: string) =>
  api.put('/deleteWithdrawMethod', MessageResponse, { id }, deleteCall);

// Settings, admins and the audit log ---------------------------------------------------------

export const fetchAdminSettings = (signal?: AbortSignal) =>
  api.get('/admin/settings', AdminSiteSettings, read(signal));

/**
 * PUT /api/updateSiteSetting: a partial update; send only the fields that changed. Amounts
 * and percents are decimal strings; `withdrawalDualApproval` null turns it off.
 */
export interface SiteSettingUpdate {
  whatsappLink?: string | null;
  telegramLink?: string | null;
  emailLink?: string | null;
  chatWidgetUrl?: string | null;
  transferMin?: string;
  transferCharge?: string;
  withdrawalDualApproval?: string | null;
  tradingEnabled?: boolean;
  tradingBlockedCountries?: string[];
  tradeMin?: string;
  tradeMax?: string;
  payouts?: Partial<Record<SelectedTime, string>>;
}

/**
 * The settings, or, when the update loosens dual approval (off, or higher), `{ approval,
 * settings }`: that part waits for a second admin, the rest is saved.
 */
export const updateSiteSettings = (update: SiteSettingUpdate) =>
  api.put('/updateSiteSetting', UpdateSiteSettingResult, { ...update }, updateCall);

export const fetchAdminAccounts = (signal?: AbortSignal) =>
  api.get('/admin/admins', AdminAccountList, read(signal));

/** Asks for a new admin: the answer is the request, which a second admin approves. */
export const createAdminAccount = (request: CreateAdminRequest) =>
  api.post('/admin/admins', AdminApprovalResponse, request, write);

/** Disables another admin at once (their sessions end); the reason is audited. */
export const disableAdminAccount = (id: string, reason: string) =>
  api.post(`${idPath('/admin/admins', id)}/disable`, AdminAccountResponse, { reason }, write);

/** Asks for a disabled admin to be enabled again: a second admin approves it. */
export const enableAdminAccount = (id: string, reason: string) =>
  api.post(`${idPath('/admin/admins', id)}/enable`, AdminApprovalResponse, { reason }, write);

// Four-eyes requests -------------------------------------------------------------------------

export const fetchAdminApprovals = (
  { status, page }: { status: ApprovalStatusFilter; page: number },
  signal?: AbortSignal,
) => api.get('/admin/approvals', AdminApprovalPage, { ...read(signal), query: { status, page } });

export const approveAdminRequest = (id: string) =>
  api.post(`${idPath('/admin/approvals', id)}/approve`, AdminApprovalResponse, {}, write);

export const rejectAdminRequest = (id: string, reason: string) =>
  api.post(`${idPath('/admin/approvals', id)}/reject`, AdminApprovalResponse, { reason }, write);

/** PUT /api/updateAdminPassword: the admin's own password; their sessions end. */
export const updateOwnAdminPassword = (request: UpdateAdminPasswordRequest) =>
  api.put('/updateAdminPassword', UpdatePasswordResponse, request, updateCall);

/** The audit log's filters; empty ones are left out. `action` may be a kind: `withdrawal.*`. */
export interface AuditFilter {
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
}

export const fetchAdminAudit = (
  { filter, page }: { filter: AuditFilter; page: number },
  signal?: AbortSignal,
) =>
  api.get('/admin/audit', AuditPage, {
    ...read(signal),
    query: {
      actor: filter.actor.trim() || undefined,
      action: filter.action.trim() || undefined,
      targetType: filter.targetType.trim() || undefined,
      targetId: filter.targetId.trim() || undefined,
      page,
    },
  });

/** GET /api/admin/outbox: every mail, newest first, a page at a time. */
export const fetchAdminOutbox = ({ page }: { page: number }, signal?: AbortSignal) =>
  api.get('/admin/outbox', OutboxPage, { ...read(signal), query: { page } });

/** PUT /api/admin/resendMail/:id: a failed mail goes back in the queue (audited). */
export const resendMail = (id: string) =>
  api.put(idPath('/admin/resendMail', id), ResendMailResponse, undefined, write);
