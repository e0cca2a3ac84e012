/**
 * One bounded JSON GET for the market services, used by the web app's worker and the server's
 * providers alike: a time-out, a cap on the bytes read, JSON parsing, and every failure as a
 * `MarketRequestError`. Only what a web worker and Node 20 both have (`fetch`,
 * `AbortController`, `setTimeout`, `TextDecoder`; `AbortSignal.any` only with a caller's
 * signal, which the server passes and the worker does not).
 */

/** `fetch`, or a stand-in (tests, a worker's bound `fetch`). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Why a request failed: no answer ('network'), none in time ('timeout'), an HTTP error
 * status ('http'), or an answer too large or not JSON ('format').
 */
export type MarketRequestFailure = 'network' | 'timeout' | 'http' | 'format';

/** A failed market request, with what is known about why. */
export class MarketRequestError extends Error {
  readonly code: MarketRequestFailure;
  /** The HTTP status of an 'http' failure. */
  readonly status: number | undefined;
  /** The JSON error body of an 'http' failure, when it had one (Binance: `{ code, msg }`). */
  readonly body: unknown;
  /** The Retry-After header of an 'http' failure, as sent (the server honours it). */
  readonly retryAfter: string | null;

  constructor(
    code: MarketRequestFailure,
    message: string,
    details: { status?: number; body?: unknown; retryAfter?: string | null; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = 'MarketRequestError';
    this.code = code;
    this.status = details.status;
    this.body = details.body;
    this.retryAfter = details.retryAfter ?? null;
  }
}

/** What a service's JSON error body says: its own error code and message, when it has them. */
export interface ServiceError {
  code: number | null;
  /** At most 200 characters: it goes into logs. */
  message: string | null;
}

/** A JSON object (not an array, not null), for reading answers field by field. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Any thrown value as a MarketRequestError: 'network' unless it already is one, with the
 * original as its `cause` (Node's fetch says only "fetch failed" and keeps the reason there).
 */
export function asMarketRequestError(error: unknown): MarketRequestError {
  if (error instanceof MarketRequestError) return error;
  return new MarketRequestError('network', error instanceof Error ? error.message : String(error), {
    cause: error,
  });
}

export interface GetJsonOptions {
  fetch: FetchLike;
  /** The whole request, body included, fails as 'timeout' after this long. */
  timeoutMs: number;
  /** A 2xx body larger than this fails as 'format', found while reading, not after. */
  maxBytes: number;
  /** Cancels the request; it then rejects with the signal's reason, as `fetch` does. */
  signal?: AbortSignal;
  /** 'error' refuses redirects (the server's providers never redirect); else they are followed. */
  redirect?: 'follow' | 'error';
}

/** Error bodies are read only this far: enough for `{ "code": -1121, "msg": "..." }`. */
const MAX_ERROR_BODY_BYTES = 4096;

/**
 * GETs `url` and answers its parsed JSON body. Throws a MarketRequestError: 'timeout' when no
 * full answer came within `timeoutMs`, 'http' on a non-2xx status (with the JSON error body
 * and Retry-After), 'format' on a body larger than `maxBytes` or not JSON, 'network'
 * otherwise; or the reason of `signal` once it aborted.
 */
export async function getJson(url: string, options: GetJsonOptions): Promise<unknown> {
  const { timeoutMs, maxBytes, signal } = options;
  if (!(timeoutMs > 0) || !(maxBytes > 0)) throw new RangeError('No time-out or size limit');
  const timeout = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    timeout.abort();
  }, timeoutMs);
  try {
    // Price services need neither cookies nor a referrer, and a cached price is a stale one.
    // (Node's RequestInit type lacks `cache`; its fetch keeps no cache anyway.)
    const init: RequestInit & { cache: 'no-store' } = {
      method: 'GET',
      headers: { Accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
      redirect: options.redirect,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
    };
    const response = await options.fetch(url, init);
    if (!response.ok) throw await httpError(response);
    return parseJson(await readLimited(response, maxBytes));
  } catch (error) {
    if (timedOut) throw new MarketRequestError('timeout', `No answer within ${timeoutMs} ms`);
    signal?.throwIfAborted();
    throw asMarketRequestError(error);
  } finally {
    clearTimeout(timer);
  }
}

async function httpError(response: Response): Promise<MarketRequestError> {
  const body = await readLimited(response, MAX_ERROR_BODY_BYTES).then(
    parseJsonOrUndefined,
    () => undefined,
  );
  return new MarketRequestError('http', `HTTP ${response.status}`, {
    status: response.status,
    body,
    retryAfter: response.headers.get('retry-after'),
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new MarketRequestError('format', 'The answer is not JSON');
  }
}

/** An error body that is not JSON (an HTML error page) is no body at all. */
function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The body as text, refusing more than `maxBytes` (checked while reading, not after). */
async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const tooLarge = () =>
    new MarketRequestError('format', `The answer is larger than ${maxBytes} bytes`);
  const declaredBytes = Number(response.headers.get('content-length'));
  if (declaredBytes > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let receivedBytes = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    receivedBytes += value.byteLength;
    if (receivedBytes > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
