import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  decideDeposit,
  decideKyc,
  decideWithdraw,
  fetchAdminDashboard,
  fetchAdminDeposit,
  fetchAdminDeposits,
  fetchAdminKyc,
  fetchAdminKycList,
  fetchAdminWithdraw,
  fetchAdminWithdrawals,
  adjustAdminUserBalance,
  createAdminAccount,
  createCoin,
  createDepositMethod,
  createWithdrawMethod,
  deleteCoin,
  deleteDepositMethod,
  deleteWithdrawMethod,
  fetchAdminAccounts,
  fetchAdminAudit,
  fetchAdminOutbox,
  resendMail,
  fetchAdminCoins,
  fetchAdminMethods,
  fetchAdminSettings,
  fetchAdminUser,
  fetchAdminUsers,
  resetAdminUserPassword,
  resetUserTwoFactor,
  updateAdminUser,
  updateAdminUserFlags,
  updateCoin,
  updateDepositMethod,
  updateOwnAdminPassword,
  updateSiteSettings,
  updateWithdrawMethod,
  viewAsUser,
  approveAdminRequest,
  disableAdminAccount,
  enableAdminAccount,
  fetchAdminApprovals,
  rejectAdminRequest,
  type AuditFilter,
  type Decision,
  type QueuePageRequest,
} from './admin-api';
import type { ApprovalStatusFilter } from '../../common/contract';

/** The dashboard and the queues refresh this often while they are on screen. */
const ADMIN_POLL_INTERVAL_MS = 10_000;

/**
 * The console's query keys. They share one prefix, so a decision refetches every list,
 * detail and the dashboard at once (a decision changes counts, volumes and other pages).
 */
export const adminKeys = {
  all: ['admin', 'console'] as const,
  dashboard: ['admin', 'console', 'dashboard'] as const,
  deposits: (request: QueuePageRequest) =>
    ['admin', 'console', 'deposits', 'list', request.status, request.page] as const,
  deposit: (id: string) => ['admin', 'console', 'deposits', 'detail', id] as const,
  withdrawals: (request: QueuePageRequest) =>
    ['admin', 'console', 'withdrawals', 'list', request.status, request.page] as const,
  withdraw: (id: string) => ['admin', 'console', 'withdrawals', 'detail', id] as const,
  kycList: (request: QueuePageRequest) =>
    ['admin', 'console', 'kyc', 'list', request.status, request.page] as const,
  kyc: (id: string) => ['admin', 'console', 'kyc', 'detail', id] as const,
  users: (request: { q: string; page: number }) =>
    ['admin', 'console', 'users', 'list', request.q, request.page] as const,
  user: (id: string) => ['admin', 'console', 'users', 'detail', id] as const,
  coins: ['admin', 'console', 'coins'] as const,
  methods: ['admin', 'console', 'methods'] as const,
  settings: ['admin', 'console', 'settings'] as const,
  admins: ['admin', 'console', 'admins'] as const,
  approvals: (request: { status: ApprovalStatusFilter; page: number }) =>
    ['admin', 'console', 'approvals', request.status, request.page] as const,
  outbox: (page: number) => ['admin', 'console', 'outbox', page] as const,
  audit: (request: { filter: AuditFilter; page: number }) =>
    ['admin', 'console', 'audit', request.filter, request.page] as const,
};

/** After a decision (or a 409 saying someone else decided): refetch lists, details, dashboard. */
function invalidateAdminConsole(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

export function useAdminDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: ({ signal }) => fetchAdminDashboard(signal),
    refetchInterval: ADMIN_POLL_INTERVAL_MS,
  });
}

