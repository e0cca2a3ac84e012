/** The shared JSON GET over real sockets: answers, limits, time-outs, errors, cancellation. */
import { afterEach, describe, expect, it } from 'vitest';
import { getJson, MarketRequestError, type GetJsonOptions } from './http';
import { startJsonServer, type FakeAnswer, type JsonServer } from './json-server.testkit';

const servers: JsonServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(handler: (url: URL) => FakeAnswer): Promise<string> {
  const server = await startJsonServer(handler);
  servers.push(server);
  return `${server.url}/x`;
}

const options: GetJsonOptions = {
  fetch: (url, init) => fetch(url, init),
  timeoutMs: 1000,
  maxBytes: 1024,
};

/** The MarketRequestError `promise` rejects with. */
async function failureOf(promise: Promise<unknown>): Promise<MarketRequestError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MarketRequestError);
  return error as MarketRequestError;
}

describe('getJson', () => {
  it('answers the parsed JSON body', async () => {
    const url = await serve(() => ({ body: { usd: 67123.45 } }));
    await expect(getJson(url, options)).resolves.toEqual({ usd: 67123.45 });
  });

  it('reports an HTTP error with its status, JSON error body and Retry-After', async () => {
    const url = await serve(() => ({
      status: 429,
      headers: { 'retry-after': '7' },
      body: { code: -1003, msg: 'Too much request weight used' },
    }));
    const error = await failureOf(getJson(url, options));
    expect(error).toMatchObject({ code: 'http', status: 429, retryAfter: '7' });
    expect(error.body).toEqual({ code: -1003, msg: 'Too much request weight used' });
  });

  it('reports an HTTP error whose body is not JSON without a body', async () => {
    const url = await serve(() => ({ status: 451, rawBody: '<html>restricted</html>' }));
    const error = await failureOf(getJson(url, options));
    expect(error).toMatchObject({ code: 'http', status: 451, body: undefined });
  });

  it('refuses a body that is not JSON', async () => {
    const url = await serve(() => ({ rawBody: '<html>Just a moment...</html>' }));
    expect(await failureOf(getJson(url, options))).toMatchObject({ code: 'format' });
  });

  it('refuses a body larger than the limit, by its declared length', async () => {
    const url = await serve(() => ({ body: { padding: 'x'.repeat(2048) } }));
    const error = await failureOf(getJson(url, options));
    expect(error).toMatchObject({ code: 'format', message: expect.stringMatching(/larger/) });
  });

  it('refuses a body over the limit while reading it, without a declared length', async () => {
    let pulls = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new TextEncoder().encode(' '.repeat(512)));
      },
    });
    const error = await failureOf(
      getJson('http://market.test/', { ...options, fetch: async () => new Response(endless) }),
    );
    expect(error).toMatchObject({ code: 'format' });
    expect(pulls).toBeLessThan(10);
  });

  it('times out a service that does not answer', async () => {
    const url = await serve(() => ({ hang: true }));
    const startedAt = performance.now();
    const error = await failureOf(getJson(url, { ...options, timeoutMs: 150 }));
    expect(error).toMatchObject({ code: 'timeout' });
    expect(performance.now() - startedAt).toBeLessThan(1000);
  });

  it('reports a refused connection, keeping its reason', async () => {
    const url = await serve(() => ({ body: null }));
    await servers.splice(0)[0]!.close();
    const error = await failureOf(getJson(url, options));
    expect(error.code).toBe('network');
    // Node's fetch keeps the reason in the cause of its error, which stays reachable.
    expect(error.cause).toMatchObject({ cause: { code: 'ECONNREFUSED' } });
  });

  it('rejects with the reason of the caller’s signal, and asks nothing once aborted', async () => {
    const server = await startJsonServer(() => ({ hang: true }));
    servers.push(server);
    const timedOut = getJson(server.url, { ...options, signal: AbortSignal.timeout(50) });
    await expect(timedOut).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(server.requests).toHaveLength(1);

    const signal = AbortSignal.abort(new Error('shutting down'));
    await expect(getJson(server.url, { ...options, signal })).rejects.toThrow('shutting down');
    expect(server.requests).toHaveLength(1);
  });

  it('follows a redirect unless told to refuse it', async () => {
    const url = await serve((u) =>
      u.pathname === '/x' ? { status: 302, headers: { location: '/y' } } : { body: [1] },
    );
    await expect(getJson(url, options)).resolves.toEqual([1]);
    const error = await failureOf(getJson(url, { ...options, redirect: 'error' }));
    expect(error).toMatchObject({ code: 'network' });
  });

  it('needs a time-out and a size limit', async () => {
    await expect(getJson('http://market.test/', { ...options, timeoutMs: 0 })).rejects.toThrow(
      RangeError,
    );
    await expect(getJson('http://market.test/', { ...options, maxBytes: 0 })).rejects.toThrow(
      RangeError,
    );
  });
});
