import { object, string } from 'superstruct';
import { describe, expect, it, vi } from 'vitest';
import { READ_RETRY_LIMIT, retryDelayMs } from '../../common/rules';
import { MemoryStorage } from '../testing/memory-storage';
import { createApiClient } from './api-client';
import { ApiError, INVALID_RESPONSE_MESSAGE, InvalidResponseError } from './api-error';
import { createTokenStorage } from './token-storage';

const Greeting = object({ message: string() });

type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

/** A fake `fetch` answering `replies` in order (the last one repeats), recording each request. */
function fakeServer(replies: Reply[]) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    const reply = replies[Math.min(requests.length - 1, replies.length - 1)];
    if (!reply) throw new Error('no reply configured');
    if (reply instanceof Error) throw reply;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  return { fetch, requests };
}

function setup(replies: Reply[], tokens: { user?: string; admin?: string } = {}) {
  const server = fakeServer(replies);
  const storage = createTokenStorage(new MemoryStorage());
  if (tokens.admin) storage.replace('admin', tokens.admin);
  if (tokens.user) storage.replace('user', tokens.user);
  const onUnauthorized = vi.fn();
  const delays: number[] = [];
  const client = createApiClient({
    baseURL: 'http://api.test/api',
    fetch: server.fetch as typeof globalThis.fetch,
    tokenStorage: storage,
    onUnauthorized,
    // Record the policy's delays without waiting them out.
    retryDelayMs: (attempt) => {
      delays.push(retryDelayMs(attempt));
      return 0;
    },
  });
  return { client, requests: server.requests, onUnauthorized, delays };
}

