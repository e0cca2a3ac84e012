import { describe, expect, it } from 'vitest';
import { assign, createActor, sendTo, setup, waitFor } from 'xstate';
import { IDEMPOTENCY_KEY_PATTERN } from '../../common/contract';
import { ApiError } from '../services/api-error';
import { newIdempotencyKey } from '../services/idempotency';
import {
  createSubmissionMachine,
  type SubmissionFailed,
  type SubmissionInput,
  type SubmissionOutput,
  type SubmitAttempt,
} from './submission.machine';
import { fakeSubmission } from '../testing/fake-submission';

interface Request {
  [field: string]: string;
  amount: string;
  receiver: string;
}
interface Failure {
  text: string;
  retryable: boolean;
}
type Result = { _id: string };

const request: Request = { amount: '10.000000', receiver: 'bob' };

/** Transient failures may be retried; anything else needs a change first. */
function describeFailure(error: unknown): Failure {
  const retryable = error instanceof ApiError && (error.status === 0 || error.status >= 500);
  return { text: error instanceof Error ? error.message : 'unknown', retryable };
}

/** A parent as the app's machines are: it invokes the child, keeps what it reports, forwards RETRY. */
const host = setup({
  types: {
    context: {} as {
      input: SubmissionInput<Request, Failure>;
      failures: SubmissionFailed<Request, Failure>[];
      output: SubmissionOutput<Request, Result> | null;
    },
    events: {} as SubmissionFailed<Request, Failure> | { type: 'RETRY' },
    input: {} as SubmissionInput<Request, Failure>,
  },
  actors: { submission: createSubmissionMachine<Request, Result, Failure>() },
}).createMachine({
  context: ({ input }) => ({ input, failures: [], output: null }),
  invoke: {
    id: 'submission',
    src: 'submission',
    input: ({ context }) => context.input,
    onDone: { actions: assign({ output: ({ event }) => event.output }) },
  },
  on: {
    'submission.failed': {
      actions: assign({ failures: ({ context, event }) => [...context.failures, event] }),
    },
    RETRY: { actions: sendTo('submission', { type: 'RETRY' }) },
  },
});

/** Starts the host with a fake call answering `replies` in order. */
function start(replies: (Result | Error)[], previous: SubmitAttempt<Request> | null = null) {
  const { submission, sends } = fakeSubmission<Request, Result, Failure>(replies);
  const logic = host.provide({ actors: { submission } });
  const actor = createActor(logic, { input: { request, previous, describeFailure } }).start();
  const child = () => actor.getSnapshot().children.submission?.getSnapshot();
  return { actor, sends, child };
}

/** Lets the fake call's promise settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('submission machine', () => {
  it('sends the request with a new key and ends with the result and the attempt', async () => {
    const t = start([{ _id: 'rec-1' }]);
    await waitFor(t.actor, (s) => s.context.output !== null);
    expect(t.sends).toHaveLength(1);
    expect(t.sends[0]?.request).toEqual(request);
    expect(t.sends[0]?.idempotencyKey).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(t.actor.getSnapshot().context.output).toEqual({
      result: { _id: 'rec-1' },
      attempt: t.sends[0],
    });
    expect(t.actor.getSnapshot().context.failures).toEqual([]);
  });

  it('tells the parent about a failure, with the attempt, and retries it with the same key', async () => {
    const t = start([new ApiError({ status: 0 }), { _id: 'rec-1' }]);
    await waitFor(t.actor, (s) => s.context.failures.length === 1);
    const [failed] = t.actor.getSnapshot().context.failures;
    expect(failed?.failure).toEqual({ text: expect.any(String), retryable: true });
    expect(failed?.attempt).toEqual(t.sends[0]);
    expect(t.child()?.value).toBe('failed');

    t.actor.send({ type: 'RETRY' });
    await waitFor(t.actor, (s) => s.context.output !== null);
    expect(t.sends).toHaveLength(2);
    expect(t.sends[1]).toEqual(t.sends[0]);
    expect(t.actor.getSnapshot().context.output?.attempt).toEqual(t.sends[0]);
  });

  it('reuses the previous attempt for the same request', async () => {
    const previous = { request: { ...request }, idempotencyKey: newIdempotencyKey() };
    const t = start([{ _id: 'rec-1' }], previous);
    await waitFor(t.actor, (s) => s.context.output !== null);
    expect(t.sends[0]?.idempotencyKey).toBe(previous.idempotencyKey);
  });

  it('makes a new key when the request differs from the previous attempt', async () => {
    const previous = {
      request: { ...request, amount: '11.000000' },
      idempotencyKey: newIdempotencyKey(),
    };
    const t = start([{ _id: 'rec-1' }], previous);
    await waitFor(t.actor, (s) => s.context.output !== null);
    expect(t.sends[0]?.request).toEqual(request);
    expect(t.sends[0]?.idempotencyKey).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(t.sends[0]?.idempotencyKey).not.toBe(previous.idempotencyKey);
  });

  it('refuses RETRY after a failure that a plain retry cannot change', async () => {
    const t = start([new ApiError({ status: 422, code: 'insufficient_funds' }), { _id: 'rec-1' }]);
    await waitFor(t.actor, (s) => s.context.failures.length === 1);
    expect(t.actor.getSnapshot().context.failures[0]?.failure.retryable).toBe(false);
    t.actor.send({ type: 'RETRY' });
    await settle();
    expect(t.sends).toHaveLength(1);
    expect(t.child()?.value).toBe('failed');
    expect(t.actor.getSnapshot().context.output).toBeNull();
  });
});
