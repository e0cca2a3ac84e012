import {
  submissionWith,
  type RequestFields,
  type RetryableFailure,
  type SubmitAttempt,
} from '../machines/submission.machine';
import type { SubmitFailure } from '../services/error-messages';

/**
 * The reply a machine test's fake call gives to its `callCount`th call: `replies` answer in
 * order, an Error is thrown, and a call beyond them fails the test loudly.
 */
export function nthReply<T>(replies: readonly (T | Error)[], callCount: number): T {
  const reply = replies[callCount - 1];
  if (!reply) throw new Error('no reply configured');
  if (reply instanceof Error) throw reply;
  return reply;
}

/**
 * A `submission` child whose call answers `replies` in order, recording each attempt in
 * `sends` so that a test can compare the idempotency keys of its sends.
 */
export function fakeSubmission<
  TRequest extends RequestFields,
  TResult,
  TFailure extends RetryableFailure = SubmitFailure,
>(replies: readonly (TResult | Error)[]) {
  const sends: SubmitAttempt<TRequest>[] = [];
  const submission = submissionWith<TRequest, TResult, TFailure>(async (attempt) => {
    sends.push(attempt);
    return nthReply(replies, sends.length);
  });
  return { submission, sends };
}
