import { msg } from '@lingui/core/macro';
import { assign, emit, fromPromise, sendTo, setup } from 'xstate';
import type { SelectedTime, Trade } from '../../common/contract';
import { formatMicros, parseAmount } from '../../common/money';
import { ApiError } from '../services/api-error';
import { CALL_FAILURES } from '../services/call-failures';
import { describeSubmitFailure, type SubmitFailure } from '../services/error-messages';
import type { CreateTradeRequest } from '../services/trade-api';
import { notice, notProvided, type WalletNotice } from './submission';
import {
  createSubmissionMachine,
  type SubmissionFailed,
  type SubmitAttempt,
} from './submission.machine';
import { durationOf, normalizeStakeInput, tradeAmountError, type TradeTerms } from './trade-terms';

/**
 * A timed trade (docs/product.md §2 /trade, §3, §4; docs/principles.md, principle 1), one pair per machine:
 *
 * editing (direction by button, stake, duration) → confirming (the dialog states stake,
 * direction, duration, payout percent and what a win pays back) → submitting (the
 * `submission` child sends it: sending | failed, 'Couldn't Create Trade...!' with the
 * reason) → placed (back to the form, the new trade in the list below).
 *
 * The request carries `payoutPercent`, the payout the user confirmed. When the published
 * payout changed meanwhile the server refuses with figures_changed; the machine then loads
 * the terms again (`loadTerms`) and shows the dialog anew with the new figure, to be
 * confirmed again — never sent on the user's behalf (or, when there is no figure to
 * confirm any more, says why: `termsUnavailable`).
 *
 * The machine owns the form's fields (stake, duration), which the view only shows. A
 * confirmed trade gets one idempotency key, reused when the same request is retried
 * (no answer, time-out, busy server) and when the same figures are confirmed again after
 * closing the dialog; editing the form or placing the trade drops it, so the next
 * confirmation is a new trade. The view supplies the `submission` child
 * (`submissionWith`), `loadTerms` and `refreshTradeData` with `tradeMachine.provide()`;
 * tests supply fakes the same way.
 */

type TradeDirection = 'buy' | 'sell';

/** The body of POST /api/createTrade, every field a string (the amount six-decimal wire). */
export type TradeRequest = CreateTradeRequest;

/** The payout of a duration changed between review and confirmation. */
export interface PayoutChange {
  selectedTime: SelectedTime;
  /** Wire percents ("80.000000"). */
  fromPercent: string;
  toPercent: string;
}

export interface TradeContext {
  /** The pair, e.g. "BTCUSDT". */
  symbol: string;
  selectedTime: SelectedTime;
  /** The stake field as typed (normalised: decimal point, no spaces). */
  amount: string;
  /** The last edit was above the balance and was set back to it. */
  clamped: boolean;
  /** Field errors show after the field was left or a review was refused. */
  showErrors: boolean;
  /** Limits, payouts and balance; null until the config and the user are loaded. */
  terms: TradeTerms | null;
  /** What the dialog shows and 'Confirm' sends. */
  draft: TradeRequest | null;
  /** The last failed attempt: confirming the same figures again reuses its key. */
  attempt: SubmitAttempt<TradeRequest> | null;
  failure: TradeFailure | null;
  payoutChange: PayoutChange | null;
  /** The last trade placed from this form. */
  lastTrade: Trade | null;
}

export type TradeEvent =
  /** The config or the balance changed. */
  | { type: 'TERMS'; terms: TradeTerms }
  | { type: 'AMOUNT_CHANGED'; text: string }
  | { type: 'DURATION_CHANGED'; selectedTime: SelectedTime }
  /** The stake field lost the focus: show its error from now on. */
  | { type: 'BLUR' }
  /** Buy or Sell was tapped: open the dialog if the form is valid. */
  | { type: 'REVIEW'; direction: TradeDirection }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' }
  /** On the risk sheet: "I understand the risks". */
  | { type: 'ACKNOWLEDGE' }
  | SubmissionFailed<TradeRequest, TradeFailure>;