/** A queue's page; the previous page stays on screen while the next one loads. */
export function useAdminDeposits(request: QueuePageRequest) {
  return useQuery({
    queryKey: adminKeys.deposits(request),
    queryFn: ({ signal }) => fetchAdminDeposits(request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: ADMIN_POLL_INTERVAL_MS,
  });
}

export function useAdminWithdrawals(request: QueuePageRequest) {
  return useQuery({
    queryKey: adminKeys.withdrawals(request),
    queryFn: ({ signal }) => fetchAdminWithdrawals(request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: ADMIN_POLL_INTERVAL_MS,
  });
}

export function useAdminKycList(request: QueuePageRequest) {
  return useQuery({
    queryKey: adminKeys.kycList(request),
    queryFn: ({ signal }) => fetchAdminKycList(request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: ADMIN_POLL_INTERVAL_MS,
  });
}

/**
 * One deposit. Not polled: each fetch signs a new screenshot link, and loading the image
 * again would add an audit row every time. It is refetched after a decision.
 */
export function useAdminDeposit(id: string) {
  return useQuery({
    queryKey: adminKeys.deposit(id),
    queryFn: ({ signal }) => fetchAdminDeposit(id, signal),
  });
}

export function useAdminWithdraw(id: string) {
  return useQuery({
    queryKey: adminKeys.withdraw(id),
    queryFn: ({ signal }) => fetchAdminWithdraw(id, signal),
    refetchInterval: ADMIN_POLL_INTERVAL_MS,
  });
}

/** Every fetch of a KYC request is audited (`kyc.documents_viewed`): fetched once, not polled. */
export function useAdminKyc(id: string) {
  return useQuery({
    queryKey: adminKeys.kyc(id),
    queryFn: ({ signal }) => fetchAdminKyc(id, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/**
 * A decision's mutation. Success and failure both refetch the console: a 409 means the
 * request changed under us, and the screen must show what it is now.
 */
function useDecision<TVariables, TResult>(run: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => invalidateAdminConsole(queryClient),
  });
}

export const useDecideDeposit = (id: string) =>
  useDecision((decision: Decision) => decideDeposit(id, decision));

export const useDecideWithdraw = (id: string) =>
  useDecision((decision: Parameters<typeof decideWithdraw>[1]) => decideWithdraw(id, decision));

export const useDecideKyc = (id: string) =>
  useDecision((decision: Decision) => decideKyc(id, decision));

// Users, coins, methods, settings, admins and the audit log ----------------------------------

export function useAdminUsers(request: { q: string; page: number }) {
  return useQuery({
    queryKey: adminKeys.users(request),
    queryFn: ({ signal }) => fetchAdminUsers(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => fetchAdminUser(id, signal),
  });
}

export function useAdminCoins() {
  return useQuery({ queryKey: adminKeys.coins, queryFn: ({ signal }) => fetchAdminCoins(signal) });
}

export function useAdminMethods() {
  return useQuery({
    queryKey: adminKeys.methods,
    queryFn: ({ signal }) => fetchAdminMethods(signal),
  });
}

export function useAdminSettings() {
  return useQuery({
    queryKey: adminKeys.settings,
    queryFn: ({ signal }) => fetchAdminSettings(signal),
  });
}

export function useAdminAccounts() {
  return useQuery({
    queryKey: adminKeys.admins,
    queryFn: ({ signal }) => fetchAdminAccounts(signal),
  });
}

/** The four-eyes requests; polled like the queues, since another admin decides them. */
export function useAdminApprovals(request: { status: ApprovalStatusFilter; page: number }) {
  return useQuery({
    queryKey: adminKeys.approvals(request),
    queryFn: ({ signal }) => fetchAdminApprovals(request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: ADMIN_POLL_INTERVAL_MS,
  });
}

export function useAdminAudit(request: { filter: AuditFilter; page: number }) {
  return useQuery({
    queryKey: adminKeys.audit(request),
    queryFn: ({ signal }) => fetchAdminAudit(request, signal),
    placeholderData: keepPreviousData,
  });
}

/** The mail outbox, a page at a time, newest first; polled like the queues. */
export function useAdminOutbox(page: number) {
  return useQuery({
    queryKey: adminKeys.outbox(page),
    queryFn: ({ signal }) => fetchAdminOutbox({ page }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: ADMIN_POLL_INTERVAL_MS,
  });
}

/** Puts a failed mail back in the queue; the outbox is refetched. */
export const useResendMail = () => useAdminChange(resendMail);

/**
 * A configuration change (a user, a coin, a method, a setting, an admin). Success and
 * failure refetch every query on screen: the console's lists and the public data the change
 * feeds (site settings, coin list, methods), so nothing shows what it was before.
 */
function useAdminChange<TVariables, TResult>(run: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export const useUpdateAdminUser = () => useAdminChange(updateAdminUser);

export const useUpdateAdminUserFlags = (id: string) =>
  useAdminChange((flags: Parameters<typeof updateAdminUserFlags>[1]) =>
    updateAdminUserFlags(id, flags),
  );

export const useAdjustAdminUserBalance = (id: string) =>
  useAdminChange(
    ({
      request,
      idempotencyKey,
    }: {
      request: Parameters<typeof adjustAdminUserBalance>[1];
      idempotencyKey: string;
    }) => adjustAdminUserBalance(id, request, idempotencyKey),
  );

export const useResetAdminUserPassword = (id: string) =>
  useAdminChange((password: string) => resetAdminUserPassword(id, password));

export const useResetUserTwoFactor = (id: string) =>
  useAdminChange((reason: string) => resetUserTwoFactor(id, reason));

/** Opens a read-only session of the user; it changes nothing, so nothing is refetched. */
export const useViewAsUser = () => useMutation({ mutationFn: viewAsUser });

export const useCreateCoin = () => useAdminChange(createCoin);
export const useUpdateCoin = () => useAdminChange(updateCoin);
export const useDeleteCoin = () => useAdminChange(deleteCoin);

export const useCreateDepositMethod = () => useAdminChange(createDepositMethod);
export const useUpdateDepositMethod = () => useAdminChange(updateDepositMethod);
export const useDeleteDepositMethod = () => useAdminChange(deleteDepositMethod);
export const useCreateWithdrawMethod = () => useAdminChange(createWithdrawMethod);
export const useUpdateWithdrawMethod = () => useAdminChange(updateWithdrawMethod);
export const useDeleteWithdrawMethod = () => useAdminChange(deleteWithdrawMethod);

export const useUpdateSiteSettings = () => useAdminChange(updateSiteSettings);
export const useCreateAdminAccount = () => useAdminChange(createAdminAccount);
/** The admin's own password: the server ends their sessions, so the next call signs out. */
export const useUpdateOwnAdminPassword = () => useMutation({ mutationFn: updateOwnAdminPassword });
export const useDisableAdminAccount = () =>
  useAdminChange(({ id, reason }: { id: string; reason: string }) =>
    disableAdminAccount(id, reason),
  );
export const useEnableAdminAccount = () =>
  useAdminChange(({ id, reason }: { id: string; reason: string }) =>
    enableAdminAccount(id, reason),
  );

/** Approving carries the action out (an admin, an adjustment, a setting): refetch everything. */
export const useApproveAdminRequest = () => useAdminChange(approveAdminRequest);
export const useRejectAdminRequest = () =>
  useAdminChange(({ id, reason }: { id: string; reason: string }) =>
    rejectAdminRequest(id, reason),
  );
