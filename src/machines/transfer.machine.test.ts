import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { IDEMPOTENCY_KEY_PATTERN, type PayIdUser, type Transfer } from '../../common/contract';
import { PAY_ID_LOOKUP_DEBOUNCE_MS } from '../../common/rules';
import { ApiError } from '../services/api-error';
import type { WalletNotice } from './submission';
import { fakeSubmission } from '../testing/fake-submission';
import { transferMachine, type TransferRequest } from './transfer.machine';
import { withFakeTimersPerTest } from '../testing/fake-timers';

const OWN_PAY_ID = '11111111';
const BOB_PAY_ID = '22222222';
const bob: PayIdUser = { _id: 'user-bob', username: 'bob', fullName: 'Bob Schneider' };

const draft: TransferRequest = {
  amount: '100.000000',
  receivePId: BOB_PAY_ID,
  needToPay: '99.000000',
  chargeAmount: '1.000000',
};

const transfer: Transfer = {
  _id: 'tr-1',
  amount: '100.000000',
  receivePId: BOB_PAY_ID,
  needToPay: '99.000000',
  chargeAmount: '1.000000',
  senderPId: OWN_PAY_ID,
  senderUsername: 'alice',
  senderUserId: { _id: 'user-alice' },
  receiverUsername: 'bob',
  receiverUserId: { _id: 'user-bob' },
  status: 'Completed',
  createdAt: '2026-01-01T00:00:00.000Z',
};

interface Fakes {
  /** Answers of the Pay ID lookup, by Pay ID; unknown ones are "not found". */
  members?: Record<string, PayIdUser>;
  lookupError?: Error;
  /** Answers of createTransfer in order. */
  replies?: (Transfer | Error)[];
}

/** Lets pending promise callbacks run while the clock stands still. */
const settle = () => vi.advanceTimersByTimeAsync(0);

function start(fakes: Fakes = {}) {
  const lookups: string[] = [];
  const { submission, sends } = fakeSubmission<TransferRequest, Transfer>(
    fakes.replies ?? [transfer],
  );
  const goToResult = vi.fn();
  const logic = transferMachine.provide({
    actors: {
      lookupPayId: fromPromise(async ({ input }) => {
        lookups.push(input.payId);
        if (fakes.lookupError) throw fakes.lookupError;
        return (fakes.members ?? { [BOB_PAY_ID]: bob })[input.payId] ?? null;
      }),
      submission,
    },
    actions: {
      refreshWalletData: () => undefined,
      goToResult: (_, { id }) => goToResult(id),
    },
  });
  const actor = createActor(logic, { input: { ownPayId: OWN_PAY_ID } });
  const notices: WalletNotice[] = [];
  actor.on('notice', (event) => notices.push(event));
  actor.start();
  const state = () => actor.getSnapshot();
  return { actor, state, lookups, sends, goToResult, notices };
}

/** Types Bob's Pay ID and waits for the lookup to find him. */
async function findBob(t: ReturnType<typeof start>) {
  t.actor.send({ type: 'PAY_ID_CHANGED', payId: BOB_PAY_ID });
  await vi.advanceTimersByTimeAsync(PAY_ID_LOOKUP_DEBOUNCE_MS);
  expect(t.state().matches({ lookup: 'found' })).toBe(true);
}

/** Confirms the reviewed transfer and lets the fake call answer. */
async function confirm(t: ReturnType<typeof start>) {
  t.actor.send({ type: 'CONFIRM' });
  await settle();
}

