import {
  AdminDashboard,
  AdminDepositPage,
  AdminDepositResponse,
  AdminKycPage,
  AdminKycResponse,
  AdminWithdrawPage,
  AdminWithdrawResponse,
  DepositResponse,
  KycResponse,
  WithdrawDecisionResponse,
  type AdminDeposit,
  type AdminWithdraw,
  type QueueStatusFilter,
} from '../../common/contract';
import { api } from './api-client';

/**
 * The admin console's calls: the dashboard, the deposit, withdrawal and KYC queues and their
 * decisions. Every call carries the admin's token and is checked against the shared contract.
 * Reads pass `retries: 0` because TanStack Query retries them; decisions are never retried.
 */

const read = (signal: AbortSignal | undefined) => ({
  auth: 'admin' as const,
  retries: 0,
  ...(signal ? { signal } : {}),
});
const write = { auth: 'admin' as const };
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
