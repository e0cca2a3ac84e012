import { msg } from '@lingui/core/macro';
import { assign, emit, fromPromise, setup, stateIn } from 'xstate';
import type { PayIdUser, Transfer } from '../../common/contract';
import { PAY_ID_DIGITS, PAY_ID_LOOKUP_DEBOUNCE_MS } from '../../common/rules';
import { describeSubmitFailure, type SubmitFailure } from '../services/error-messages';
import {
  attemptFor,
  notice,
  notProvided,
  type SubmitAttempt,
  type SubmitInput,
  type WalletNotice,
} from './submission';

/**
 * A transfer to another member by Pay ID (docs/product.md §2, §4, §5), in two parallel regions:
 *
 * - `lookup` finds who the typed Pay ID belongs to, once typing pauses for
 *   PAY_ID_LOOKUP_DEBOUNCE_MS (a delayed transition: typing again restarts the wait, and
 *   leaving the state cancels it). The user's own Pay ID is refused here, without a call.
 * - `flow` is the form, the confirmation dialog and the request: editing → confirming →
 *   submitting → submitted | failed. 'Confirm & Send' works only once the receiver is found.
 *
 * The idempotency key is made when the user confirms, kept for retries of the same
 * request, and dropped when the form is edited. The view supplies `lookupPayId`,
 * `createTransfer`, `refreshWalletData` and `goToResult` with `transferMachine.provide()`.
 */

/** The body of POST /api/createTransfer, every figure as the exact six-decimal string. */
export interface TransferRequest {
  [field: string]: string;
  amount: string;
  receivePId: string;
  /** What the receiver gets: amount − fee. */
  needToPay: string;
  /** The fee. */
  chargeAmount: string;
}

export interface TransferContext {
  ownPayId: string;
  /** The Pay ID field, trimmed. */
  payId: string;
  receiver: PayIdUser | null;
  /** What the confirmation dialog shows and 'Confirm & Send' sends. */
  draft: TransferRequest | null;
  attempt: SubmitAttempt<TransferRequest> | null;
  failure: SubmitFailure | null;
}

export type TransferEvent =
  | { type: 'PAY_ID_CHANGED'; payId: string }
  | { type: 'RETRY_LOOKUP' }
  /** The form is valid: open the confirmation dialog with these figures. */
  | { type: 'REVIEW'; draft: TransferRequest }
  /** Close the dialog without sending. */
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' }
  /** A field changed: the next confirmation is a new action. */
  | { type: 'EDIT' };

const PAY_ID_PATTERN = new RegExp(`^\\d{${PAY_ID_DIGITS}}$`);

const MACHINE = 'transfer';
const failedMessage = msg`Failed to submit Transfer. Please try again.`;