describe('transfer machine', () => {
  withFakeTimersPerTest();

  it('looks the Pay ID up once typing pauses, with the last value only', async () => {
    const t = start();
    t.actor.send({ type: 'PAY_ID_CHANGED', payId: '2222' });
    await vi.advanceTimersByTimeAsync(PAY_ID_LOOKUP_DEBOUNCE_MS - 100);
    t.actor.send({ type: 'PAY_ID_CHANGED', payId: '222222' });
    await vi.advanceTimersByTimeAsync(PAY_ID_LOOKUP_DEBOUNCE_MS - 100);
    t.actor.send({ type: 'PAY_ID_CHANGED', payId: ` ${BOB_PAY_ID} ` });
    await vi.advanceTimersByTimeAsync(PAY_ID_LOOKUP_DEBOUNCE_MS - 1);
    expect(t.lookups).toEqual([]);
    expect(t.state().matches({ lookup: 'debouncing' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.lookups).toEqual([BOB_PAY_ID]);
    expect(t.state().matches({ lookup: 'found' })).toBe(true);
    expect(t.state().context.receiver).toEqual(bob);
  });

  it('says not found for an unknown Pay ID, and for a malformed one without asking', async () => {
    const t = start();
    t.actor.send({ type: 'PAY_ID_CHANGED', payId: '33333333' });
    await vi.advanceTimersByTimeAsync(PAY_ID_LOOKUP_DEBOUNCE_MS);
    expect(t.state().matches({ lookup: 'notFound' })).toBe(true);
    t.actor.send({ type: 'PAY_ID_CHANGED', payId: 'abc' });
    await vi.advanceTimersByTimeAsync(PAY_ID_LOOKUP_DEBOUNCE_MS);
    expect(t.state().matches({ lookup: 'notFound' })).toBe(true);
    expect(t.lookups).toEqual(['33333333']);
  });

  it("refuses the user's own Pay ID locally: no lookup, no dialog", async () => {
    const t = start();
    t.actor.send({ type: 'PAY_ID_CHANGED', payId: OWN_PAY_ID });
    await vi.advanceTimersByTimeAsync(PAY_ID_LOOKUP_DEBOUNCE_MS * 2);
    expect(t.state().matches({ lookup: 'self' })).toBe(true);
    expect(t.lookups).toEqual([]);
    t.actor.send({ type: 'REVIEW', draft: { ...draft, receivePId: OWN_PAY_ID } });
    expect(t.state().matches({ flow: 'editing' })).toBe(true);
  });

  it('opens the dialog only for the Pay ID in the field', async () => {
    const t = start();
    await findBob(t);
    t.actor.send({ type: 'REVIEW', draft: { ...draft, receivePId: '99999999' } });
    expect(t.state().matches({ flow: 'editing' })).toBe(true);
    t.actor.send({ type: 'REVIEW', draft });
    expect(t.state().matches({ flow: 'confirming' })).toBe(true);
    t.actor.send({ type: 'CANCEL' });
    expect(t.state().matches({ flow: 'editing' })).toBe(true);
  });

  it('keeps Confirm & Send disabled until the receiver is found', async () => {
    const t = start();
    t.actor.send({ type: 'PAY_ID_CHANGED', payId: BOB_PAY_ID });
    t.actor.send({ type: 'REVIEW', draft });
    expect(t.state().matches({ flow: 'confirming', lookup: 'debouncing' })).toBe(true);
    await confirm(t);
    expect(t.state().matches({ flow: 'confirming' })).toBe(true);
    expect(t.sends).toEqual([]);
    await vi.advanceTimersByTimeAsync(PAY_ID_LOOKUP_DEBOUNCE_MS);
    await confirm(t);
    expect(t.state().matches({ flow: 'submitted' })).toBe(true);
    expect(t.sends).toHaveLength(1);
    expect(t.sends[0]?.request).toEqual(draft);
    expect(t.sends[0]?.idempotencyKey).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(t.goToResult).toHaveBeenCalledWith('tr-1');
    expect(t.notices.map((n) => n.message.message)).toEqual(['Transfer request submitted!']);
  });

  it('retries with the same key; re-confirming the same figures after closing reuses it too', async () => {
    const t = start({
      replies: [new ApiError({ status: 0 }), new ApiError({ status: 0 }), transfer],
    });
    await findBob(t);
    t.actor.send({ type: 'REVIEW', draft });
    await confirm(t);
    expect(t.state().matches({ flow: { submitting: 'failed' } })).toBe(true);
    t.actor.send({ type: 'RETRY' });
    await settle();
    expect(t.state().matches({ flow: { submitting: 'failed' } })).toBe(true);
    t.actor.send({ type: 'CANCEL' });
    t.actor.send({ type: 'REVIEW', draft: { ...draft } });
    await confirm(t);
    expect(t.state().matches({ flow: 'submitted' })).toBe(true);
    const keys = t.sends.map((send) => send.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('makes a new key after the form is edited', async () => {
    const t = start({ replies: [new ApiError({ status: 0 }), transfer] });
    await findBob(t);
    t.actor.send({ type: 'REVIEW', draft });
    await confirm(t);
    t.actor.send({ type: 'EDIT' });
    expect(t.state().matches({ flow: 'editing' })).toBe(true);
    expect(t.state().context.attempt).toBeNull();
    t.actor.send({ type: 'REVIEW', draft });
    await confirm(t);
    expect(t.sends).toHaveLength(2);
    expect(t.sends[1]?.idempotencyKey).not.toBe(t.sends[0]?.idempotencyKey);
  });

  it('shows the translated reason when the server refuses, and does not offer a blind retry', async () => {
    const refusal = new ApiError({
      status: 422,
      code: 'figures_changed',
      serverMessage: 'changed',
    });
    const t = start({ replies: [refusal] });
    await findBob(t);
    t.actor.send({ type: 'REVIEW', draft });
    await confirm(t);
    const failure = t.state().context.failure;
    expect(failure?.message.message).toBe('Failed to submit Transfer. Please try again.');
    expect(failure?.reason).toMatchObject({ message: expect.stringContaining('amounts changed') });
    expect(failure?.retryable).toBe(false);
    t.actor.send({ type: 'RETRY' });
    await settle();
    expect(t.sends).toHaveLength(1);
  });

  it('looks up again on request after the lookup itself failed', async () => {
    const t = start({ lookupError: new ApiError({ status: 429 }) });
    t.actor.send({ type: 'PAY_ID_CHANGED', payId: BOB_PAY_ID });
    await vi.advanceTimersByTimeAsync(PAY_ID_LOOKUP_DEBOUNCE_MS);
    expect(t.state().matches({ lookup: 'failed' })).toBe(true);
    t.actor.send({ type: 'RETRY_LOOKUP' });
    await settle();
    expect(t.lookups).toEqual([BOB_PAY_ID, BOB_PAY_ID]);
  });
});
