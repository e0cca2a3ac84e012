import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type {
  AdminAdjustmentRequest,
  AdminAdjustmentResult,
  AdminAdjustmentResponse,
} from '../../common/contract';
import { ApiError } from '../services/api-error';
import { adjustmentMachine, type Adjusted, type AdjustmentFailure } from './adjustment.machine';
import { fakeSubmission } from '../testing/fake-submission';

const request: AdminAdjustmentRequest = { amount: '25.000000', reason: 'Refund of a fee' };

/** Starts the machine with a fake call answering `replies` in order. */
function start(replies: (AdminAdjustmentResult | Error)[]) {
  const { submission, sends } = fakeSubmission<
    AdminAdjustmentRequest,
    AdminAdjustmentResult,
    AdjustmentFailure
  >(replies);
  const logic = adjustmentMachine.provide({ actors: { submission } });
  const actor = createActor(logic);
  const adjusted: Adjusted[] = [];
  actor.on('adjusted', (event) => adjusted.push(event));
  actor.start();
  const confirm = (adjustment: AdminAdjustmentRequest) => {
    actor.send({ type: 'REVIEW', request: adjustment });
    actor.send({ type: 'CONFIRM' });
  };
  const settled = () => waitFor(actor, (s) => s.matches('editing'));
  return { actor, sends, adjusted, confirm, settled };
}

/** A posted adjustment, as far as this machine reads it. */
const posted = { adjustment: { amount: '25.000000' } } as AdminAdjustmentResponse;

describe('adjustment machine', () => {
  it('reviews, then sends the adjustment once with a key and says so', async () => {
    const t = start([posted]);
    t.actor.send({ type: 'REVIEW', request });
    expect(t.actor.getSnapshot().matches('reviewing')).toBe(true);
    t.actor.send({ type: 'CANCEL' });
    expect(t.sends).toEqual([]);
    t.confirm(request);
    expect(t.actor.getSnapshot().matches('submitting')).toBe(true);
    await t.settled();
    expect(t.sends).toHaveLength(1);
    expect(t.adjusted).toEqual([{ type: 'adjusted', answer: posted }]);
    expect(t.actor.getSnapshot().context).toMatchObject({ attempt: null, answer: posted });
  });

  it('keeps the key after a lost answer: the same adjustment confirmed again reuses it', async () => {
    const t = start([new ApiError({ status: 0 }), posted, posted]);
    t.confirm(request);
    await t.settled();
    const failure = t.actor.getSnapshot().context.failure;
    expect(failure).toMatchObject({ lostAnswer: true, retryable: false });
    // An edit clears the failure but not the key: only the figures decide.
    t.actor.send({ type: 'EDIT' });
    expect(t.actor.getSnapshot().context.failure).toBeNull();
    t.confirm({ ...request });
    await waitFor(t.actor, (s) => s.context.answer !== null);
    expect(t.sends[1]?.idempotencyKey).toBe(t.sends[0]?.idempotencyKey);
    // After a success the same figures are a new adjustment.
    t.confirm({ ...request });
    await waitFor(t.actor, () => t.adjusted.length === 2);
    expect(t.sends[2]?.idempotencyKey).not.toBe(t.sends[0]?.idempotencyKey);
  });

  it('makes a new key for different figures, and names the refused field', async () => {
    const refusal = new ApiError({
      status: 400,
      code: 'field',
      field: 'reason',
      serverMessage: 'Reason too short',
    });
    const t = start([refusal, posted]);
    t.confirm(request);
    await t.settled();
    expect(t.actor.getSnapshot().context.failure).toMatchObject({
      field: 'reason',
      lostAnswer: false,
    });
    t.confirm({ ...request, reason: 'Refund of the fee' });
    await waitFor(t.actor, (s) => s.context.answer !== null);
    expect(t.sends[1]?.idempotencyKey).not.toBe(t.sends[0]?.idempotencyKey);
  });
});
