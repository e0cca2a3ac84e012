import {
  DepositList,
  DepositMethodList,
  DepositResponse,
  PayIdUserResponse,
  TransferList,
  TransferResponse,
  WalletActivityPage,
  WithdrawList,
  WithdrawMethodList,
  WithdrawResponse,
  type CreateDepositRequest,
  type CreateTransferRequest,
  type CreateWithdrawRequest,
  type Deposit,
  type PayIdUser,
  type Transfer,
  type Withdraw,
} from '../../common/contract';
import { api } from './api-client';
import { withStepUp } from './step-up';
import { ApiError } from './api-error';
import { CALL_FAILURES } from './call-failures';

/**
 * The wallet calls of docs/product.md §7. Reads pass `retries: 0` because TanStack Query retries them;
 * money-moving writes carry the idempotency key of the action they belong to.
 */

const read = (signal: AbortSignal | undefined) => ({ retries: 0, ...(signal ? { signal } : {}) });

export const fetchDepositMethods = (signal?: AbortSignal) =>
  api.get('/depositMethods', DepositMethodList, read(signal));

export const fetchWithdrawMethods = (signal?: AbortSignal) =>
  api.get('/withdrawMethods', WithdrawMethodList, read(signal));

export const fetchDepositLog = (signal?: AbortSignal) =>
  api.get('/getUserDepositLog', DepositList, read(signal));

export const fetchWithdrawLog = (signal?: AbortSignal) =>
  api.get('/getUserWithdrawLog', WithdrawList, read(signal));

export const fetchTransferLog = (signal?: AbortSignal) =>
  api.get('/getUserTransferLog', TransferList, read(signal));

export async function fetchDeposit(id: string, signal?: AbortSignal): Promise<Deposit> {
  const path = `/getDepositDetails/${encodeURIComponent(id)}`;
  return (await api.get(path, DepositResponse, read(signal))).deposit;
}

export async function fetchWithdraw(id: string, signal?: AbortSignal): Promise<Withdraw> {
  const path = `/getWithdrawDetails/${encodeURIComponent(id)}`;
  return (await api.get(path, WithdrawResponse, read(signal))).withdraw;
}

export async function fetchTransfer(id: string, signal?: AbortSignal): Promise<Transfer> {
  const path = `/getTransferDetails/${encodeURIComponent(id)}`;
  return (await api.get(path, TransferResponse, read(signal))).transfer;
}

/** One page (1-based) of every movement of the user's wallet. */
export const fetchWalletActivity = (page: number, signal?: AbortSignal) =>
  api.get('/getWalletActivity', WalletActivityPage, { ...read(signal), query: { page } });

/**
 * The member a Pay ID belongs to, or null when there is none. Not retried: the lookup runs
 * as the user types and is rate-limited; the next keystroke asks again anyway.
 */
export async function lookupPayId(payId: string, signal?: AbortSignal): Promise<PayIdUser | null> {
  try {
    const path = `/getUserByPayId/${encodeURIComponent(payId)}`;
    return (await api.get(path, PayIdUserResponse, read(signal))).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function createDeposit(
  request: CreateDepositRequest,
  idempotencyKey: string,
): Promise<Deposit> {
  const options = { idempotencyKey, callFailure: CALL_FAILURES.createDeposit };
  return (await api.post('/createDeposit', DepositResponse, request, options)).deposit;
}

export async function createWithdraw(
  request: CreateWithdrawRequest,
  idempotencyKey: string,
): Promise<Withdraw> {
  const options = { idempotencyKey, callFailure: CALL_FAILURES.createWithdraw };
  // With two-factor on, the same request (same key) again with a code: services/step-up.ts.
  const answer = await withStepUp((twoFactorCode) =>
    api.post('/createWithdraw', WithdrawResponse, request, {
      ...options,
      ...codeOption(twoFactorCode),
    }),
  );
  return answer.withdraw;
}

export async function createTransfer(
  request: CreateTransferRequest,
  idempotencyKey: string,
): Promise<Transfer> {
  const options = { idempotencyKey, callFailure: CALL_FAILURES.createTransfer };
  const answer = await withStepUp((twoFactorCode) =>
    api.post('/createTransfer', TransferResponse, request, {
      ...options,
      ...codeOption(twoFactorCode),
    }),
  );
  return answer.transfer;
}

/** The step-up's code as a call option, when there is one. */
function codeOption(twoFactorCode: string | undefined): { twoFactorCode?: string } {
  return twoFactorCode === undefined ? {} : { twoFactorCode };
}
