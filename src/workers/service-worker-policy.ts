/**
 * What the service worker (`service.worker.ts`) does with each request, as a pure function so
 * it can be tested without a browser. The rule is an allow-list: only the app's own static
 * files are ever cached; everything else goes to the network untouched, so an answer that
 * carries money or personal data (the API, file links, uploads) can never land in a cache.
 */

export type RequestRoute =
  /** Not ours to answer: the browser fetches it as if there were no service worker. */
  | 'bypass'
  /** A page load: the network first, the cached app shell when the network fails. */
  | 'navigation'
  /** A content-hashed build file under /assets/: the cache first (it never changes). */
  | 'hashed-asset'
  /** A file of this version's precache list outside /assets/ (icons, logo, manifest). */
  | 'precached';

export interface RequestFacts {
  method: string;
  url: string;
  /** `Request.mode`: 'navigate' for page loads. */
  mode: string;
  /** Whether the request has a Range header (media seeking): never answered from a cache. */
  hasRange: boolean;
}

/** The origin the worker serves and the paths of its precache list. */
export interface PolicyContext {
  origin: string;
  precachedPaths: ReadonlySet<string>;
}

/**
 * Paths whose answers are never cached nor answered by the worker, page loads included:
 * the API, signed file links, uploads and the simulated market. Compared in lower case, so
 * a differently cased path is passed through too (passing through is always safe).
 */
const NEVER_CACHED_PREFIXES = ['/api/', '/files/', '/upload', '/sim/'] as const;
const NEVER_CACHED_EXACT = ['/api', '/files', '/sim'] as const;

/** The worker's own script: the browser checks it for updates past any worker. */
const SERVICE_WORKER_PATH = '/sw.js';

/** What the page posts to a waiting worker when the user accepts the update. */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

/** Where Vite puts the content-hashed build files. */
const HASHED_ASSETS_PREFIX = '/assets/';

export function isNeverCached(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return (
    NEVER_CACHED_EXACT.some((exact) => path === exact) ||
    NEVER_CACHED_PREFIXES.some((prefix) => path.startsWith(prefix))
  );
}

export function routeRequest(request: RequestFacts, context: PolicyContext): RequestRoute {
  // Only reads can be answered from a cache; a POST or PUT always reaches the server.
  if (request.method !== 'GET') return 'bypass';
  if (request.hasRange) return 'bypass';
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'bypass';
  }
  // Other origins (the market services, the chat widget) are none of the worker's business.
  if (url.origin !== context.origin) return 'bypass';
  if (isNeverCached(url.pathname)) return 'bypass';
  if (url.pathname === SERVICE_WORKER_PATH) return 'bypass';
  if (request.mode === 'navigate') return 'navigation';
  // A query string would make a different cache entry; the app never asks for one.
  if (url.search !== '') return 'bypass';
  if (url.pathname.startsWith(HASHED_ASSETS_PREFIX)) return 'hashed-asset';
  if (context.precachedPaths.has(url.pathname)) return 'precached';
  return 'bypass';
}
