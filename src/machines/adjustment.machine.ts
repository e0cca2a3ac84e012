import { assign, emit, setup } from 'xstate';
import type { AdminAdjustmentRequest, AdminAdjustmentResult } from '../../common/contract';
import { ApiError } from '../services/api-error';
import { describeAdminError } from '../services/error-messages';
import type { FormError } from '../services/messages';
import {
  createSubmissionMachine,
  type SubmissionFailed,
  type SubmitAttempt,
} from './submission.machine';

/**
 * The console's balance adjustment of one user: editing → reviewing (the dialog shows the
 * balance before and after) → submitting (the `submission` child sends it) → editing.
 *
 * The view owns the fields and hands the finished request with REVIEW. A confirmed
 * adjustment gets one idempotency key. After a failure the form shows why and keeps the
 * attempt, so confirming the same adjustment again (after a lost answer) reuses its key and
 * it is applied once; a success drops it, so the next adjustment, even an identical one, is
 * a new action. The view supplies the `submission` child (`submissionWith`) with
 * `adjustmentMachine.provide()`, and listens for `adjusted` to say so and clear its fields.
 */

/** Why an adjustment failed: the console's text, and the field it concerns if any. */
export interface AdjustmentFailure extends FormError {
  /** No answer arrived: whether it was applied is unknown, and confirming again is safe. */
  lostAnswer: boolean;
  /** The form offers no Try again: the admin confirms the same adjustment again instead. */
  retryable: false;
}

function describeAdjustmentFailure(error: unknown): AdjustmentFailure {
  const lostAnswer = error instanceof ApiError && error.status === 0;
  return { ...describeAdminError(error), lostAnswer, retryable: false };
}

export interface AdjustmentContext {
  /** What the dialog shows and 'Confirm' sends. */
  request: AdminAdjustmentRequest | null;
  /** The last failed attempt: confirming the same adjustment again reuses its key. */
  attempt: SubmitAttempt<AdminAdjustmentRequest> | null;
  failure: AdjustmentFailure | null;
  /** The last answer (posted, or sent for approval), until the form is used again. */
  answer: AdminAdjustmentResult | null;
}

export type AdjustmentEvent =
  /** The form is valid: open the dialog with this adjustment. */
  | { type: 'REVIEW'; request: AdminAdjustmentRequest }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' }
  /** A field changed: the failure and the last answer no longer apply. */
  | { type: 'EDIT' }
  | SubmissionFailed<AdminAdjustmentRequest, AdjustmentFailure>;

/** Emitted when the server took the adjustment: the view says so and clears the form. */
export interface Adjusted {
  type: 'adjusted';
  answer: AdminAdjustmentResult;
}

export const adjustmentMachine = setup({
  types: {
    context: {} as AdjustmentContext,
    events: {} as AdjustmentEvent,
    emitted: {} as Adjusted,
  },
  actors: {
    submission: createSubmissionMachine<
      AdminAdjustmentRequest,
      AdminAdjustmentResult,
      AdjustmentFailure
    >(),
  },
}).createMachine({
  id: 'adjustment',
  context: { request: null, attempt: null, failure: null, answer: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        REVIEW: { target: 'reviewing', actions: assign({ request: ({ event }) => event.request }) },
        EDIT: { actions: assign({ failure: null, answer: null }) },
      },
    },

    reviewing: {
      on: {
        CANCEL: { target: 'editing' },
        CONFIRM: { target: 'submitting' },
      },
    },

    submitting: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'submission',
        src: 'submission',
        input: ({ context }) => {
          if (!context.request) throw new Error('submitting without a request');
          return {
            request: context.request,
            previous: context.attempt,
            describeFailure: describeAdjustmentFailure,
          };
        },
        onDone: {
          target: 'editing',
          actions: [
            assign({ answer: ({ event }) => event.output.result, request: null, attempt: null }),
            emit(({ event }) => ({ type: 'adjusted', answer: event.output.result })),
          ],
        },
      },
      on: {
        // The dialog closes and the form says why; the child, which has nothing to retry, ends.
        'submission.failed': {
          target: 'editing',
          actions: assign(({ event }) => ({ failure: event.failure, attempt: event.attempt })),
        },
      },
    },
  },
});
