import type { MessageDescriptor } from '@lingui/core';
import { assign, emit, fromPromise, setup } from 'xstate';
import { describeSubmitFailure, type SubmitFailure } from '../services/error-messages';
import { newIdempotencyKey } from '../services/idempotency';

/**
 * What the deposit and withdraw machines share: sending one money-moving request with an
 * idempotency key, and the rules of that key. A key is made when the user confirms an
 * action; retrying the same request sends the same key again, so the server applies it at
 * most once; editing the form drops the key, so the next confirmation is a new action.
 */

/** A flat request body: strings and numbers only, compared field by field. */
export type RequestFields = Record<string, string | number | undefined>;

/** The request being sent and the idempotency key that belongs to it. */
export interface SubmitAttempt<TRequest extends RequestFields> {
  request: TRequest;
  idempotencyKey: string;
}

export interface SubmitInput<TRequest extends RequestFields> {
  request: TRequest;
  idempotencyKey: string;
}

/** A short message for the user (a toast), emitted to whoever listens with `actor.on`. */
export interface WalletNotice {
  type: 'notice';
  tone: 'success' | 'error';
  message: MessageDescriptor;
}

export function notice(tone: WalletNotice['tone'], message: MessageDescriptor): WalletNotice {
  return { type: 'notice', tone, message };
}

export function notProvided(machine: string, name: string): never {
  throw new Error(`${machine} machine: "${name}" must be supplied with .provide()`);
}

export function sameFields(a: RequestFields, b: RequestFields): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}

/**
 * The attempt for confirming `request`: the previous attempt when it is the same request
 * (the user confirms the same action again, e.g. after a time-out), else a new key.
 */
export function attemptFor<TRequest extends RequestFields>(
  previous: SubmitAttempt<TRequest> | null,
  request: TRequest,
): SubmitAttempt<TRequest> {
  if (previous && sameFields(previous.request, request)) return previous;
  return { request, idempotencyKey: newIdempotencyKey() };
}

export interface SubmissionContext<TRequest extends RequestFields> {
  attempt: SubmitAttempt<TRequest> | null;
  failure: SubmitFailure | null;
}

export type SubmissionEvent<TRequest extends RequestFields> =
  /** The user confirmed the form: send `request`. */
  | { type: 'SUBMIT'; request: TRequest }
  /** Send the failed request again, with its key. */
  | { type: 'RETRY' }
  /** The user changed the form after a failure: the next submit is a new action. */
  | { type: 'EDIT' };

export interface SubmissionTexts {
  id: string;
  /** The success toast, e.g. 'Deposit submitted!'. */
  submitted: MessageDescriptor;
  /** The failure text, e.g. 'Failed to submit deposit.'. */
  failed: MessageDescriptor;
}

/**
 * form → submitting → submitted | failed. The view supplies, by name, the HTTP call
 * (`submit`), the cache refresh (`refreshWalletData`) and the navigation to the new record
 * (`goToResult`) with `.provide()`; tests supply fakes the same way.
 */
export function createSubmissionMachine<
  TRequest extends RequestFields,
  TResult extends { _id: string },
>(texts: SubmissionTexts) {
  return setup({
    types: {
      context: {} as SubmissionContext<TRequest>,
      events: {} as SubmissionEvent<TRequest>,
      emitted: {} as WalletNotice,
    },
    actors: {
      submit: fromPromise<TResult, SubmitInput<TRequest>>(async () =>
        notProvided(texts.id, 'submit'),
      ),
    },
    actions: {
      refreshWalletData: () => notProvided(texts.id, 'refreshWalletData'),
      goToResult: (_, _params: { id: string }) => notProvided(texts.id, 'goToResult'),
      prepareAttempt: assign({
        attempt: ({ context, event }) => {
          if (event.type !== 'SUBMIT') throw new Error('prepareAttempt needs SUBMIT');
          return attemptFor(context.attempt, event.request);
        },
      }),
    },
    guards: {
      canRetry: ({ context }) => context.attempt !== null && context.failure?.retryable === true,
    },
  }).createMachine({
    id: texts.id,
    context: { attempt: null, failure: null },
    initial: 'form',
    states: {
      form: {
        on: {
          SUBMIT: { target: 'submitting', actions: 'prepareAttempt' },
        },
      },

      submitting: {
        entry: assign({ failure: null }),
        invoke: {
          src: 'submit',
          input: ({ context }) => {
            if (!context.attempt) throw new Error('submitting without an attempt');
            return context.attempt;
          },
          onDone: {
            target: 'submitted',
            actions: [
              'refreshWalletData',
              emit(notice('success', texts.submitted)),
              { type: 'goToResult', params: ({ event }) => ({ id: event.output._id }) },
            ],
          },
          onError: {
            target: 'failed',
            actions: [
              assign({ failure: ({ event }) => describeSubmitFailure(event.error, texts.failed) }),
              emit(notice('error', texts.failed)),
            ],
          },
        },
      },

      submitted: { type: 'final' },

      failed: {
        on: {
          RETRY: { guard: 'canRetry', target: 'submitting' },
          SUBMIT: { target: 'submitting', actions: 'prepareAttempt' },
          EDIT: { target: 'form', actions: assign({ attempt: null, failure: null }) },
        },
      },
    },
  });
}
