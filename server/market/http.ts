/**
 * The providers' requests: the shared JSON GET (common/market/http.ts) under the server's
 * limits, and its failures as ProviderError, the chain's currency.
 */
import {
  asMarketRequestError,
  type FetchLike,
  type GetJsonOptions,
  type MarketRequestError,
  type ServiceError,
} from '../../common/market/http';
import { PROVIDER_TIMEOUT_MS } from './chain';
import { ProviderError, type ProviderName } from './types';

/** CoinGecko's full coin list is ~2 MB; nothing a provider reads should be larger. */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/**
 * How a provider's request is made. The chain cancels a whole provider call after
 * `PROVIDER_TIMEOUT_MS` through `signal`; each request has that time-out of its own too, so a
 * provider used outside the chain is bounded as well. Redirects are refused: no provider
 * redirects, and following one would let an answer point the server at another host.
 */
export function providerRequestOptions(
  fetch: FetchLike,
  signal: AbortSignal | undefined,
): GetJsonOptions {
  return {
    fetch,
    signal,
    timeoutMs: PROVIDER_TIMEOUT_MS,
    maxBytes: MAX_RESPONSE_BYTES,
    redirect: 'error',
  };
}

/**
 * A failed request as a ProviderError: the service's own code and message from its error
 * body (`readServiceError`), Retry-After in milliseconds, and "timed out" or "cancelled" when
 * `signal` (the chain's time-out, or shutdown) ended it.
 */
export function toProviderError(
  provider: ProviderName,
  error: unknown,
  signal: AbortSignal | undefined,
  readServiceError: (body: unknown) => ServiceError,
): ProviderError {
  if (error instanceof ProviderError) return error;
  if (signal?.aborted) {
    const reason: unknown = signal.reason;
    const timedOut = reason instanceof Error && reason.name === 'TimeoutError';
    return new ProviderError(provider, timedOut ? 'timed out' : 'cancelled');
  }
  const failure = asMarketRequestError(error);
  switch (failure.code) {
    case 'http': {
      const { code, message } = readServiceError(failure.body);
      return new ProviderError(
        provider,
        `HTTP ${failure.status}: ${message ?? 'no message'}`,
        failure.status ?? null,
        code,
        parseRetryAfter(failure.retryAfter),
      );
    }
    case 'timeout':
      return new ProviderError(provider, 'timed out');
    case 'network':
      return new ProviderError(provider, `request failed: ${networkReason(failure)}`);
    case 'format':
      return new ProviderError(provider, failure.message);
  }
}

/** Node's fetch says only "fetch failed" and keeps the reason (ECONNREFUSED...) in `cause`. */
function networkReason(failure: MarketRequestError): string {
  const cause = (failure.cause as { cause?: { code?: unknown; message?: unknown } } | undefined)
    ?.cause;
  const reason = cause?.code ?? cause?.message;
  return typeof reason === 'string' ? `${failure.message} (${reason})` : failure.message;
}

/** Retry-After in seconds or as an HTTP date, in milliseconds; null when absent or odd. */
export function parseRetryAfter(value: string | null, nowMs = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** `base` (no trailing slash) joined with an absolute path. */
export function joinUrl(base: string, pathAndQuery: string): string {
  return `${base.replace(/\/+$/, '')}${pathAndQuery}`;
}

/** Splits a list into chunks of at most `size`. */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be >= 1');
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
