import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { IDEMPOTENCY_KEY_PATTERN, type Trade } from '../../common/contract';
import { ApiError } from '../services/api-error';
import type { WalletNotice } from './submission';
import { submissionWith, type SubmitAttempt } from './submission.machine';
import { tradeMachine, type TradeRequest } from './trade.machine';
import type { TradeTerms } from './trade-terms';
import { withFakeTimersPerTest } from '../testing/fake-timers';

const terms: TradeTerms = {
  enabled: true,
  account: 'real',
  minAmount: '10.000000',
  maxAmount: '1000.000000',
  balance: '100.000000',
  durations: [
    { selectedTime: 'trade30Second', seconds: 30, payoutPercent: '80.000000' },
    { selectedTime: 'trade60Second', seconds: 60, payoutPercent: '82.000000' },
    { selectedTime: 'trade3Min', seconds: 180, payoutPercent: '85.000000' },
    { selectedTime: 'trade5Min', seconds: 300, payoutPercent: '88.000000' },
  ],
};

function tradeFor(request: TradeRequest, id = 'trade-1'): Trade {
  return {
    _id: id,
    coinType: request.coinType,
    tradeType: request.tradeType as Trade['tradeType'],
    tradeAmount: request.tradeAmount,
    coinPrice: '67000.12',
    selectedTime: request.selectedTime as Trade['selectedTime'],
    durationS: 30,
    payoutPercent: request.payoutPercent,
    tradeStatus: 'Pending',
    tradeResult: null,
    tradeAfterAmount: null,
    profit: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt: '2026-01-01T00:00:30.000Z',
    receipt: null,
  };
}

interface Fakes {
  /** Answers of createTrade in order; a request without an answer gets a trade. */
  replies?: (Error | 'ok')[];
  /** What loadTerms answers (after figures_changed). */
  reloadedTerms?: TradeTerms | Error;
  /** Answers of acknowledgeRisk in order; none left: it succeeds. */
  acknowledgements?: (Error | 'ok')[];
}

const settle = () => vi.advanceTimersByTimeAsync(0);

/** The English text of a failure's reason (a descriptor or the server's own text). */
const reasonOf = (reason: { message?: string } | string | null | undefined) =>
  typeof reason === 'string' ? reason : (reason?.message ?? null);

function start(fakes: Fakes = {}) {
  const sends: SubmitAttempt<TradeRequest>[] = [];
  const refreshes = vi.fn();
  const loads = vi.fn();
  const acknowledged = vi.fn();
  const logic = tradeMachine.provide({
    actors: {
      submission: submissionWith(async (attempt) => {
        sends.push(attempt);
        const reply = fakes.replies?.[sends.length - 1] ?? 'ok';
        if (reply instanceof Error) throw reply;
        return tradeFor(attempt.request, `trade-${sends.length}`);
      }),
      loadTerms: fromPromise(async () => {
        loads();
        const reloaded = fakes.reloadedTerms ?? terms;
        if (reloaded instanceof Error) throw reloaded;
        return reloaded;
      }),
      acknowledgeRisk: fromPromise(async () => {
        acknowledged();
        const reply = fakes.acknowledgements?.[acknowledged.mock.calls.length - 1] ?? 'ok';
        if (reply instanceof Error) throw reply;
      }),
    },
    actions: { refreshTradeData: refreshes },
  });
  const actor = createActor(logic, { input: { symbol: 'ETHUSDT' } });
  const notices: WalletNotice[] = [];
  actor.on('notice', (event) => notices.push(event));
  actor.start();
  const state = () => actor.getSnapshot();
  return { actor, state, sends, refreshes, loads, notices, acknowledged };
}

/** Terms loaded, 10 USDT typed, 30 s chosen, Buy tapped: the dialog is open. */
function review(t: ReturnType<typeof start>, amount = '10') {
  t.actor.send({ type: 'TERMS', terms });
  t.actor.send({ type: 'AMOUNT_CHANGED', text: amount });
  t.actor.send({ type: 'REVIEW', direction: 'buy' });
}

/** Confirms the reviewed trade and lets the fake call answer. */
async function confirm(t: ReturnType<typeof start>) {
  t.actor.send({ type: 'CONFIRM' });
  await settle();
}

