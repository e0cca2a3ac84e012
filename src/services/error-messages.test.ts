import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { describeAdminError, describeLoginError, describeSubmitFailure } from './error-messages';

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
