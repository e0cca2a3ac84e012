import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  IDEMPOTENCY_KEY_PATTERN,
  type CreateDepositRequest,
  type Deposit,
} from '../../common/contract';
import { ApiError } from '../services/api-error';
import { depositMachine } from './deposit.machine';
import type { WalletNotice } from './submission';
import { fakeSubmission } from '../testing/fake-submission';

const request: CreateDepositRequest = {
  gatWay: 'method-1',
  amount: '25.000000',
  coinConversion: '25.00000000',
  transactionScreenshot: '/files/proof.png',
};

const deposit: Deposit = {
  _id: 'dep-1',
  gateway: 'Tether',
  gatewayType: 'trc20',
  currency: 'USDT',
  amount: '25.000000',
  coinConversion: '25.00000000',
  conversionRate: '1.000000',
  transactionScreenshot: null,
  transactionId: 'DEP-1',
  status: 'Pending',
  reason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  decidedAt: null,
};

type Reply = Deposit | Error;

/** Starts the machine with a fake call that answers `replies` in order. */
function start(replies: Reply[]) {
  const { submission, sends: calls } = fakeSubmission<CreateDepositRequest, Deposit>(replies);
  const goToResult = vi.fn();
  const refreshWalletData = vi.fn();
  const logic = depositMachine.provide({
    actors: {
      submission,
    },
    actions: {
      refreshWalletData: () => refreshWalletData(),
      goToResult: (_, { id }) => goToResult(id),
    },
  });
  const actor = createActor(logic);
  const notices: WalletNotice[] = [];
  actor.on('notice', (event) => notices.push(event));
  actor.start();
  return { actor, calls, goToResult, refreshWalletData, notices };
}

const networkError = () => new ApiError({ status: 0 });

describe('deposit machine', () => {
  it('sends the request with a fresh key, then refreshes, says so and opens the result', async () => {
    const { actor, calls, goToResult, refreshWalletData, notices } = start([deposit]);
    actor.send({ type: 'SUBMIT', request });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.request).toEqual(request);
    expect(calls[0]?.idempotencyKey).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(refreshWalletData).toHaveBeenCalledTimes(1);
    expect(goToResult).toHaveBeenCalledWith('dep-1');
    expect(notices.map((n) => [n.tone, n.message.message])).toEqual([
      ['success', 'Deposit submitted!'],
    ]);
  });

  it('reuses the same key when retrying after a failure', async () => {
    const { actor, calls } = start([networkError(), deposit]);
    actor.send({ type: 'SUBMIT', request });
    await waitFor(actor, (s) => s.matches({ submitting: 'failed' }));
    expect(actor.getSnapshot().context.failure).toMatchObject({
      message: { message: 'Failed to submit deposit.' },
      retryable: true,
    });
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(calls).toHaveLength(2);
    expect(calls[1]?.idempotencyKey).toBe(calls[0]?.idempotencyKey);
    expect(calls[1]?.request).toEqual(calls[0]?.request);
  });

  it('reuses the key when the same request is submitted again, not for a changed one', async () => {
    const { actor, calls } = start([networkError(), networkError(), deposit]);
    actor.send({ type: 'SUBMIT', request });
    await waitFor(actor, (s) => s.matches({ submitting: 'failed' }));
    actor.send({ type: 'SUBMIT', request: { ...request } });
    await waitFor(actor, (s) => s.matches({ submitting: 'failed' }) && calls.length === 2);
    actor.send({ type: 'SUBMIT', request: { ...request, amount: '30.000000' } });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(calls[1]?.idempotencyKey).toBe(calls[0]?.idempotencyKey);
    expect(calls[2]?.idempotencyKey).not.toBe(calls[0]?.idempotencyKey);
  });

  it('drops the key on EDIT: the next submit is a new action with a new key', async () => {
    const { actor, calls } = start([networkError(), deposit]);
    actor.send({ type: 'SUBMIT', request });
    await waitFor(actor, (s) => s.matches({ submitting: 'failed' }));
    actor.send({ type: 'EDIT' });
    expect(actor.getSnapshot().matches('form')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ attempt: null, failure: null });
    actor.send({ type: 'SUBMIT', request });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(calls[1]?.idempotencyKey).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(calls[1]?.idempotencyKey).not.toBe(calls[0]?.idempotencyKey);
  });

  it('keeps the translated reason of a refusal, which a plain retry cannot change', async () => {
    const refusal = new ApiError({
      status: 422,
      code: 'insufficient_funds',
      serverMessage: 'Insufficient funds',
    });
    const { actor, calls, notices } = start([refusal]);
    actor.send({ type: 'SUBMIT', request });
    await waitFor(actor, (s) => s.matches({ submitting: 'failed' }));
    const failure = actor.getSnapshot().context.failure;
    expect(failure?.retryable).toBe(false);
    expect(typeof failure?.reason).toBe('object');
    expect(notices.at(-1)).toMatchObject({ tone: 'error' });
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().matches({ submitting: 'failed' })).toBe(true);
    expect(calls).toHaveLength(1);
  });
});