describe('api client', () => {
  it('sends the user token by default and returns the checked body without unknown fields', async () => {
    const { client, requests } = setup([{ status: 200, body: { message: 'hi', extra: 1 } }], {
      user: 'u-token',
    });
    await expect(client.get('/greet', Greeting)).resolves.toEqual({ message: 'hi' });
    expect(requests[0]?.url).toBe('http://api.test/api/greet');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer u-token');
  });

  it('sends the admin token for admin calls and none for public ones', async () => {
    const { client, requests } = setup([{ status: 200, body: { message: 'ok' } }], {
      admin: 'a-token',
    });
    await client.get('/admin-thing', Greeting, { auth: 'admin' });
    await client.post('/login', Greeting, { email: 'a@b.co', password: 'x' }, { auth: 'none' });
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer a-token');
    expect(requests[1]?.headers.get('authorization')).toBeNull();
    expect(requests[1]?.method).toBe('POST');
    await expect(requests[1]?.json()).resolves.toEqual({ email: 'a@b.co', password: 'x' });
  });

  it('sends the idempotency key of a money-moving write, and refuses a malformed one', async () => {
    const { client, requests } = setup([{ status: 201, body: { message: 'ok' } }], {
      user: 'u-token',
    });
    const key = 'Zm9vYmFyYmF6cXV4MTIzNA';
    await client.post('/createTransfer', Greeting, { amount: '1' }, { idempotencyKey: key });
    expect(requests[0]?.headers.get('idempotency-key')).toBe(key);
    await expect(
      client.post('/createTransfer', Greeting, {}, { idempotencyKey: 'short' }),
    ).rejects.toBeInstanceOf(RangeError);
    expect(requests).toHaveLength(1);
  });

  it("rejects a response that breaks the contract with 'Invalid response structure'", async () => {
    const { client } = setup([{ status: 200, body: { message: 42 } }]);
    const failure = client.get('/greet', Greeting);
    await expect(failure).rejects.toBeInstanceOf(InvalidResponseError);
    await expect(failure).rejects.toThrow(INVALID_RESPONSE_MESSAGE);
  });

  it('maps an error body to an ApiError', async () => {
    const { client } = setup([
      {
        status: 400,
        body: {
          error: 'Password is required',
          code: 'field',
          field: 'password',
          fieldCode: 'passwordRequired',
        },
      },
    ]);
    const error = await client.post('/registerUser', Greeting, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'field',
      field: 'password',
      fieldCode: 'passwordRequired',
      serverMessage: 'Password is required',
    });
  });

  it('keeps how long a 429 asks to wait', async () => {
    const { client } = setup([
      {
        status: 429,
        body: { error: 'Too many attempts.', code: 'too_many_attempts' },
        headers: { 'retry-after': '16' },
      },
    ]);
    const error = await client.post('/login', Greeting, {}, { auth: 'none' }).catch((e) => e);
    expect(error).toMatchObject({ status: 429, code: 'too_many_attempts', retryAfterS: 16 });
  });

  it('drops codes it does not know', async () => {
    const { client } = setup([{ status: 418, body: { error: 'Teapot', code: 'teapot' } }]);
    const error = await client.get('/greet', Greeting).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 418, code: undefined, serverMessage: 'Teapot' });
  });

  it('reports a 401 on a call with a token, but not on a public call', async () => {
    const { client, onUnauthorized } = setup([{ status: 401, body: { error: 'Unauthorized' } }]);
    await expect(client.get('/getUserById', Greeting)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(client.post('/login', Greeting, {}, { auth: 'none' })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('retries a read after server trouble and a network failure, with doubling delays', async () => {
    const { client, requests, delays } = setup([
      { status: 503, body: { error: 'busy' } },
      new TypeError('fetch failed'),
      { status: 200, body: { message: 'finally' } },
    ]);
    await expect(client.get('/greet', Greeting)).resolves.toEqual({ message: 'finally' });
    expect(requests).toHaveLength(3);
    expect(delays).toEqual([1000, 2000]);
  });

  it('gives up on a read after READ_RETRY_LIMIT retries', async () => {
    const { client, requests, delays } = setup([{ status: 502 }]);
    await expect(client.get('/greet', Greeting)).rejects.toMatchObject({ status: 502 });
    expect(requests).toHaveLength(READ_RETRY_LIMIT + 1);
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000].slice(0, READ_RETRY_LIMIT));
  });

  it('does not retry a read that cannot succeed, nor any write', async () => {
    const notFound = setup([{ status: 404, body: { error: 'Not found' } }]);
    await expect(notFound.client.get('/greet', Greeting)).rejects.toMatchObject({ status: 404 });
    expect(notFound.requests).toHaveLength(1);

    const busy = setup([{ status: 503 }]);
    await expect(busy.client.post('/createThing', Greeting, { a: 1 })).rejects.toMatchObject({
      status: 503,
    });
    await expect(busy.client.put('/updateThing', Greeting, { a: 1 })).rejects.toMatchObject({
      status: 503,
    });
    expect(busy.requests).toHaveLength(2);
  });

  it('lets a caller turn read retries off (TanStack Query retries instead)', async () => {
    const { client, requests } = setup([{ status: 503 }]);
    await expect(client.get('/greet', Greeting, { retries: 0 })).rejects.toBeInstanceOf(ApiError);
    expect(requests).toHaveLength(1);
  });

  it('reports no answer as status 0', async () => {
    const { client } = setup([new TypeError('fetch failed')]);
    const error = await client.get('/greet', Greeting, { retries: 0 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, isNetworkError: true });
  });
});

/** A `fetch` that never answers: it fails only once its call is aborted, with the reason. */
const hangingFetch = () =>
  vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      }),
  );

describe('api client time-out and cancellation', () => {
  it('turns a call that never answers into a retryable status-0 error', async () => {
    const storage = createTokenStorage(new MemoryStorage());
    const hanging = hangingFetch();
    const client = createApiClient({
      baseURL: 'http://api.test/api',
      fetch: hanging as typeof globalThis.fetch,
      tokenStorage: storage,
      timeoutMs: 20,
    });
    const error = await client
      .get('/slow', Greeting, { retries: 0, signal: new AbortController().signal })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0 });
  });

  it("passes the caller's own abort through untouched", async () => {
    const storage = createTokenStorage(new MemoryStorage());
    const controller = new AbortController();
    const hanging = hangingFetch();
    const client = createApiClient({
      baseURL: 'http://api.test/api',
      fetch: hanging as typeof globalThis.fetch,
      tokenStorage: storage,
    });
    const call = client.get('/slow', Greeting, { signal: controller.signal });
    controller.abort(new DOMException('gone', 'AbortError'));
    const error = await call.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(hanging).toHaveBeenCalledTimes(1);
  });
});
