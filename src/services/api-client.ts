import type { MessageDescriptor } from '@lingui/core';
import { FetchError, createFetch } from 'ofetch';
import { mask, type Struct } from 'superstruct';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../common/contract/idempotency';
import {
  DEVICE_ID_HEADER,
  READ_RETRY_LIMIT,
  retryDelayMs as defaultRetryDelayMs,
  TWO_FACTOR_CODE_HEADER,
} from '../../common/rules';
import { ApiError, InvalidResponseError, isRetryableError, parseRetryAfter } from './api-error';
import { reportUnauthorized } from './session-events';
import { tokenStorage as browserTokenStorage, type TokenStorage } from './token-storage';

/** Which session token a call carries: the user's, the admin's, or none (login, sign-up). */
type AuthMode = 'user' | 'admin' | 'none';
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type JsonBody = Record<string, unknown> | unknown[];

interface RequestOptions {
  method?: HttpMethod;
  body?: JsonBody;
  auth?: AuthMode;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /**
   * Retries after the first attempt, for reads only (writes are never retried). Query hooks
   * pass 0 because TanStack Query retries them with the same policy.
   */
  retries?: number;
  /**
   * Sent as the `Idempotency-Key` header of a money-moving write: made once per confirmed
   * action and sent again, unchanged, when the user retries that action.
   */
  idempotencyKey?: string;
  /** A fresh second-factor code, sent as `X-Two-Factor-Code` (the step-up, services/step-up.ts). */
  twoFactorCode?: string;
  /**
   * The call's own failure message (docs/product.md §8's call-wrapper rejection, e.g. 'Couldn't Create
   * Deposit...!'), carried by the error it rejects with as `callFailure`.
   */
  callFailure?: MessageDescriptor;
  /** Sent as the `X-Device-Id` header of a sign-in (device-id.ts). */
  deviceId?: string;
}

type ReadOptions = Omit<
  RequestOptions,
  'method' | 'body' | 'idempotencyKey' | 'callFailure' | 'deviceId'
>;
type WriteOptions = Omit<RequestOptions, 'method' | 'body' | 'retries'>;

export interface ApiClient {
  request<T, S>(path: string, struct: Struct<T, S>, options?: RequestOptions): Promise<T>;
  get<T, S>(path: string, struct: Struct<T, S>, options?: ReadOptions): Promise<T>;
  post<T, S>(
    path: string,
    struct: Struct<T, S>,
    body?: JsonBody,
    options?: WriteOptions,
  ): Promise<T>;
  put<T, S>(
    path: string,
    struct: Struct<T, S>,
    body?: JsonBody,
    options?: WriteOptions,
  ): Promise<T>;
}

export interface ApiClientConfig {
  /** Where API paths are resolved; uploads go to `/upload` beside it. */
  baseURL?: string;
  fetch?: typeof globalThis.fetch;
  tokenStorage: TokenStorage;
  /** Called on a 401 answer to a call that carried a token. */
  onUnauthorized?: () => void;
  retryDelayMs?: (attempt: number) => number;
  timeoutMs?: number;
}

/** A call that has not answered by then is treated as failed (and may be retried). */
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * Creates the HTTP client: bearer token per call, JSON in and out, responses checked against
 * the shared superstruct contract, failures turned into `ApiError`, 401s reported, reads
 * retried with delays doubling from 1 s up to 30 s.
 */
export function createApiClient(config: ApiClientConfig): ApiClient {
  const {
    baseURL = '/api',
    tokenStorage,
    onUnauthorized,
    retryDelayMs = defaultRetryDelayMs,
    timeoutMs = REQUEST_TIMEOUT_MS,
  } = config;
  const $fetch = createFetch(config.fetch ? { fetch: config.fetch } : {}).create({
    baseURL,
    // Retries are ours (below): ofetch would also retry a request its caller aborted. The
    // time-out is ours too: ofetch drops its own whenever the caller passes a signal.
    retry: false,
  });

  async function attempt(path: string, options: RequestOptions): Promise<unknown> {
    const {
      method = 'GET',
      body,
      auth = 'user',
      query,
      signal,
      idempotencyKey,
      twoFactorCode,
      callFailure,
      deviceId,
    } = options;
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = auth === 'none' ? null : tokenStorage.read(auth);
    if (token) headers.Authorization = `Bearer ${token}`;
    if (idempotencyKey !== undefined) {
      if (!IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
        throw new RangeError('The idempotency key does not have the agreed form');
      }
      headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
    }
    if (deviceId !== undefined) headers[DEVICE_ID_HEADER] = deviceId;
    if (twoFactorCode !== undefined) headers[TWO_FACTOR_CODE_HEADER] = twoFactorCode;
    try {
      return await $fetch(path, {
        method,
        headers,
        signal: withTimeout(signal, timeoutMs),
        ...(body === undefined ? {} : { body }),
        ...(query === undefined ? {} : { query }),
      });
    } catch (error) {
      // A cancelled call is not a failure: let the caller see its own abort.
      if (signal?.aborted) throw signal.reason ?? error;
      const apiError = toApiError(error, callFailure);
      if (apiError.status === 401 && auth !== 'none') onUnauthorized?.();
      throw apiError;
    }
  }

  async function request<T, S>(
    path: string,
    struct: Struct<T, S>,
    options: RequestOptions = {},
  ): Promise<T> {
    const isRead = (options.method ?? 'GET') === 'GET';
    const retries = isRead ? Math.min(options.retries ?? READ_RETRY_LIMIT, READ_RETRY_LIMIT) : 0;
    let data: unknown;
    for (let attemptIndex = 0; ; attemptIndex++) {
      try {
        data = await attempt(path, options);
        break;
      } catch (error) {
        if (attemptIndex >= retries || !isRetryableError(error)) throw error;
        await sleep(retryDelayMs(attemptIndex), options.signal);
      }
    }
    try {
      // `mask` drops fields the contract does not know, so a newer server does not break
      // an older page, while every field the page relies on is still checked.
      return mask(data, struct);
    } catch (cause) {
      throw new InvalidResponseError({ cause, callFailure: options.callFailure });
    }
  }

  return {
    request,
    get: (path, struct, options) => request(path, struct, { ...options, method: 'GET' }),
    post: (path, struct, body, options) =>
      request(path, struct, { ...options, method: 'POST', ...(body ? { body } : {}) }),
    put: (path, struct, body, options) =>
      request(path, struct, { ...options, method: 'PUT', ...(body ? { body } : {}) }),
  };
}

/** Maps an ofetch failure to an `ApiError`, reading the `{ error, code, field, fieldCode }` body. */
function toApiError(error: unknown, callFailure: MessageDescriptor | undefined): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError && error.response) {
    const body: unknown = error.data;
    const fields =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const text = (key: string) => (typeof fields[key] === 'string' ? fields[key] : undefined);
    return new ApiError({
      status: error.response.status,
      serverMessage: text('error'),
      code: text('code'),
      field: text('field'),
      fieldCode: text('fieldCode'),
      opensAt: text('opensAt'),
      until: text('until'),
      callFailure,
      retryAfterS: parseRetryAfter(error.response.headers.get('retry-after')),
    });
  }
  return new ApiError({ status: 0, callFailure });
}

/** The caller's signal, also aborted after `timeoutMs`. */
function withTimeout(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  if (!signal) return timeout;
  // Browsers without AbortSignal.any (Safari before 17.4) keep the caller's signal only.
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : signal;
}

function sleep(delayMs: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, delayMs);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The app's one HTTP client. */
export const api: ApiClient = createApiClient({
  tokenStorage: browserTokenStorage,
  onUnauthorized: reportUnauthorized,
});