export interface TradeInput {
  symbol: string;
  selectedTime?: SelectedTime;
  amount?: string;
}

const MACHINE = 'trade';
/** The call's own failure message, which this screen shows with the reason. */
const TRADE_FAILED_MESSAGE = CALL_FAILURES.createTrade;

/**
 * A trade's failure; figures_changed is not shown but makes the machine reload the terms,
 * and risk_not_acknowledged opens the acknowledgement sheet instead of a failure.
 */
export interface TradeFailure extends SubmitFailure {
  figuresChanged: boolean;
  riskNotAcknowledged?: boolean;
}

/** docs/product.md §8's 'Couldn't Create Trade...!' with the reason in the user's language. */
function describeTradeFailure(error: unknown): TradeFailure {
  const base = { ...describeSubmitFailure(error, TRADE_FAILED_MESSAGE), figuresChanged: false };
  if (!(error instanceof ApiError)) return base;
  switch (error.code) {
    case 'market_unavailable':
      // The server's newest tick is too old: a moment later it may not be.
      return { ...base, reason: msg`Market data unavailable`, retryable: true };
    case 'trading_disabled':
      return {
        ...base,
        reason: msg`Trading is turned off at the moment. Please try again later.`,
        retryable: false,
      };
    case 'trading_not_allowed':
      return {
        ...base,
        reason: msg`Trading is stopped on this account. Please contact support.`,
        retryable: false,
      };
    case 'trading_restricted':
      return { ...base, reason: msg`Trading is not available in your country.`, retryable: false };
    case 'coin_not_listed':
      return { ...base, reason: msg`This coin is not available for trading.`, retryable: false };
    case 'insufficient_funds':
      return { ...base, reason: msg`Your available balance is too low for this trade.` };
    case 'figures_changed':
      return { ...base, figuresChanged: true };
    case 'risk_not_acknowledged':
      return { ...base, retryable: false, riskNotAcknowledged: true };
    default:
      return base;
  }
}

/** The request for the form as it stands, or null when it is not valid. */
function draftFor(
  context: Pick<TradeContext, 'symbol' | 'selectedTime' | 'amount' | 'terms'>,
  direction: TradeDirection,
): TradeRequest | null {
  const { terms } = context;
  if (!terms || !terms.enabled) return null;
  if (tradeAmountError(context.amount, terms) !== null) return null;
  const duration = durationOf(terms, context.selectedTime);
  const parsed = parseAmount(context.amount);
  if (!duration || !parsed.ok) return null;
  return {
    coinType: context.symbol,
    tradeType: direction,
    tradeAmount: formatMicros(parsed.micros),
    selectedTime: context.selectedTime,
    payoutPercent: duration.payoutPercent,
    account: terms.account,
  };
}

/** The draft with the payout of `terms`, and the change when there was one. */
function redraft(
  draft: TradeRequest,
  terms: TradeTerms,
): { draft: TradeRequest; change: PayoutChange | null } | null {
  const duration = durationOf(terms, draft.selectedTime as SelectedTime);
  if (!terms.enabled || !duration) return null;
  if (duration.payoutPercent === draft.payoutPercent) return { draft, change: null };
  return {
    draft: { ...draft, payoutPercent: duration.payoutPercent },
    change: {
      selectedTime: draft.selectedTime as SelectedTime,
      fromPercent: draft.payoutPercent,
      toPercent: duration.payoutPercent,
    },
  };
}

