import { useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { LOAD_ERROR_AFTER_FAILURES } from '../../common/rules';

/** What of a read's state decides what its screen shows (a `useQuery` result has it all). */
export interface ReadState {
  status: 'pending' | 'error' | 'success';
  failureCount: number;
  isFetching: boolean;
  /** The previous page's data, shown while the asked-for page loads (`keepPreviousData`). */
  isPlaceholderData: boolean;
}

export interface LoadView {
  /** Show the screen's error text and Try again instead of placeholders. */
  failed: boolean;
  /** A Try again is under way and has not failed twice yet: its button spins. */
  busy: boolean;
}

/**
 * A read failed for good, or is still waiting for its data (or its page) after
 * LOAD_ERROR_AFTER_FAILURES failed attempts. TanStack Query keeps such a read `pending`
 * while it retries (up to 31 s), so the screen decides by the count of failures: the error
 * shows after about a second, and a later retry that succeeds replaces it with the data.
 */
export function loadView(state: ReadState): LoadView {
  const waiting = state.status === 'pending' || state.isPlaceholderData;
  const failed =
    state.status === 'error' || (waiting && state.failureCount >= LOAD_ERROR_AFTER_FAILURES);
  return {
    failed,
    busy: failed && state.isFetching && state.failureCount < LOAD_ERROR_AFTER_FAILURES,
  };
}

/**
 * Try again: the read starts over now, with the full count of retries. A read still
 * retrying behind its error would otherwise only wait for its next attempt (up to 16 s
 * away), as TanStack Query's `refetch` joins a fetch under way; so that fetch is cancelled
 * first. A `useQuery` result does not carry its key: the query is found in the cache by its
 * latest failure, an object no other query holds.
 */
export async function retryRead(
  queryClient: QueryClient,
  failure: unknown,
  refetch: () => Promise<unknown>,
): Promise<void> {
  if (failure !== null && failure !== undefined) {
    await queryClient.cancelQueries({
      predicate: (query) => query.state.fetchFailureReason === failure,
    });
  }
  await refetch();
}

/** `loadView` of a query, and its Try again. */
export function useLoadView(
  query: UseQueryResult<unknown, unknown>,
): LoadView & { retry: () => void } {
  const queryClient = useQueryClient();
  const view = loadView(query);
  const failure = query.failureReason;
  return {
    ...view,
    retry: () => void retryRead(queryClient, failure, () => query.refetch()),
  };
}
