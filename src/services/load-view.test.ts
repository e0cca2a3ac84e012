import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { loadView, retryRead, type ReadState } from './load-view';

const read = (state: Partial<ReadState>): ReadState => ({
  status: 'pending',
  failureCount: 0,
  isFetching: true,
  isPlaceholderData: false,
  ...state,
});

describe('loadView', () => {
  it('shows placeholders while the first attempt is under way or has failed once', () => {
    expect(loadView(read({}))).toEqual({ failed: false, busy: false });
    expect(loadView(read({ failureCount: 1 }))).toEqual({ failed: false, busy: false });
  });

  it('shows the error after the second failed attempt, while the retries go on', () => {
    expect(loadView(read({ failureCount: 2 }))).toEqual({ failed: true, busy: false });
    expect(loadView(read({ failureCount: 5 }))).toEqual({ failed: true, busy: false });
  });

  it('shows the error once the read failed for good', () => {
    expect(loadView(read({ status: 'error', failureCount: 6, isFetching: false }))).toEqual({
      failed: true,
      busy: false,
    });
  });

  it('spins Try again while its fetch runs, until that has failed twice', () => {
    const retrying = read({ status: 'error', failureCount: 0, isFetching: true });
    expect(loadView(retrying)).toEqual({ failed: true, busy: true });
    expect(loadView({ ...retrying, failureCount: 1 })).toEqual({ failed: true, busy: true });
    expect(loadView({ ...retrying, failureCount: 2 })).toEqual({ failed: true, busy: false });
  });

  it('keeps showing loaded data while a refetch of it fails', () => {
    expect(loadView(read({ status: 'success', failureCount: 3 }))).toEqual({
      failed: false,
      busy: false,
    });
  });

  it("shows the error when the asked-for page failed twice, not the previous page's rows", () => {
    const nextPage = read({ status: 'success', isPlaceholderData: true });
    expect(loadView({ ...nextPage, failureCount: 1 }).failed).toBe(false);
    expect(loadView({ ...nextPage, failureCount: 2 }).failed).toBe(true);
  });
});

describe('Try again', () => {
  it('starts a read that is waiting for its next retry over at once', async () => {
    const queryClient = new QueryClient({
      // The second retry is a minute away: Try again must not wait for it.
      defaultOptions: { queries: { retry: 5, retryDelay: (index) => (index === 0 ? 0 : 60_000) } },
    });
    let calls = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['failing'],
      queryFn: () => {
        calls += 1;
        return Promise.reject(new Error(`attempt ${calls}`));
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().failureCount).toBe(2));
    expect(loadView(observer.getCurrentResult()).failed).toBe(true);

    // Not awaited: the new fetch, failing, retries too (its promise settles a minute later).
    void retryRead(queryClient, observer.getCurrentResult().failureReason, () =>
      observer.refetch(),
    );
    // At once the third attempt, and the fourth after its retry's first (0 s) delay.
    await vi.waitFor(() => expect(calls).toBe(4), { timeout: 1_000 });
    expect(observer.getCurrentResult().failureCount).toBe(2);
    unsubscribe();
    queryClient.clear();
  });
});
