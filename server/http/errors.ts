/**
 * API errors. Every failure answers `{ error, code?, field?, fieldCode? }` with a proper
 * status; handlers throw `ApiError` and the app's error handler renders it.
 */
import type { ApiErrorCode } from '../../common/contract';
import { FIELD_ERRORS, type FieldErrorCode } from '../../common/validation';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: ApiErrorCode,
    readonly field?: string,
    readonly fieldCode?: FieldErrorCode,
  ) {
    super(message);
  }

  /**
   * When a refusal ends (a two-factor lock, a withdrawal cooling period): sent as `opensAt`,
   * an ISO time, so the client can say it in the reader's time zone.
   */
  opensAt: Date | null = null;

  /**
   * Until when a user's own limit or block refuses (a loss window's end, a time-out's end):
   * sent as `until`, an ISO time, so the client can say it in the reader's time zone.
   */
  until: Date | null = null;

  toBody(): Record<string, string> {
    const body: Record<string, string> = { error: this.message };
    if (this.code) body.code = this.code;
    if (this.field) body.field = this.field;
    if (this.fieldCode) body.fieldCode = this.fieldCode;
    if (this.opensAt) body.opensAt = this.opensAt.toISOString();
    if (this.until) body.until = this.until.toISOString();
    return body;
  }
}

/** An ApiError that ends at `opensAt` (the body carries the time). */
export function refusalUntil(
  statusCode: number,
  message: string,
  code: ApiErrorCode,
  opensAt: Date,
): ApiError {
  const error = new ApiError(statusCode, message, code);
  error.opensAt = opensAt;
  return error;
}

export const badRequest = (message: string, code: ApiErrorCode = 'invalid_body', field?: string) =>
  new ApiError(400, message, code, field);

export const fieldError = (field: string, fieldCode: FieldErrorCode) =>
  new ApiError(400, FIELD_ERRORS[fieldCode], 'field', field, fieldCode);

export const unauthorized = (message = 'Please sign in to continue.') =>
  new ApiError(401, message, 'unauthorized');

export const forbidden = (message = 'You do not have permission to do this.') =>
  new ApiError(403, message, 'forbidden');

export const notFound = (message = 'Not found.') => new ApiError(404, message, 'not_found');

export const conflict = (message: string, code: ApiErrorCode, field?: string) =>
  new ApiError(409, message, code, field);

/** A 429; with `retryAfterS`, the answer's `Retry-After` says how long to wait. */
export class TooManyRequestsError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterS?: number,
  ) {
    super(429, message, 'too_many_attempts');
    if (retryAfterS !== undefined && !(Number.isInteger(retryAfterS) && retryAfterS >= 1)) {
      throw new RangeError('retryAfterS must be a whole number of seconds from 1');
    }
  }
}

export const tooManyRequests = (message: string, retryAfterS?: number) =>
  new TooManyRequestsError(message, retryAfterS);

/**
 * Why a conditional `UPDATE … WHERE status = 'Pending'` changed nothing: the request does not
 * exist (404) or was decided before (409).
 */
export function decisionRefused(existingStatus: string | undefined, noun: string): ApiError {
  if (existingStatus === undefined)
    return notFound(`${noun[0]?.toUpperCase()}${noun.slice(1)} not found.`);
  return new ApiError(
    409,
    `This ${noun} was already ${existingStatus.toLowerCase()}.`,
    'already_decided',
  );
}
