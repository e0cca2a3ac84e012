import { describe, expect, it } from 'vitest';
import { isNeverCached, routeRequest, type RequestFacts } from './service-worker-policy';

const ORIGIN = 'https://wallet.example';
const context = {
  origin: ORIGIN,
  precachedPaths: new Set([
    '/index.html',
    '/logo.svg',
    '/manifest.webmanifest',
    '/icons/icon-192.png',
  ]),
};

function route(path: string, overrides: Partial<RequestFacts> = {}) {
  return routeRequest(
    { method: 'GET', url: `${ORIGIN}${path}`, mode: 'cors', hasRange: false, ...overrides },
    context,
  );
}

describe('routeRequest', () => {
  it('answers page loads network-first with the shell as the fallback', () => {
    for (const path of ['/', '/markets', '/deposit/log/abc', '/settings?tab=1', '/admin/users']) {
      expect(route(path, { mode: 'navigate' })).toBe('navigation');
    }
  });

  it('serves hashed build files and precached files from the cache', () => {
    expect(route('/assets/index-D4La49F1.js', { mode: 'no-cors' })).toBe('hashed-asset');
    expect(route('/assets/messages-W3Be4_qz.js')).toBe('hashed-asset');
    expect(route('/logo.svg', { mode: 'no-cors' })).toBe('precached');
    expect(route('/manifest.webmanifest')).toBe('precached');
    expect(route('/icons/icon-192.png')).toBe('precached');
  });

  it('never answers the API, file links, uploads or the simulated market', () => {
    const paths = [
      '/api/getUserById',
      '/api/getUserDepositLog?page=1',
      '/api',
      '/API/getUserById',
      '/files/abc?sig=x&exp=1',
      '/upload?timestamp=1',
      '/upload',
      '/sim/api/v3/ticker/24hr',
    ];
    for (const path of paths) {
      expect(route(path), path).toBe('bypass');
      // Not even as a page load (a file link opened in a tab, an API address typed in).
      expect(route(path, { mode: 'navigate' }), path).toBe('bypass');
    }
  });

  it('never answers anything but GET', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']) {
      expect(route('/assets/index-D4La49F1.js', { method })).toBe('bypass');
      expect(route('/', { method, mode: 'navigate' })).toBe('bypass');
    }
  });

  it('leaves other origins, range requests, queries and unlisted files to the network', () => {
    expect(
      routeRequest(
        {
          method: 'GET',
          url: 'https://api.binance.com/api/v3/ticker/24hr',
          mode: 'cors',
          hasRange: false,
        },
        context,
      ),
    ).toBe('bypass');
    expect(
      routeRequest(
        { method: 'GET', url: 'https://chat.example/', mode: 'navigate', hasRange: false },
        context,
      ),
    ).toBe('bypass');
    expect(route('/assets/clip.mp4', { hasRange: true })).toBe('bypass');
    expect(route('/assets/index-D4La49F1.js?v=2')).toBe('bypass');
    expect(route('/robots.txt')).toBe('bypass');
    expect(route('/sw.js')).toBe('bypass');
    expect(route('/sw.js', { mode: 'navigate' })).toBe('bypass');
    expect(
      routeRequest({ method: 'GET', url: 'not a url', mode: 'cors', hasRange: false }, context),
    ).toBe('bypass');
  });
});

describe('isNeverCached', () => {
  it('matches the private prefixes and only them', () => {
    expect(isNeverCached('/api/login')).toBe(true);
    expect(isNeverCached('/files/x')).toBe(true);
    expect(isNeverCached('/uploads')).toBe(true);
    expect(isNeverCached('/sim/coins/list')).toBe(true);
    expect(isNeverCached('/apiary')).toBe(false);
    expect(isNeverCached('/simple')).toBe(false);
    expect(isNeverCached('/assets/api-error-Bzrcsk4o.js')).toBe(false);
  });
});