describe('trade machine', () => {
  withFakeTimersPerTest();

  it('opens the dialog only for a valid form, with the figures to confirm', () => {
    const t = start();
    t.actor.send({ type: 'REVIEW', direction: 'buy' });
    expect(t.state().matches('editing')).toBe(true);

    t.actor.send({ type: 'TERMS', terms });
    t.actor.send({ type: 'AMOUNT_CHANGED', text: '5' });
    expect(t.state().context.showErrors).toBe(false);
    t.actor.send({ type: 'REVIEW', direction: 'buy' });
    expect(t.state().matches('editing')).toBe(true);
    expect(t.state().context.showErrors).toBe(true);

    t.actor.send({ type: 'AMOUNT_CHANGED', text: '12,5' });
    t.actor.send({ type: 'DURATION_CHANGED', selectedTime: 'trade3Min' });
    t.actor.send({ type: 'REVIEW', direction: 'sell' });
    expect(t.state().matches('confirming')).toBe(true);
    expect(t.state().context.draft).toEqual({
      coinType: 'ETHUSDT',
      tradeType: 'sell',
      tradeAmount: '12.500000',
      selectedTime: 'trade3Min',
      payoutPercent: '85.000000',
      account: 'real',
    });
  });

  it('sets an amount above the balance back to the balance', () => {
    const t = start();
    t.actor.send({ type: 'TERMS', terms });
    t.actor.send({ type: 'AMOUNT_CHANGED', text: '150' });
    expect(t.state().context.amount).toBe('100');
    expect(t.state().context.clamped).toBe(true);
    t.actor.send({ type: 'AMOUNT_CHANGED', text: '99' });
    expect(t.state().context.clamped).toBe(false);
  });

  it('does nothing while trading is turned off', () => {
    const t = start();
    t.actor.send({ type: 'TERMS', terms: { ...terms, enabled: false } });
    t.actor.send({ type: 'AMOUNT_CHANGED', text: '10' });
    t.actor.send({ type: 'REVIEW', direction: 'buy' });
    expect(t.state().matches('editing')).toBe(true);
    expect(t.sends).toEqual([]);
  });

  it('sends the confirmed figures with a key, refreshes, and is ready for the next trade', async () => {
    const t = start();
    review(t);
    t.actor.send({ type: 'CANCEL' });
    expect(t.state().matches('editing')).toBe(true);
    t.actor.send({ type: 'REVIEW', direction: 'buy' });
    t.actor.send({ type: 'CONFIRM' });
    expect(t.state().matches({ submitting: 'sending' })).toBe(true);
    await settle();
    expect(t.state().matches({ editing: 'placed' })).toBe(true);
    expect(t.sends).toHaveLength(1);
    expect(t.sends[0]?.request).toEqual({
      coinType: 'ETHUSDT',
      tradeType: 'buy',
      tradeAmount: '10.000000',
      selectedTime: 'trade30Second',
      payoutPercent: '80.000000',
      account: 'real',
    });
    expect(t.sends[0]?.idempotencyKey).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(t.refreshes).toHaveBeenCalledTimes(1);
    expect(t.state().context.lastTrade?._id).toBe('trade-1');
    expect(t.notices.map((n) => n.message.message)).toEqual(['Trade placed!']);

    // The same figures again are a new trade: a new key.
    t.actor.send({ type: 'REVIEW', direction: 'buy' });
    await confirm(t);
    expect(t.sends).toHaveLength(2);
    expect(t.sends[1]?.idempotencyKey).not.toBe(t.sends[0]?.idempotencyKey);
  });

  it('retries an unanswered request with the same key, also after closing and re-confirming', async () => {
    const t = start({ replies: [new ApiError({ status: 0 }), new ApiError({ status: 504 })] });
    review(t);
    await confirm(t);
    expect(t.state().matches({ submitting: 'failed' })).toBe(true);
    expect(t.state().context.failure?.message.message).toBe("Couldn't Create Trade...!");
    expect(t.state().context.failure?.retryable).toBe(true);
    t.actor.send({ type: 'RETRY' });
    await settle();
    expect(t.state().matches({ submitting: 'failed' })).toBe(true);
    t.actor.send({ type: 'CANCEL' });
    t.actor.send({ type: 'REVIEW', direction: 'buy' });
    await confirm(t);
    expect(t.state().matches({ editing: 'placed' })).toBe(true);
    const keys = t.sends.map((send) => send.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('makes a new key once the form was edited', async () => {
    const t = start({ replies: [new ApiError({ status: 0 })] });
    review(t);
    await confirm(t);
    t.actor.send({ type: 'CANCEL' });
    t.actor.send({ type: 'AMOUNT_CHANGED', text: '10' });
    t.actor.send({ type: 'REVIEW', direction: 'buy' });
    await confirm(t);
    expect(t.sends).toHaveLength(2);
    expect(t.sends[1]?.idempotencyKey).not.toBe(t.sends[0]?.idempotencyKey);
  });

  it("shows the server's reason: market data unavailable may be retried", async () => {
    const t = start({
      replies: [
        new ApiError({
          status: 503,
          code: 'market_unavailable',
          serverMessage: 'Market data unavailable',
        }),
      ],
    });
    review(t);
    await confirm(t);
    const failure = t.state().context.failure;
    expect(failure?.message.message).toBe("Couldn't Create Trade...!");
    expect(reasonOf(failure?.reason)).toBe('Market data unavailable');
    expect(failure?.retryable).toBe(true);
    expect(t.notices.map((n) => [n.tone, n.message.message])).toEqual([
      ['error', "Couldn't Create Trade...!"],
    ]);
    t.actor.send({ type: 'RETRY' });
    await settle();
    expect(t.state().matches({ editing: 'placed' })).toBe(true);
  });

  it('does not offer a retry for insufficient funds; the balance is refetched', async () => {
    const t = start({
      replies: [new ApiError({ status: 422, code: 'insufficient_funds', serverMessage: 'x' })],
    });
    review(t);
    await confirm(t);
    const failure = t.state().context.failure;
    expect(failure?.retryable).toBe(false);
    expect(reasonOf(failure?.reason)).toBe('Your available balance is too low for this trade.');
    expect(t.refreshes).toHaveBeenCalledTimes(1);
    t.actor.send({ type: 'RETRY' });
    await settle();
    expect(t.sends).toHaveLength(1);
  });

  it('on risk_not_acknowledged, asks once, then sends the same trade with the same key', async () => {
    const refusal = new ApiError({
      status: 403,
      code: 'risk_not_acknowledged',
      serverMessage: 'x',
    });
    const t = start({ replies: [refusal], acknowledgements: [new Error('offline'), 'ok'] });
    review(t);
    await confirm(t);
    expect(t.state().matches({ acknowledgingRisk: 'asking' })).toBe(true);
    expect(t.state().context.failure).toBeNull();
    // No failure notice: the sheet is not an error.
    expect(t.notices).toEqual([]);
    t.actor.send({ type: 'ACKNOWLEDGE' });
    await settle();
    expect(t.state().matches({ acknowledgingRisk: 'failed' })).toBe(true);
    t.actor.send({ type: 'ACKNOWLEDGE' });
    await settle();
    expect(t.acknowledged).toHaveBeenCalledTimes(2);
    expect(t.state().matches({ editing: 'placed' })).toBe(true);
    expect(t.sends).toHaveLength(2);
    expect(t.sends[1]?.idempotencyKey).toBe(t.sends[0]?.idempotencyKey);
    expect(t.sends[1]?.request).toEqual(t.sends[0]?.request);
  });

  it('cancelling the risk sheet places nothing and goes back to the form', async () => {
    const refusal = new ApiError({ status: 403, code: 'risk_not_acknowledged' });
    const t = start({ replies: [refusal] });
    review(t);
    await confirm(t);
    t.actor.send({ type: 'CANCEL' });
    expect(t.state().matches('editing')).toBe(true);
    expect(t.acknowledged).not.toHaveBeenCalled();
    expect(t.sends).toHaveLength(1);
  });

  it('a limit refusal says which and until when, with no retry', async () => {
    const until = '2026-11-28T00:00:00.000Z';
    const t = start({
      replies: [
        new ApiError({ status: 403, code: 'loss_limit_reached', until, serverMessage: 'x' }),
      ],
    });
    review(t);
    await confirm(t);
    expect(t.state().matches({ submitting: 'failed' })).toBe(true);
    expect(t.state().context.failure).toMatchObject({
      retryable: false,
      limit: { code: 'loss_limit_reached', until: new Date(until) },
    });
  });

  it('on figures_changed, shows the new payout for a new confirmation, then sends it', async () => {
    const changed: TradeTerms = {
      ...terms,
      durations: terms.durations.map((d) =>
        d.selectedTime === 'trade30Second' ? { ...d, payoutPercent: '75.000000' } : d,
      ),
    };
    const t = start({
      replies: [new ApiError({ status: 409, code: 'figures_changed', serverMessage: 'x' })],
      reloadedTerms: changed,
    });
    review(t);
    await confirm(t);
    expect(t.loads).toHaveBeenCalledTimes(1);
    expect(t.state().matches('confirming')).toBe(true);
    expect(t.state().context.payoutChange).toEqual({
      selectedTime: 'trade30Second',
      fromPercent: '80.000000',
      toPercent: '75.000000',
    });
    expect(t.state().context.draft?.payoutPercent).toBe('75.000000');
    expect(t.state().context.failure).toBeNull();
    // Nothing is sent until the user confirms the new figure.
    expect(t.sends).toHaveLength(1);
    await confirm(t);
    expect(t.sends).toHaveLength(2);
    expect(t.sends[1]?.request.payoutPercent).toBe('75.000000');
    expect(t.sends[1]?.idempotencyKey).not.toBe(t.sends[0]?.idempotencyKey);
    expect(t.state().matches({ editing: 'placed' })).toBe(true);
  });

  it('on figures_changed with trading turned off meanwhile, fails without a retry', async () => {
    const t = start({
      replies: [new ApiError({ status: 409, code: 'figures_changed' })],
      reloadedTerms: { ...terms, enabled: false },
    });
    review(t);
    await confirm(t);
    expect(t.state().matches('termsUnavailable')).toBe(true);
    expect(t.state().context.failure?.retryable).toBe(false);
  });

  it('follows a payout change published while the dialog is open', () => {
    const t = start();
    review(t);
    t.actor.send({
      type: 'TERMS',
      terms: {
        ...terms,
        durations: terms.durations.map((d) =>
          d.selectedTime === 'trade30Second' ? { ...d, payoutPercent: '81.000000' } : d,
        ),
      },
    });
    expect(t.state().context.draft?.payoutPercent).toBe('81.000000');
    expect(t.state().context.payoutChange?.toPercent).toBe('81.000000');
  });
});
