import type { MessageDescriptor } from '@lingui/core';
import { assign, emit, sendTo, setup } from 'xstate';
import { describeSubmitFailure, type SubmitFailure } from '../services/error-messages';
import { notice, notProvided, type WalletNotice } from './submission';
import {
  createSubmissionMachine,
  type RequestFields,
  type SubmissionFailed,
  type SubmitAttempt,
} from './submission.machine';

/**
 * A checkout whose view hands over the finished request (deposit, withdraw): form →
 * submitting (the `submission` child sends it: sending | failed) → submitted. The view owns
 * the fields and sends SUBMIT with the request; any edit (EDIT) drops the key, so the next
 * submit is a new action. A checkout made with `review: true` (withdraw) sends nothing from
 * the form: REVIEW opens `reviewing` with the request, and only CONFIRM there sends it;
 * CANCEL goes back to the form with the request and any failed attempt kept. The view supplies the child (`submissionWith`), the
 * cache refresh (`refreshWalletData`) and the navigation to the new record (`goToResult`)
 * with `.provide()`; tests supply fakes the same way.
 */

export interface CheckoutContext<TRequest extends RequestFields> {
  /** The request being sent, from SUBMIT. */
  request: TRequest | null;
  /** The last failed attempt: submitting the same request again reuses its key. */
  attempt: SubmitAttempt<TRequest> | null;
  failure: SubmitFailure | null;
}

export type CheckoutEvent<TRequest extends RequestFields> =
  /** The user confirmed the form: send `request` (a checkout without review). */
  | { type: 'SUBMIT'; request: TRequest }
  /** The form is valid: show `request` for review (a checkout with review). */
  | { type: 'REVIEW'; request: TRequest }
  /** The reviewed request is right: send it. */
  | { type: 'CONFIRM' }
  /** Back to the form from the review, without sending. */
  | { type: 'CANCEL' }
  /** Send the failed request again, with its key. */
  | { type: 'RETRY' }
  /** The user changed the form after a failure: the next submit is a new action. */
  | { type: 'EDIT' }
  | SubmissionFailed<TRequest>;

export interface CheckoutTexts {
  id: string;
  /** The success toast, e.g. 'Deposit submitted!'. */
  submitted: MessageDescriptor;
  /** The failure text, e.g. 'Failed to submit deposit.'. */
  failed: MessageDescriptor;
  /** Whether the request is reviewed (REVIEW, then CONFIRM) before it is sent. */
  review?: boolean;
}

export function createCheckoutMachine<
  TRequest extends RequestFields,
  TResult extends { _id: string },
>(texts: CheckoutTexts) {
  const describeFailure = (error: unknown) => describeSubmitFailure(error, texts.failed);
  return setup({
    types: {
      context: {} as CheckoutContext<TRequest>,
      events: {} as CheckoutEvent<TRequest>,
      emitted: {} as WalletNotice,
    },
    actors: {
      submission: createSubmissionMachine<TRequest, TResult>(),
    },
    actions: {
      refreshWalletData: () => notProvided(texts.id, 'refreshWalletData'),
      goToResult: (_, _params: { id: string }) => notProvided(texts.id, 'goToResult'),
      takeRequest: assign({
        request: ({ event }) => {
          if (event.type !== 'SUBMIT' && event.type !== 'REVIEW') {
            throw new Error('takeRequest needs SUBMIT or REVIEW');
          }
          return event.request;
        },
      }),
    },
    guards: {
      canRetry: ({ context }) => context.failure?.retryable === true,
      reviewsFirst: () => texts.review === true,
      sendsStraight: () => texts.review !== true,
    },
  }).createMachine({
    id: texts.id,
    context: { request: null, attempt: null, failure: null },
    initial: 'form',
    states: {
      form: {
        on: {
          SUBMIT: { guard: 'sendsStraight', target: 'submitting', actions: 'takeRequest' },
          REVIEW: { guard: 'reviewsFirst', target: 'reviewing', actions: 'takeRequest' },
          // An edit after a cancelled, failed confirmation: the next one is a new action.
          EDIT: { actions: assign({ attempt: null }) },
        },
      },

      /** The request on screen for review; nothing has been sent for it yet. */
      reviewing: {
        on: {
          CONFIRM: { target: 'submitting' },
          CANCEL: { target: 'form' },
        },
      },

      submitting: {
        invoke: {
          id: 'submission',
          src: 'submission',
          input: ({ context }) => {
            if (!context.request) throw new Error('submitting without a request');
            return { request: context.request, previous: context.attempt, describeFailure };
          },
          onDone: {
            target: 'submitted',
            actions: [
              'refreshWalletData',
              emit(notice('success', texts.submitted)),
              { type: 'goToResult', params: ({ event }) => ({ id: event.output.result._id }) },
            ],
          },
        },
        on: {
          'submission.failed': {
            target: '.failed',
            actions: [
              assign(({ event }) => ({ failure: event.failure, attempt: event.attempt })),
              emit(notice('error', texts.failed)),
            ],
          },
        },
        initial: 'sending',
        states: {
          sending: { entry: assign({ failure: null }) },
          failed: {
            on: {
              RETRY: {
                guard: 'canRetry',
                target: 'sending',
                actions: sendTo('submission', { type: 'RETRY' }),
              },
              // A new child for the request: the same one reuses the failed attempt's key.
              SUBMIT: {
                guard: 'sendsStraight',
                target: `#${texts.id}.submitting`,
                reenter: true,
                actions: 'takeRequest',
              },
              // Out of the review with the attempt kept: confirming it again reuses its key.
              CANCEL: {
                guard: 'reviewsFirst',
                target: `#${texts.id}.form`,
                actions: assign({ failure: null }),
              },
              EDIT: {
                target: `#${texts.id}.form`,
                actions: assign({ request: null, attempt: null, failure: null }),
              },
            },
          },
        },
      },

      submitted: { type: 'final' },
    },
  });
}
