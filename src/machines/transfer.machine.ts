import { msg } from '@lingui/core/macro';
import { assign, emit, fromPromise, sendTo, setup, stateIn } from 'xstate';
import type { PayIdUser, Transfer } from '../../common/contract';
import { PAY_ID_DIGITS, PAY_ID_LOOKUP_DEBOUNCE_MS } from '../../common/rules';
import { describeSubmitFailure, type SubmitFailure } from '../services/error-messages';
import { notice, notProvided, type WalletNotice } from './submission';
import {
  createSubmissionMachine,
  type SubmissionFailed,
  type SubmitAttempt,
} from './submission.machine';

/**
 * A transfer to another member by Pay ID (docs/product.md §2, §4, §5), in two parallel regions:
 *
 * - `lookup` finds who the typed Pay ID belongs to, once typing pauses for
 *   PAY_ID_LOOKUP_DEBOUNCE_MS (a delayed transition: typing again restarts the wait, and
 *   leaving the state cancels it). The user's own Pay ID is refused here, without a call.
 * - `flow` is the form, the confirmation dialog and the request: editing → confirming →
 *   submitting (the `submission` child sends it: sending | failed) → submitted. 'Confirm &
 *   Send' works only once the receiver is found.
 *
 * The view owns the fields: it sends each Pay ID it holds (PAY_ID_CHANGED), which the lookup
 * keeps only as the key of its search, and the finished request (REVIEW). The idempotency
 * key is made when the user confirms, kept for retries of the same request, and dropped
 * when the form is edited. The view supplies `lookupPayId`, the `submission` child
 * (`submissionWith`), `refreshWalletData` and `goToResult` with `transferMachine.provide()`.
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
  /** Whose member the lookup finds: the Pay ID the view last sent, trimmed. */
  receiverPayId: string;
  receiver: PayIdUser | null;
  /** What the confirmation dialog shows and 'Confirm & Send' sends. */
  draft: TransferRequest | null;
  /** The last failed attempt: confirming the same figures again reuses its key. */
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
  | { type: 'EDIT' }
  | SubmissionFailed<TransferRequest>;

const PAY_ID_PATTERN = new RegExp(`^\\d{${PAY_ID_DIGITS}}$`);

const MACHINE = 'transfer';
const failedMessage = msg`Failed to submit Transfer. Please try again.`;
const describeFailure = (error: unknown) => describeSubmitFailure(error, failedMessage);

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
    submission: createSubmissionMachine<TransferRequest, Transfer>(),
  },
  actions: {
    refreshWalletData: () => notProvided(MACHINE, 'refreshWalletData'),
    goToResult: (_, _params: { id: string }) => notProvided(MACHINE, 'goToResult'),
    takePayId: assign(({ event }) => {
      if (event.type !== 'PAY_ID_CHANGED') throw new Error('takePayId needs PAY_ID_CHANGED');
      return { receiverPayId: event.payId.trim(), receiver: null };
    }),
    dropAttempt: assign({ attempt: null }),
    keepFailure: assign(({ event }) => {
      if (event.type !== 'submission.failed')
        throw new Error('keepFailure needs submission.failed');
      return { failure: event.failure, attempt: event.attempt };
    }),
  },
  guards: {
    payIdUnchanged: ({ context, event }) =>
      event.type === 'PAY_ID_CHANGED' && event.payId.trim() === context.receiverPayId,
    payIdEmpty: ({ event }) => event.type === 'PAY_ID_CHANGED' && event.payId.trim() === '',
    isOwnPayId: ({ context, event }) =>
      event.type === 'PAY_ID_CHANGED' && event.payId.trim() === context.ownPayId,
    payIdWellFormed: ({ context }) => PAY_ID_PATTERN.test(context.receiverPayId),
    canReview: ({ context, event }) =>
      event.type === 'REVIEW' &&
      event.draft.receivePId === context.receiverPayId &&
      context.receiverPayId !== context.ownPayId,
    canRetry: ({ context }) => context.failure?.retryable === true,
  },
  delays: {
    payIdDebounce: PAY_ID_LOOKUP_DEBOUNCE_MS,
  },
}).createMachine({
  id: MACHINE,
  type: 'parallel',
  context: ({ input }) => ({
    ownPayId: input.ownPayId,
    receiverPayId: '',
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
            input: ({ context }) => ({ payId: context.receiverPayId }),
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
            CONFIRM: { guard: stateIn({ lookup: 'found' }), target: 'submitting' },
          },
        },

        submitting: {
          invoke: {
            id: 'submission',
            src: 'submission',
            input: ({ context }) => {
              if (!context.draft) throw new Error('submitting without a draft');
              return { request: context.draft, previous: context.attempt, describeFailure };
            },
            onDone: {
              target: 'submitted',
              actions: [
                'refreshWalletData',
                emit(notice('success', msg`Transfer request submitted!`)),
                { type: 'goToResult', params: ({ event }) => ({ id: event.output.result._id }) },
              ],
            },
          },
          on: {
            'submission.failed': {
              target: '.failed',
              actions: ['keepFailure', emit(notice('error', failedMessage))],
            },
          },
          initial: 'sending',
          states: {
            sending: { entry: assign({ failure: null }) },
            /**
             * The dialog stays open with the reason. Closing it keeps the attempt: confirming
             * the same figures again is the same action and reuses its key.
             */
            failed: {
              on: {
                RETRY: {
                  guard: 'canRetry',
                  target: 'sending',
                  actions: sendTo('submission', { type: 'RETRY' }),
                },
                CANCEL: { target: '#transfer.flow.editing' },
                EDIT: { target: '#transfer.flow.editing', actions: 'dropAttempt' },
              },
            },
          },
        },

        submitted: { type: 'final' },
      },
    },
  },
});
