import { useQuery } from '@tanstack/react-query';
import { CoinList, SiteSettingResponse, UserResponse } from '../../common/contract';
import { api } from './api-client';

/**
 * Query keys in one place, so mutations can invalidate users, balances, settings, logs and
 * details by name.
 */
export const queryKeys = {
  user: ['user'] as const,
  adminProfile: ['admin', 'profile'] as const,
  siteSetting: ['siteSetting'] as const,
  coinList: ['coinList'] as const,
};

/** The signed-in user (GET /api/getUserById). */
export function useUser({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.user,
    queryFn: async ({ signal }) =>
      (await api.get('/getUserById', UserResponse, { signal, retries: 0 })).user,
    enabled,
  });
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
export function useCoinList() {
  return useQuery({
    queryKey: queryKeys.coinList,
    queryFn: ({ signal }) =>
      api.get('/getCoinList', CoinList, { signal, retries: 0, auth: 'none' }),
    staleTime: 5 * 60_000,
  });
}
