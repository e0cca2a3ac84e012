import { QueryClient } from '@tanstack/react-query';
import { READ_RETRY_LIMIT, retryDelayMs } from '../../common/rules';
import { isRetryableError } from './api-error';

/** Data younger than this is served from the cache without a refetch. */
const STALE_TIME_MS = 10_000;

/**
 * The server-state cache. Reads are retried here (the hooks ask the HTTP client not to
 * retry, so the two never multiply): only failures that may pass, at most READ_RETRY_LIMIT
 * times, with delays doubling from 1 s up to 30 s. Writes are never retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        retry: (failureCount, error) => failureCount < READ_RETRY_LIMIT && isRetryableError(error),
        retryDelay: (attemptIndex) => retryDelayMs(attemptIndex),
      },
      mutations: { retry: false },
    },
  });
}
