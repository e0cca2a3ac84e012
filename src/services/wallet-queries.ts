import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LOG_POLL_INTERVAL_MS } from '../../common/rules';
import { queryKeys } from './queries';
import {
  fetchDeposit,
  fetchDepositLog,
  fetchDepositMethods,
  fetchTransfer,
  fetchTransferLog,
  fetchWalletActivity,
  fetchWithdraw,
  fetchWithdrawLog,
  fetchWithdrawMethods,
} from './wallet-api';

/** Methods change only when an admin edits them: a minute-old list is fine. */
const METHODS_STALE_TIME_MS = 60_000;

export function useDepositMethods() {
  return useQuery({
    queryKey: queryKeys.depositMethods,
    queryFn: ({ signal }) => fetchDepositMethods(signal),
    staleTime: METHODS_STALE_TIME_MS,
  });
}

export function useWithdrawMethods() {
  return useQuery({
    queryKey: queryKeys.withdrawMethods,
    queryFn: ({ signal }) => fetchWithdrawMethods(signal),
    staleTime: METHODS_STALE_TIME_MS,
  });
}

/** docs/product.md §2: the logs refresh every 10 s while they are on screen. */
export function useDepositLog() {
  return useQuery({
    queryKey: queryKeys.depositLog,
    queryFn: ({ signal }) => fetchDepositLog(signal),
    refetchInterval: LOG_POLL_INTERVAL_MS,
  });
}

export function useWithdrawLog() {
  return useQuery({
    queryKey: queryKeys.withdrawLog,
    queryFn: ({ signal }) => fetchWithdrawLog(signal),
    refetchInterval: LOG_POLL_INTERVAL_MS,
  });
}

/** docs/product.md §2: loaded only once the user is loaded, since rows are told apart by the Pay ID. */
export function useTransferLog({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.transferLog,
    queryFn: ({ signal }) => fetchTransferLog(signal),
    refetchInterval: LOG_POLL_INTERVAL_MS,
    enabled,
  });
}

/**
 * docs/product.md §2: a request's detail refreshes every 10 s. Each answer also carries a fresh signed
 * link to the deposit screenshot, whose previous link may have expired meanwhile.
 */
export function useDepositDetail(id: string) {
  return useQuery({
    queryKey: queryKeys.depositDetail(id),
    queryFn: ({ signal }) => fetchDeposit(id, signal),
    refetchInterval: LOG_POLL_INTERVAL_MS,
  });
}

export function useWithdrawDetail(id: string) {
  return useQuery({
    queryKey: queryKeys.withdrawDetail(id),
    queryFn: ({ signal }) => fetchWithdraw(id, signal),
    refetchInterval: LOG_POLL_INTERVAL_MS,
  });
}

/** A transfer is final when it is made (docs/product.md §4: always Completed): no polling. */
export function useTransferDetail(id: string) {
  return useQuery({
    queryKey: queryKeys.transferDetail(id),
    queryFn: ({ signal }) => fetchTransfer(id, signal),
  });
}

/** One page of the wallet's movements; the previous page stays on screen while the next loads. */
export function useWalletActivity(page: number) {
  return useQuery({
    queryKey: queryKeys.walletActivity(page),
    queryFn: ({ signal }) => fetchWalletActivity(page, signal),
    placeholderData: keepPreviousData,
  });
}
