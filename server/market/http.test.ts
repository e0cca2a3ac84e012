import { describe, expect, it } from 'vitest';
import { getJson, MarketRequestError } from '../../common/market/http';
import { startJsonServer } from '../../common/market/json-server.testkit';
import { parseRetryAfter, providerRequestOptions, toProviderError } from './http';

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const nowMs = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('7', nowMs)).toBe(7000);
    expect(parseRetryAfter('0.5', nowMs)).toBe(500);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', nowMs)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', nowMs)).toBe(0);
    expect(parseRetryAfter('soon', nowMs)).toBeNull();
    expect(parseRetryAfter('', nowMs)).toBeNull();
    expect(parseRetryAfter(null, nowMs)).toBeNull();
  });
});

describe('toProviderError', () => {
  const noServiceError = () => ({ code: null, message: null });

  it('names a refused connection with the reason Node keeps in the cause', async () => {
    const closed = await startJsonServer(() => ({ body: null }));
    await closed.close();
    const error = await getJson(
      closed.url,
      providerRequestOptions((url, init) => fetch(url, init), undefined),
    ).catch((e: unknown) => e);
    const providerError = toProviderError('binance', error, undefined, noServiceError);
    expect(providerError.message).toMatch(/^binance: request failed: .*\(ECONNREFUSED\)$/);
  });

  it('says "cancelled" or "timed out" when the caller’s signal ended the request', () => {
    const failure = new MarketRequestError('network', 'This operation was aborted');
    const cancelled = AbortSignal.abort();
    const timedOut = AbortSignal.abort(new DOMException('late', 'TimeoutError'));
    expect(toProviderError('coingecko', failure, cancelled, noServiceError).message).toBe(
      'coingecko: cancelled',
    );
    expect(toProviderError('coingecko', failure, timedOut, noServiceError).message).toBe(
      'coingecko: timed out',
    );
  });

  it('carries the status, the service’s code and message, and Retry-After', () => {
    const failure = new MarketRequestError('http', 'HTTP 418', {
      status: 418,
      body: {},
      retryAfter: '120',
    });
    const error = toProviderError('binance', failure, undefined, () => ({
      code: -1003,
      message: 'Way too much request weight used; IP banned',
    }));
    expect(error).toMatchObject({ status: 418, sourceCode: -1003, retryAfterMs: 120_000 });
    expect(error.message).toBe('binance: HTTP 418: Way too much request weight used; IP banned');
  });
});
