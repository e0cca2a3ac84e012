import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ApiError, parseRetryAfter } from './api-error';
import {
  describeAdminError,
  describeLimitsError,
  describeLoginError,
  describeSubmitFailure,
} from './error-messages';

const unavailable = new ApiError({
  status: 503,
  code: 'service_unavailable',
  serverMessage: 'The service is briefly unavailable. Please try again in a moment.',
});

describe('a database outage (503 service_unavailable)', () => {
  it('is told in the user language on every kind of form', () => {
    const text = 'The service is briefly unavailable. Please try again in a moment.';
    expect(describeLoginError(unavailable).message).toMatchObject({ message: text });
    expect(describeAdminError(unavailable).message).toMatchObject({ message: text });
    const failure = describeSubmitFailure(unavailable, { id: 'x', message: 'Failed' });
    expect(failure.reason).toMatchObject({ message: text });
  });

  it('lets a money request be sent again: nothing was stored', () => {
    expect(describeSubmitFailure(unavailable, { id: 'x', message: 'Failed' }).retryable).toBe(true);
  });
});

describe('too many attempts (429 with Retry-After)', () => {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  const throttled = (retryAfterS: number | undefined) =>
    new ApiError({
      status: 429,
      code: 'too_many_attempts',
      serverMessage:
        'Too many attempts with a wrong password. Please wait 5 seconds and try again.',
      retryAfterS,
    });
  const shown = (error: ApiError) => {
    const { message } = describeLoginError(error);
    return typeof message === 'string' ? message : i18n._(message);
  };

  it.each([
    [1, 'Too many attempts. Please wait 1 second and try again.'],
    [5, 'Too many attempts. Please wait 5 seconds and try again.'],
    [60, 'Too many attempts. Please wait 1 minute and try again.'],
    [89, 'Too many attempts. Please wait 2 minutes and try again.'],
  ])('tells how long to wait: %i s', (seconds, text) => {
    expect(shown(throttled(seconds))).toBe(text);
  });

  it('says "a minute" when the server gave no time', () => {
    expect(shown(throttled(undefined))).toBe(
      'Too many sign-in attempts. Please wait a minute and try again.',
    );
  });

  it('reads Retry-After as whole seconds only', () => {
    expect(parseRetryAfter('7')).toBe(7);
    expect(parseRetryAfter(' 300 ')).toBe(300);
    for (const header of [null, undefined, '', '0', '-1', '1.5', 'Wed, 21 Oct 2026 07:28:00 GMT']) {
      expect(parseRetryAfter(header)).toBeUndefined();
    }
  });
});

describe("a refusal of the user's own limits (403 with until)", () => {
  it('says which limit and until when, and is not retried', () => {
    const until = '2026-11-28T00:00:00.000Z';
    for (const code of ['loss_limit_reached', 'deposit_limit_reached', 'timed_out'] as const) {
      const error = new ApiError({ status: 403, code, until, serverMessage: 'English text' });
      const failure = describeSubmitFailure(error, { id: 'x', message: 'Failed' });
      expect(failure).toMatchObject({ retryable: false, reason: null, limit: { code } });
      expect(failure.limit?.until?.toISOString()).toBe(until);
    }
  });

  it('has no end for the stake limit, and a bad time is none', () => {
    const stake = new ApiError({ status: 403, code: 'stake_limit' });
    expect(describeSubmitFailure(stake, { id: 'x', message: 'F' }).limit).toEqual({
      code: 'stake_limit',
      until: null,
    });
    const garbled = new ApiError({ status: 403, code: 'self_excluded', until: 'soon' });
    expect(describeSubmitFailure(garbled, { id: 'x', message: 'F' }).limit?.until).toBeNull();
  });

  it('a limits page refusal is translated', () => {
    const error = new ApiError({ status: 409, code: 'already_blocked', serverMessage: 'x' });
    expect(describeLimitsError(error).message).toMatchObject({
      message:
        'A time-out or self-exclusion is already running. It cannot be changed or ended early.',
    });
  });
});
