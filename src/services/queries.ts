import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
// From the contract's modules, not its index: this module is part of every page's first load,
// and the index would bring the whole contract (the admin console's too) with it.
import { UserResponse } from '../../common/contract/auth';
import { AppConfig } from '../../common/contract/market';
import { CoinList, SiteSettingResponse } from '../../common/contract/settings';
import { api } from './api-client';

/**
 * Query keys in one place, so mutations can invalidate users, balances, settings, logs and
 * details by name. Logs, details and balances share a first element, so one prefix
 * invalidates every list or every record at once.
 */
export const queryKeys = {
  user: ['user'] as const,
  adminProfile: ['admin', 'profile'] as const,
  siteSetting: ['siteSetting'] as const,
  coinList: ['coinList'] as const,
  appConfig: ['appConfig'] as const,
  depositMethods: ['methods', 'deposit'] as const,
  withdrawMethods: ['methods', 'withdraw'] as const,
  logs: ['logs'] as const,
  depositLog: ['logs', 'deposit'] as const,
  withdrawLog: ['logs', 'withdraw'] as const,
  transferLog: ['logs', 'transfer'] as const,
  details: ['details'] as const,
  depositDetail: (id: string) => ['details', 'deposit', id] as const,
  withdrawDetail: (id: string) => ['details', 'withdraw', id] as const,
  transferDetail: (id: string) => ['details', 'transfer', id] as const,
  balances: ['balances'] as const,
  walletActivity: (page: number) => ['balances', 'activity', page] as const,
};

/**
 * After money moved (a deposit, withdrawal or transfer request): refetch what it may have
 * changed, that is the user (balance, amount on hold), balances, settings, logs and details.
 */
export function invalidateAfterMoneyMoved(queryClient: QueryClient): Promise<void> {
  const prefixes = [
    queryKeys.user,
    queryKeys.balances,
    queryKeys.siteSetting,
    queryKeys.logs,
    queryKeys.details,
  ];
  return Promise.all(prefixes.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}

/** The signed-in user (GET /api/getUserById). */
export const userQuery = queryOptions({
  queryKey: queryKeys.user,
  queryFn: async ({ signal }) =>
    (await api.get('/getUserById', UserResponse, { signal, retries: 0 })).user,
});

export function useUser({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userQuery, enabled });
}

/** The signed-in admin's own account; the same endpoint answers with the admin's token. */
export function useAdminProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.adminProfile,
    queryFn: async ({ signal }) =>
      (await api.get('/getUserById', UserResponse, { signal, retries: 0, auth: 'admin' })).user,
    enabled,
  });
}

/**
 * Public site settings (support links, transfer rules). Asked without a token: the answer is
 * the same for everyone, and a stale token must not turn it into a 401.
 */
export function useSiteSetting() {
  return useQuery({
    queryKey: queryKeys.siteSetting,
    queryFn: async ({ signal }) =>
      (await api.get('/getSiteSetting', SiteSettingResponse, { signal, retries: 0, auth: 'none' }))
        .setting,
    staleTime: 5 * 60_000,
  });
}

/** The listed coins' symbols (GET /api/getCoinList). */
export function useCoinList({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.coinList,
    queryFn: ({ signal }) =>
      api.get('/getCoinList', CoinList, { signal, retries: 0, auth: 'none' }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/**
 * The runtime configuration (GET /api/config, no token): where the market worker reads
 * prices, and the trading rules.
 */
export function useAppConfig({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.appConfig,
    queryFn: ({ signal }) => api.get('/config', AppConfig, { signal, retries: 0, auth: 'none' }),
    staleTime: 5 * 60_000,
    enabled,
  });
}
