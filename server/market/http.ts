/** One small JSON GET for the providers: bounded size, cancellable, failures as ProviderError. */
import { ProviderError, type ProviderName } from './types';

/** CoinGecko's full coin list is ~2 MB; nothing a provider reads should be larger. */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export interface JsonResponse {
  status: number;
  body: unknown;
  retryAfterMs: number | null;
}

export type FetchLike = typeof fetch;

/**
 * GETs `url` and parses its JSON body, whatever the status (error answers carry JSON too).
 * Throws ProviderError when the call fails, is cancelled, is too large or is not JSON.
 */
export async function getJson(
  provider: ProviderName,
  url: string,
  signal: AbortSignal | undefined,
  fetchImpl: FetchLike = fetch,
): Promise<JsonResponse> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      signal,
      headers: { accept: 'application/json' },
      redirect: 'error',
    });
  } catch (error) {
    throw new ProviderError(provider, describeFetchFailure(error, signal));
  }
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  let text: string;
  try {
    text = await readCapped(response, MAX_RESPONSE_BYTES);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError(provider, describeFetchFailure(error, signal), response.status);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProviderError(
      provider,
      `answered HTTP ${response.status} with a body that is not JSON`,
      response.status,
      null,
      retryAfterMs,
    );
  }
  return { status: response.status, body, retryAfterMs };

  async function readCapped(res: Response, maxBytes: number): Promise<string> {
    const declared = Number(res.headers.get('content-length'));
    if (declared > maxBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw new ProviderError(provider, `answer larger than ${maxBytes} bytes`, res.status);
    }
    if (!res.body) return '';
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new ProviderError(provider, `answer larger than ${maxBytes} bytes`, res.status);
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}

function describeFetchFailure(error: unknown, signal: AbortSignal | undefined): string {
  if (signal?.aborted) {
    const reason: unknown = signal.reason;
    if (reason instanceof Error && reason.name === 'TimeoutError') return 'timed out';
    return 'cancelled';
  }
  const err = error as { message?: string; cause?: { code?: string; message?: string } };
  const cause = err.cause?.code ?? err.cause?.message;
  return `request failed: ${err.message ?? String(error)}${cause ? ` (${cause})` : ''}`;
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
