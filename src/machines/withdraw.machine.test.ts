import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  IDEMPOTENCY_KEY_PATTERN,
  type CreateWithdrawRequest,
  type Withdraw,
} from '../../common/contract';
import { ApiError } from '../services/api-error';
import type { WalletNotice } from './submission';
import { fakeSubmission } from '../testing/fake-submission';
import { submissionWith, type SubmitAttempt } from './submission.machine';
import { withdrawMachine } from './withdraw.machine';

const request: CreateWithdrawRequest = {
  gatWay: 'method-1',
  amount: '100.000000',
  paymentAddress: 'TXYZ-address',
  needToPay: '98.000000',
  charge: '2.000000',
};

const withdraw: Withdraw = {
  _id: 'wd-1',
  gateway: 'Tether',
  gatewayType: 'trc20',
  currency: 'USDT',
  amount: '100.000000',
  fee: '2.000000',
  needToPay: '98.000000',
  charge: '2.000000',
  coinConversion: '98.00000000',
  conversionRate: '1.000000',
  paymentAddress: 'TXYZ-address',
  status: 'Pending',
  transactionHash: null,
  reason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  decidedAt: null,
};

function startWithdraw(replies: readonly (Withdraw | Error)[]) {
  const { submission, sends } = fakeSubmission<CreateWithdrawRequest, Withdraw>(replies);
  const goToResult = vi.fn();
  const actor = createActor(
    withdrawMachine.provide({
      actors: { submission },
      actions: { refreshWalletData: () => undefined, goToResult: (_, { id }) => goToResult(id) },
    }),
  );
  actor.start();
  return { actor, sends, goToResult };
}

describe('withdraw machine', () => {
  it('sends nothing from the form: SUBMIT is refused, REVIEW only opens the review', () => {
    const { actor, sends } = startWithdraw([withdraw]);
    actor.send({ type: 'SUBMIT', request });
    expect(actor.getSnapshot().value).toBe('form');
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('form');
    actor.send({ type: 'REVIEW', request });
    expect(actor.getSnapshot().value).toBe('reviewing');
    expect(actor.getSnapshot().context.request).toEqual(request);
    expect(sends).toHaveLength(0);
  });

  it('cancel goes back to the form with the request kept, and sends nothing', () => {
    const { actor, sends } = startWithdraw([withdraw]);
    actor.send({ type: 'REVIEW', request });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('form');
    expect(actor.getSnapshot().context.request).toEqual(request);
    expect(sends).toHaveLength(0);
  });

  it('confirm sends the reviewed request once, with one idempotency key', async () => {
    const { actor, sends, goToResult } = startWithdraw([withdraw]);
    actor.send({ type: 'REVIEW', request });
    actor.send({ type: 'CONFIRM' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(sends).toHaveLength(1);
    expect(sends[0]?.request).toEqual(request);
    expect(sends[0]?.idempotencyKey).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(goToResult).toHaveBeenCalledTimes(1);
  });

  it('after a failure, cancel and confirm the same request again reuse its key', async () => {
    const { actor, sends } = startWithdraw([new ApiError({ status: 503 }), withdraw]);
    actor.send({ type: 'REVIEW', request });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ submitting: 'failed' }));
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('form');
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: 'REVIEW', request });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(sends).toHaveLength(2);
    expect(sends[1]?.idempotencyKey).toBe(sends[0]?.idempotencyKey);
  });

  it('an edit after a cancelled failure makes the next confirmation a new action', async () => {
    const { actor, sends } = startWithdraw([new ApiError({ status: 503 }), withdraw]);
    actor.send({ type: 'REVIEW', request });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ submitting: 'failed' }));
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'REVIEW', request });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(sends[1]?.idempotencyKey).not.toBe(sends[0]?.idempotencyKey);
  });

  it('retries with the same key, and says so with the withdraw texts', async () => {
    const calls: SubmitAttempt<CreateWithdrawRequest>[] = [];
    const goToResult = vi.fn();
    const notices: WalletNotice[] = [];
    const actor = createActor(
      withdrawMachine.provide({
        actors: {
          submission: submissionWith(async (attempt) => {
            calls.push(attempt);
            if (calls.length === 1) throw new ApiError({ status: 503 });
            return withdraw;
          }),
        },
        actions: { refreshWalletData: () => undefined, goToResult: (_, { id }) => goToResult(id) },
      }),
    );
    actor.on('notice', (event) => notices.push(event));
    actor.start();
    actor.send({ type: 'REVIEW', request });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ submitting: 'failed' }));
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(calls.map((call) => call.idempotencyKey)).toEqual([
      calls[0]?.idempotencyKey,
      calls[0]?.idempotencyKey,
    ]);
    expect(calls[0]?.idempotencyKey).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(goToResult).toHaveBeenCalledWith('wd-1');
    expect(notices.map((n) => n.message.message)).toEqual([
      'Failed to submit Withdraw. Please try again.',
      'Withdraw request submitted!',
    ]);
  });
});
