import type { MessageDescriptor } from '@lingui/core';
import { API_ERROR_CODES, type ApiErrorCode } from '../../common/contract/errors';
import { isFieldErrorCode, type FieldErrorCode } from '../../common/field-error-codes';

/** Text of the error thrown when a response does not match the contract (docs/product.md §8). */
export const INVALID_RESPONSE_MESSAGE = 'Invalid response structure';

/**
 * A failed API call. `status` is 0 when no answer arrived (offline, timeout). The server's
 * English text is kept in `serverMessage`; `code` and `fieldCode` let the app show its own
 * translation instead. `callFailure` is the call's own message (docs/product.md §8's call-wrapper
 * rejection, services/call-failures.ts), for the calls that have one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode | undefined;
  readonly field: string | undefined;
  readonly fieldCode: FieldErrorCode | undefined;
  readonly serverMessage: string | undefined;
  readonly callFailure: MessageDescriptor | undefined;
  /** How long the server asked to wait before trying again (`Retry-After`), in seconds. */
  readonly retryAfterS: number | undefined;
  /** When a timed refusal ends (a two-factor lock, the withdrawal cooling period). */
  readonly opensAt: Date | undefined;
  /** Until when a limit or block the user set refuses (a loss window's end, a time-out's). */
  readonly until: Date | undefined;

  constructor(init: {
    status: number;
    serverMessage?: string | undefined;
    code?: string | undefined;
    field?: string | undefined;
    fieldCode?: string | undefined;
    callFailure?: MessageDescriptor | undefined;
    retryAfterS?: number | undefined;
    opensAt?: string | undefined;
    until?: string | undefined;
  }) {
    super(init.serverMessage ?? (init.status === 0 ? 'Network error' : `HTTP ${init.status}`));
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.retryAfterS = init.retryAfterS;
    this.code = isApiErrorCode(init.code) ? init.code : undefined;
    this.field = init.field;
    this.fieldCode = isFieldErrorCode(init.fieldCode) ? init.fieldCode : undefined;
    this.callFailure = init.callFailure;
    const opensAtMs = init.opensAt === undefined ? Number.NaN : Date.parse(init.opensAt);
    this.opensAt = Number.isNaN(opensAtMs) ? undefined : new Date(opensAtMs);
    const untilMs = init.until === undefined ? Number.NaN : Date.parse(init.until);
    this.until = Number.isNaN(untilMs) ? undefined : new Date(untilMs);
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** The response did not match the shared contract. */
export class InvalidResponseError extends Error {
  override readonly name = 'InvalidResponseError';
  /** The call's own message, as `ApiError.callFailure`. */
  readonly callFailure: MessageDescriptor | undefined;
  constructor(options?: { cause?: unknown; callFailure?: MessageDescriptor | undefined }) {
    super(INVALID_RESPONSE_MESSAGE, options?.cause === undefined ? {} : { cause: options.cause });
    this.callFailure = options?.callFailure;
  }
}

/** `Retry-After` in whole seconds from 1, or undefined (absent, a date, or nonsense). */
export function parseRetryAfter(header: string | null | undefined): number | undefined {
  if (header === null || header === undefined || !/^\d{1,7}$/.test(header.trim())) return undefined;
  const seconds = Number(header.trim());
  return seconds >= 1 ? seconds : undefined;
}

function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && (API_ERROR_CODES as readonly string[]).includes(value);
}

/** Statuses worth retrying for a read: no answer, time-outs, throttling, server trouble. */
const RETRYABLE_STATUSES = new Set([0, 408, 425, 429, 500, 502, 503, 504]);

/** Whether a failed read may succeed if tried again. */
export function isRetryableError(error: unknown): boolean {
  return error instanceof ApiError && RETRYABLE_STATUSES.has(error.status);
}
