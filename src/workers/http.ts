/**
 * One bounded GET for the market providers: a time-out through AbortController, a cap on the
 * bytes accepted, JSON parsing, and failures sorted into the feed's error codes.
 */
import type { MarketError } from './market-types';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** A failed request, with the reason the status reports. */
export class FeedRequestError extends Error {
  readonly code: MarketError['code'];
  readonly status: number | undefined;
  /** The JSON error body of an HTTP error, when there was one (Binance: `{ code, msg }`). */
  readonly body: unknown;

  constructor(code: MarketError['code'], message: string, status?: number, body?: unknown) {
    super(message);
    this.name = 'FeedRequestError';
    this.code = code;
    this.status = status;
    this.body = body;
  }

  toMarketError(): MarketError {
    return this.status === undefined
      ? { code: this.code }
      : { code: this.code, status: this.status };
  }
}

export function asFeedError(error: unknown): FeedRequestError {
  if (error instanceof FeedRequestError) return error;
  return new FeedRequestError('network', error instanceof Error ? error.message : String(error));
}

export interface GetJsonOptions {
  timeoutMs: number;
  maxBytes: number;
}

/** Error bodies are read only this far: enough for `{ "code": -1121, "msg": "..." }`. */
const MAX_ERROR_BODY_BYTES = 4096;

/**
 * GETs `url` and parses its JSON answer. Throws `FeedRequestError`: 'timeout' when no full
 * answer came within `timeoutMs`, 'http' on a non-2xx status, 'format' on a body larger than
 * `maxBytes` or not JSON, 'network' otherwise.
 */
export async function getJson(
  fetchFn: FetchLike,
  url: string,
  { timeoutMs, maxBytes }: GetJsonOptions,
): Promise<unknown> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await fetchFn(url, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
      // Price services need neither cookies nor a referrer.
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
    });
    if (!response.ok) {
      const body = await readLimited(response, MAX_ERROR_BODY_BYTES).then(
        (text) => parseJsonOrUndefined(text),
        () => undefined,
      );
      throw new FeedRequestError('http', `HTTP ${response.status}`, response.status, body);
    }
    const text = await readLimited(response, maxBytes);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new FeedRequestError('format', 'The answer is not JSON');
    }
  } catch (error) {
    if (timedOut) throw new FeedRequestError('timeout', `No answer within ${timeoutMs} ms`);
    throw asFeedError(error);
  } finally {
    clearTimeout(timer);
  }
}

/** The body as text, refusing more than `maxBytes` (checked while reading, not after). */
async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new FeedRequestError('format', `The answer is larger than ${maxBytes} bytes`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new FeedRequestError('format', `The answer is larger than ${maxBytes} bytes`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Resolves a configured URL: absolute ones as they are, paths against the app's origin. */
export function resolveUrl(url: string, origin: string): URL {
  return new URL(url, origin);
}