export const transferMachine = setup({
  types: {
    context: {} as TransferContext,
    events: {} as TransferEvent,
    input: {} as { ownPayId: string },
    emitted: {} as WalletNotice,
  },
  actors: {
    /** The member with this Pay ID, or null when there is none. */
    lookupPayId: fromPromise<PayIdUser | null, { payId: string }>(async () =>
      notProvided(MACHINE, 'lookupPayId'),
    ),
    createTransfer: fromPromise<Transfer, SubmitInput<TransferRequest>>(async () =>
      notProvided(MACHINE, 'createTransfer'),
    ),
  },
  actions: {
    refreshWalletData: () => notProvided(MACHINE, 'refreshWalletData'),
    goToResult: (_, _params: { id: string }) => notProvided(MACHINE, 'goToResult'),
    takePayId: assign(({ event }) => {
      if (event.type !== 'PAY_ID_CHANGED') throw new Error('takePayId needs PAY_ID_CHANGED');
      return { payId: event.payId.trim(), receiver: null };
    }),
    dropAttempt: assign({ attempt: null }),
  },
  guards: {
    payIdUnchanged: ({ context, event }) =>
      event.type === 'PAY_ID_CHANGED' && event.payId.trim() === context.payId,
    payIdEmpty: ({ event }) => event.type === 'PAY_ID_CHANGED' && event.payId.trim() === '',
    isOwnPayId: ({ context, event }) =>
      event.type === 'PAY_ID_CHANGED' && event.payId.trim() === context.ownPayId,
    payIdWellFormed: ({ context }) => PAY_ID_PATTERN.test(context.payId),
    canReview: ({ context, event }) =>
      event.type === 'REVIEW' &&
      event.draft.receivePId === context.payId &&
      context.payId !== context.ownPayId,
    canRetry: ({ context }) => context.attempt !== null && context.failure?.retryable === true,
  },
  delays: {
    payIdDebounce: PAY_ID_LOOKUP_DEBOUNCE_MS,
  },
}).createMachine({
  id: MACHINE,
  type: 'parallel',
  context: ({ input }) => ({
    ownPayId: input.ownPayId,
    payId: '',
    receiver: null,
    draft: null,
    attempt: null,
    failure: null,
  }),
  states: {
    lookup: {
      initial: 'idle',
      on: {
        PAY_ID_CHANGED: [
          { guard: 'payIdUnchanged' },
          { guard: 'payIdEmpty', target: '.idle', actions: 'takePayId' },
          { guard: 'isOwnPayId', target: '.self', actions: 'takePayId' },
          { target: '.debouncing', reenter: true, actions: 'takePayId' },
        ],
      },
      states: {
        idle: {},
        debouncing: {
          after: {
            payIdDebounce: [
              { guard: 'payIdWellFormed', target: 'looking' },
              { target: 'notFound' },
            ],
          },
        },
        looking: {
          invoke: {
            src: 'lookupPayId',
            input: ({ context }) => ({ payId: context.payId }),
            onDone: [
              {
                guard: ({ event }) => event.output !== null,
                target: 'found',
                actions: assign({ receiver: ({ event }) => event.output }),
              },
              { target: 'notFound' },
            ],
            onError: { target: 'failed' },
          },
        },
        found: {},
        notFound: {},
        /** The user's own Pay ID: a transfer to oneself is refused before any call. */
        self: {},
        /** The lookup itself failed (network, rate limit): it runs again on request. */
        failed: {
          on: { RETRY_LOOKUP: 'looking', REVIEW: 'looking' },
        },
      },
    },

    flow: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            REVIEW: {
              guard: 'canReview',
              target: 'confirming',
              actions: assign({ draft: ({ event }) => event.draft }),
            },
            EDIT: { actions: 'dropAttempt' },
            PAY_ID_CHANGED: { actions: 'dropAttempt' },
          },
        },

        confirming: {
          on: {
            CANCEL: { target: 'editing' },
            CONFIRM: {
              guard: stateIn({ lookup: 'found' }),
              target: 'submitting',
              actions: assign({
                attempt: ({ context }) => {
                  if (!context.draft) throw new Error('confirming without a draft');
                  return attemptFor(context.attempt, context.draft);
                },
              }),
            },
          },
        },

        submitting: {
          entry: assign({ failure: null }),
          invoke: {
            src: 'createTransfer',
            input: ({ context }) => {
              if (!context.attempt) throw new Error('submitting without an attempt');
              return context.attempt;
            },
            onDone: {
              target: 'submitted',
              actions: [
                'refreshWalletData',
                emit(notice('success', msg`Transfer request submitted!`)),
                { type: 'goToResult', params: ({ event }) => ({ id: event.output._id }) },
              ],
            },
            onError: {
              target: 'failed',
              actions: [
                assign({
                  failure: ({ event }) => describeSubmitFailure(event.error, failedMessage),
                }),
                emit(notice('error', failedMessage)),
              ],
            },
          },
        },

        submitted: { type: 'final' },

        /**
         * The dialog stays open with the reason. Closing it keeps the attempt: confirming
         * the same figures again is the same action and reuses its key.
         */
        failed: {
          on: {
            RETRY: { guard: 'canRetry', target: 'submitting' },
            CANCEL: { target: 'editing' },
            EDIT: { target: 'editing', actions: 'dropAttempt' },
          },
        },
      },
    },
  },
});

export type TransferMachine = typeof transferMachine;