export const tradeMachine = setup({
  types: {
    context: {} as TradeContext,
    events: {} as TradeEvent,
    input: {} as TradeInput,
    emitted: {} as WalletNotice,
  },
  actors: {
    submission: createSubmissionMachine<TradeRequest, Trade, TradeFailure>(),
    /** The terms read afresh from the server (config and balance), after figures_changed. */
    loadTerms: fromPromise<TradeTerms, void>(async () => notProvided(MACHINE, 'loadTerms')),
    /** POST /api/acknowledgeTradingRisk, from the sheet a first real trade opens. */
    acknowledgeRisk: fromPromise<void, void>(async () => notProvided(MACHINE, 'acknowledgeRisk')),
  },
  actions: {
    /** Refetch the user (balance), the trade lists and details, and the config. */
    refreshTradeData: () => notProvided(MACHINE, 'refreshTradeData'),
    takeTerms: assign({
      terms: ({ event }) => {
        if (event.type !== 'TERMS') throw new Error('takeTerms needs TERMS');
        return event.terms;
      },
    }),
    takeAmount: assign(({ context, event }) => {
      if (event.type !== 'AMOUNT_CHANGED') throw new Error('takeAmount needs AMOUNT_CHANGED');
      const next = normalizeStakeInput(event.text, context.terms?.balance ?? null);
      return { amount: next.text, clamped: next.clamped };
    }),
    takeDuration: assign({
      selectedTime: ({ event }) => {
        if (event.type !== 'DURATION_CHANGED')
          throw new Error('takeDuration needs DURATION_CHANGED');
        return event.selectedTime;
      },
    }),
    dropAttempt: assign({ attempt: null, failure: null }),
    keepFailure: assign(({ event }) => {
      if (event.type !== 'submission.failed')
        throw new Error('keepFailure needs submission.failed');
      return { failure: event.failure, attempt: event.attempt };
    }),
    showErrors: assign({ showErrors: true }),
    /** In the dialog: a new payout in the terms becomes the figure to confirm. */
    followTerms: assign(({ context }) => {
      if (!context.draft || !context.terms) return {};
      const next = redraft(context.draft, context.terms);
      if (!next || !next.change) return {};
      return { draft: next.draft, payoutChange: next.change };
    }),
  },
  guards: {
    tradingEnabled: ({ context }) => context.terms?.enabled === true,
    canReview: ({ context, event }) =>
      event.type === 'REVIEW' && draftFor(context, event.direction) !== null,
    canRetry: ({ context }) => context.failure?.retryable === true,
    figuresChanged: ({ event }) =>
      event.type === 'submission.failed' && event.failure.figuresChanged,
    riskNotAcknowledged: ({ event }) =>
      event.type === 'submission.failed' && event.failure.riskNotAcknowledged === true,
  },
}).createMachine({
  id: MACHINE,
  context: ({ input }) => ({
    symbol: input.symbol,
    selectedTime: input.selectedTime ?? 'trade30Second',
    amount: input.amount ?? '',
    clamped: false,
    showErrors: false,
    terms: null,
    draft: null,
    attempt: null,
    failure: null,
    payoutChange: null,
    lastTrade: null,
  }),
  initial: 'editing',
  on: {
    TERMS: { actions: 'takeTerms' },
  },
  states: {
    editing: {
      initial: 'idle',
      on: {
        AMOUNT_CHANGED: { target: '.idle', actions: ['takeAmount', 'dropAttempt'] },
        DURATION_CHANGED: { actions: ['takeDuration', 'dropAttempt'] },
        BLUR: { actions: 'showErrors' },
        REVIEW: [
          {
            guard: 'canReview',
            target: 'confirming',
            actions: assign({
              draft: ({ context, event }) => draftFor(context, event.direction),
              payoutChange: null,
            }),
          },
          // With trading off the buttons are disabled and a notice says why: nothing to mark.
          { guard: 'tradingEnabled', actions: 'showErrors' },
        ],
      },
      states: {
        idle: {},
        /** A trade was just placed (`lastTrade`); the form is ready for the next one. */
        placed: {},
      },
    },

    confirming: {
      on: {
        TERMS: { actions: ['takeTerms', 'followTerms'] },
        CANCEL: { target: 'editing' },
        CONFIRM: { guard: 'tradingEnabled', target: 'submitting' },
      },
    },

    submitting: {
      invoke: {
        id: 'submission',
        src: 'submission',
        input: ({ context }) => {
          if (!context.draft) throw new Error('submitting without a draft');
          return {
            request: context.draft,
            previous: context.attempt,
            describeFailure: describeTradeFailure,
          };
        },
        onDone: {
          target: 'editing.placed',
          actions: [
            assign({
              lastTrade: ({ event }) => event.output.result,
              attempt: null,
              draft: null,
              payoutChange: null,
            }),
            'refreshTradeData',
            emit(notice('success', msg`Trade placed!`)),
          ],
        },
      },
      on: {
        'submission.failed': [
          { guard: 'figuresChanged', target: 'refreshingTerms', actions: 'keepFailure' },
          { guard: 'riskNotAcknowledged', target: 'acknowledgingRisk', actions: 'keepFailure' },
          {
            target: '.failed',
            actions: [
              'keepFailure',
              'refreshTradeData',
              emit(notice('error', TRADE_FAILED_MESSAGE)),
            ],
          },
        ],
      },
      initial: 'sending',
      states: {
        sending: { entry: assign({ failure: null }) },
        /**
         * The dialog stays open with the reason. Closing it keeps the attempt: confirming
         * the same figures again is the same trade and reuses its key.
         */
        failed: {
          on: {
            RETRY: {
              guard: 'canRetry',
              target: 'sending',
              actions: sendTo('submission', { type: 'RETRY' }),
            },
            CANCEL: { target: '#trade.editing' },
          },
        },
      },
    },

    /**
     * risk_not_acknowledged (a first real trade): the sheet explains the risks and asks for
     * the acknowledgement once; after it the confirmed trade is sent again with its key (the
     * refusal stored nothing). Cancelling goes back to the form; nothing was placed.
     */
    acknowledgingRisk: {
      initial: 'asking',
      on: { CANCEL: { target: 'editing', actions: 'dropAttempt' } },
      states: {
        asking: {
          entry: assign({ failure: null }),
          on: { ACKNOWLEDGE: { target: 'sending' } },
        },
        sending: {
          invoke: {
            src: 'acknowledgeRisk',
            onDone: { target: '#trade.submitting' },
            onError: { target: 'failed' },
          },
        },
        /** The acknowledgement did not arrive: the sheet says so and offers it again. */
        failed: {
          on: { ACKNOWLEDGE: { target: 'sending' } },
        },
      },
    },

    /** figures_changed: read the published payout again and show it for a new confirmation. */
    refreshingTerms: {
      invoke: {
        src: 'loadTerms',
        onDone: [
          {
            guard: ({ context, event }) =>
              context.draft !== null && redraft(context.draft, event.output) !== null,
            target: 'confirming',
            actions: assign(({ context, event }) => {
              const next = context.draft ? redraft(context.draft, event.output) : null;
              if (!next) throw new Error('redraft without a draft');
              return {
                terms: event.output,
                draft: next.draft,
                // The dialog says what changed; the server's refusal is not a failure to show.
                payoutChange: next.change,
                failure: null,
              };
            }),
          },
          {
            // Trading was turned off, or the duration is gone.
            target: 'termsUnavailable',
            actions: assign({
              terms: ({ event }) => event.output,
              failure: () => ({
                message: TRADE_FAILED_MESSAGE,
                reason: msg`Trading is turned off at the moment. Please try again later.`,
                retryable: false,
                figuresChanged: false,
              }),
            }),
          },
        ],
        onError: { target: 'termsUnavailable' },
      },
    },

    /**
     * figures_changed, and no new figures to confirm (trading was turned off, the duration
     * is gone, or the terms did not load): the dialog says why, with no retry.
     */
    termsUnavailable: {
      on: {
        CANCEL: { target: 'editing' },
      },
    },
  },
});
