/**
 * The service worker, served as /sw.js (scope /). Built by `scripts/service-worker-plugin.ts`
 * after the app, which writes this build's precache list in place of
 * `__PRECACHE_MANIFEST__`, so a new build is a new worker.
 *
 * - install: downloads the whole list into `tradewallet-precache-<version>`; any failure
 *   fails the install and the current worker stays.
 * - page loads: the network first, the cached index.html when the network fails, so the
 *   app opens offline. (No navigation preload: a page load the worker passes through, such
 *   as a signed file link, would then reach the server twice, and each file read is
 *   audited.)
 * - /assets/*: the cache first; a miss is fetched and kept in `tradewallet-assets-<version>`
 *   (at most ASSET_CACHE_MAX_ENTRIES).
 * - everything else, and anything not a GET, is not answered here at all
 *   (`service-worker-policy.ts`): API answers, file links and uploads are never cached.
 * - a new version waits until the page asks it to take over (the "Reload" of the update
 *   banner), then deletes the previous version's caches on activation.
 */
import type { PrecacheManifest } from '../../common/precache-manifest';
import { SHELL_PATH } from '../../common/precache-manifest';
import { routeRequest, SKIP_WAITING_MESSAGE, type RequestRoute } from './service-worker-policy';

declare const self: ServiceWorkerGlobalScope;
declare const __PRECACHE_MANIFEST__: PrecacheManifest;

const manifest = __PRECACHE_MANIFEST__;
const CACHE_PREFIX = 'tradewallet-';
const PRECACHE_NAME = `${CACHE_PREFIX}precache-${manifest.version}`;
const ASSET_CACHE_NAME = `${CACHE_PREFIX}assets-${manifest.version}`;
/** Hashed files fetched outside the list (there should be none): a bound all the same. */
const ASSET_CACHE_MAX_ENTRIES = 100;

const precachedPaths: ReadonlySet<string> = new Set(manifest.urls);

self.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(deleteOldCaches());
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data) {
    if (data.type === SKIP_WAITING_MESSAGE.type) void self.skipWaiting();
  }
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const route: RequestRoute = routeRequest(
    {
      method: request.method,
      url: request.url,
      mode: request.mode,
      hasRange: request.headers.has('range'),
    },
    { origin: self.location.origin, precachedPaths },
  );
  if (route === 'bypass') return;
  if (route === 'navigation') event.respondWith(networkFirst(request));
  else event.respondWith(cacheFirst(request, route));
});

async function precache(): Promise<void> {
  const cache = await caches.open(PRECACHE_NAME);
  // Past the HTTP cache: index.html and the icons are not content-hashed, and a stale copy
  // would pair this version's list with another version's files.
  await cache.addAll(manifest.urls.map((url) => new Request(url, { cache: 'reload' })));
}

async function deleteOldCaches(): Promise<void> {
  const current = new Set([PRECACHE_NAME, ASSET_CACHE_NAME]);
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && !current.has(name))
      .map((name) => caches.delete(name)),
  );
}

async function networkFirst(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    // Offline, or the server is unreachable: this version's shell, which loads only files
    // of this version's list. Never a fresher index.html, whose files may not be cached.
    const shell = await caches.open(PRECACHE_NAME).then((cache) => cache.match(SHELL_PATH));
    return shell ?? Response.error();
  }
}

async function cacheFirst(request: Request, route: RequestRoute): Promise<Response> {
  const precached = await caches.open(PRECACHE_NAME).then((cache) => cache.match(request));
  if (precached) return precached;
  if (route !== 'hashed-asset') return fetch(request);
  const assets = await caches.open(ASSET_CACHE_NAME);
  const cached = await assets.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  // Only a complete answer of our own origin is kept (never an error page or a redirect).
  if (response.status === 200 && response.type === 'basic') {
    await assets.put(request, response.clone());
    await trimCache(assets, ASSET_CACHE_MAX_ENTRIES);
  }
  return response;
}

async function trimCache(cache: Cache, maxEntries: number): Promise<void> {
  const keys = await cache.keys();
  // Keys come back in insertion order: the oldest go first.
  await Promise.all(
    keys.slice(0, Math.max(0, keys.length - maxEntries)).map((key) => cache.delete(key)),
  );
}
