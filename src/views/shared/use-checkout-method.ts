import type { UseQueryResult } from '@tanstack/react-query';
import { mask, type Struct } from 'superstruct';
import { useHistoryState } from 'wouter/use-browser-location';

/**
 * The method a checkout is for. The list of methods is the truth once loaded (a method an
 * admin removed is gone, a changed rate is current); until then the method carried in the
 * navigation state shows at once. Either way the id in the path decides.
 */
export function useCheckoutMethod<TMethod extends { _id: string }, TState>(
  id: string,
  methods: UseQueryResult<TMethod[]>,
  toState: (method: TMethod) => TState,
  readState: (historyState: unknown) => TState | null,
): TState | null {
  const historyState: unknown = useHistoryState();
  if (methods.isSuccess) {
    const listed = methods.data.find((method) => method._id === id);
    return listed ? toState(listed) : null;
  }
  return readState(historyState);
}

/**
 * The navigation state when it has `schema`'s shape (extra keys dropped), else null: history
 * state is untrusted, as anything may have been stored under the same entry.
 */
export function readHistoryState<T>(historyState: unknown, schema: Struct<T>): T | null {
  try {
    return mask(historyState, schema);
  } catch {
    return null;
  }
}
