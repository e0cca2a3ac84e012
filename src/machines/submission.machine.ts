import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { SubmitFailure } from '../services/error-messages';
import { newIdempotencyKey } from '../services/idempotency';
import { notProvided } from './submission';

/**
 * Sending one confirmed request with its idempotency key: the one submit-and-retry flow of
 * the app, invoked as a child (id `submission`) by every form that moves money (deposit,
 * withdraw, transfer, trade, the console's balance adjustment).
 *
 * sending → sent (final: the output is the result and the attempt) | failed. The key is made
 * once, when the child starts: the same request confirmed again (the parent passes its last
 * attempt as `previous`) reuses its key, so the server applies it at most once; a different
 * request gets a new key. In `failed` the child tells its parent (`submission.failed`, with
 * the attempt, which the parent keeps for a later confirmation after this child is gone) and
 * waits: RETRY, only when the failure says the same request may pass, sends it again with
 * the same key. The parent supplies the call as the `send` actor (`submissionWith`).
 */

/** A flat request body: strings and numbers only, compared field by field. */
export type RequestFields = Record<string, string | number | undefined>;

/** The request being sent and the idempotency key that belongs to it. */
export interface SubmitAttempt<TRequest extends RequestFields> {
  request: TRequest;
  idempotencyKey: string;
}

/** What every failure says, so that the child knows whether to take RETRY. */
export interface RetryableFailure {
  /** Whether sending the same request again may succeed (no answer, busy server). */
  retryable: boolean;
}

export interface SubmissionInput<
  TRequest extends RequestFields,
  TFailure extends RetryableFailure,
> {
  request: TRequest;
  /** The parent's last attempt (a failed one), or null: the same request reuses its key. */
  previous: SubmitAttempt<TRequest> | null;
  /** The parent's texts for a failure ('Failed to submit deposit.' and the reason). */
  describeFailure: (error: unknown) => TFailure;
}

export interface SubmissionOutput<TRequest extends RequestFields, TResult> {
  result: TResult;
  attempt: SubmitAttempt<TRequest>;
}

/** The child tells its parent that the request failed, and with which key. */
export interface SubmissionFailed<
  TRequest extends RequestFields,
  TFailure extends RetryableFailure = SubmitFailure,
> {
  type: 'submission.failed';
  failure: TFailure;
  attempt: SubmitAttempt<TRequest>;
}

export interface SubmissionContext<TRequest extends RequestFields, TResult, TFailure> {
  /** Made once, when the child starts: every send of this child carries its key. */
  attempt: SubmitAttempt<TRequest>;
  describeFailure: (error: unknown) => TFailure;
  failure: TFailure | null;
  /** The answer, once sent: the output's result. */
  result: TResult | null;
}

function sameFields(a: RequestFields, b: RequestFields): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}

/**
 * The attempt for confirming `request`: the previous attempt when it is the same request
 * (the user confirms the same action again, e.g. after a time-out), else a new key.
 */
function attemptFor<TRequest extends RequestFields>(
  previous: SubmitAttempt<TRequest> | null,
  request: TRequest,
): SubmitAttempt<TRequest> {
  if (previous && sameFields(previous.request, request)) return previous;
  return { request, idempotencyKey: newIdempotencyKey() };
}

/**
 * The submission machine, typed for one parent's request, answer and failure (the same
 * machine for all; the types only follow the parent's call).
 */
export function createSubmissionMachine<
  TRequest extends RequestFields,
  TResult,
  TFailure extends RetryableFailure = SubmitFailure,
>() {
  return setup({
    types: {
      context: {} as SubmissionContext<TRequest, TResult, TFailure>,
      events: {} as { type: 'RETRY' },
      input: {} as SubmissionInput<TRequest, TFailure>,
      output: {} as SubmissionOutput<TRequest, TResult>,
    },
    actors: {
      send: fromPromise<TResult, SubmitAttempt<TRequest>>(async () =>
        notProvided('submission', 'send'),
      ),
    },
    actions: {
      tellParent: sendParent(({ context }): SubmissionFailed<TRequest, TFailure> => {
        if (!context.failure) throw new Error('submission failed without a failure');
        return { type: 'submission.failed', failure: context.failure, attempt: context.attempt };
      }),
    },
    guards: {
      retryable: ({ context }) => context.failure?.retryable === true,
    },
  }).createMachine({
    id: 'submission',
    context: ({ input }) => ({
      attempt: attemptFor(input.previous, input.request),
      describeFailure: input.describeFailure,
      failure: null,
      result: null,
    }),
    initial: 'sending',
    states: {
      sending: {
        entry: assign({ failure: null }),
        invoke: {
          src: 'send',
          input: ({ context }) => context.attempt,
          onDone: { target: 'sent', actions: assign({ result: ({ event }) => event.output }) },
          onError: {
            target: 'failed',
            actions: assign({
              failure: ({ context, event }) => context.describeFailure(event.error),
            }),
          },
        },
      },
      sent: { type: 'final' },
      failed: {
        entry: 'tellParent',
        on: { RETRY: { guard: 'retryable', target: 'sending' } },
      },
    },
    output: ({ context }) => {
      if (context.result === null) throw new Error('submission sent without a result');
      return { result: context.result, attempt: context.attempt };
    },
  });
}

/**
 * The submission machine with its call: what a view passes to a parent machine as its
 * `submission` actor (`parentMachine.provide({ actors: { submission: submissionWith(...) } })`).
 */
export function submissionWith<
  TRequest extends RequestFields,
  TResult,
  TFailure extends RetryableFailure = SubmitFailure,
>(send: (attempt: SubmitAttempt<TRequest>) => Promise<TResult>) {
  return createSubmissionMachine<TRequest, TResult, TFailure>().provide({
    actors: { send: fromPromise(({ input }) => send(input)) },
  });
}
