import { useQuery, type QueryClient } from '@tanstack/react-query';
import { LOG_POLL_INTERVAL_MS } from '../../common/rules';
import { fetchKycDetails } from './kyc-api';
import { queryKeys } from './queries';

/** Under `details`, so invalidating every detail refreshes the KYC request too. */
export const kycDetailsKey = [...queryKeys.details, 'kyc'] as const;

/**
 * The user's newest KYC request (null when none). docs/product.md §2 /kyc/log: refreshed every 10 s
 * while on screen; the form asks once (`poll: false`), for a rejection's reason.
 */
export function useKycDetails({ poll = true }: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: kycDetailsKey,
    queryFn: ({ signal }) => fetchKycDetails(signal),
    refetchInterval: poll ? LOG_POLL_INTERVAL_MS : false,
  });
}

/** After a KYC submission: the user (now pending) and the request itself. */
export function invalidateAfterKyc(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [queryKeys.user, kycDetailsKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}
