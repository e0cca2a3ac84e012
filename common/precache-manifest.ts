/**
 * The service worker's precache list: every file of one build that the app may need offline
 * (index.html, the entry and lazy chunks, the language catalogs, styles, the market worker,
 * icons, logo, manifest), with a version that changes whenever any of those files changes.
 * Pure, shared by the build and the worker: the Vite plugin (`scripts/service-worker-plugin.ts`)
 * lists and hashes the files and writes the result into the worker; this module decides what
 * goes in.
 */

export interface PrecacheManifest {
  /** Names this build's caches; changes when any precached file's content changes. */
  version: string;
  /** Absolute paths on the app's origin, sorted, the shell first. */
  urls: string[];
}

export interface BuiltFile {
  /** Relative to the output folder, with forward slashes: `assets/index-D4La49F1.js`. */
  path: string;
  sizeBytes: number;
  /** The SHA-256 of the file's content, in hex. */
  sha256: string;
}

/** The app shell: what a page load gets when the network fails. */
export const SHELL_PATH = '/index.html';

/**
 * Bounds on what one install downloads. The build is about 1.5 MB in some 150 files; the
 * limits leave room for growth and fail the build long before a phone would suffer.
 */
export const PRECACHE_LIMITS = { maxFiles: 400, maxTotalBytes: 6 * 1024 * 1024 } as const;

/** Files a build may contain that the app never loads, or that must never be cached. */
const EXCLUDED = [
  /\.map$/i, // source maps: for developers' tools only
  /\.(?:gz|br)$/i, // pre-compressed twins of files already listed
  /(?:^|\/)\./, // dot-files (.DS_Store, .well-known)
  /^sw\.js$/, // the worker itself: the browser fetches it past any worker
] as const;

export function isPrecachable(path: string): boolean {
  return !EXCLUDED.some((pattern) => pattern.test(path));
}

/**
 * Builds the list from a build's files. `digest` is a hex hash function (SHA-256 in the
 * plugin); the version is its first 16 characters over the sorted list of paths and content
 * hashes, so an unchanged build keeps its caches and any change replaces them.
 */
export function buildPrecacheManifest(
  files: readonly BuiltFile[],
  digest: (text: string) => string,
): PrecacheManifest {
  const seen = new Set<string>();
  for (const file of files) {
    if (
      file.path.startsWith('/') ||
      file.path.includes('\\') ||
      file.path.split('/').includes('..')
    ) {
      throw new Error(`precache: "${file.path}" is not a relative path inside the build`);
    }
    if (!/^[0-9a-f]{64}$/.test(file.sha256)) {
      throw new Error(`precache: "${file.path}" has no SHA-256`);
    }
    if (seen.has(file.path)) throw new Error(`precache: "${file.path}" is listed twice`);
    seen.add(file.path);
  }
  const included = files.filter((file) => isPrecachable(file.path));
  if (!seen.has(SHELL_PATH.slice(1))) throw new Error('precache: the build has no index.html');
  if (included.length > PRECACHE_LIMITS.maxFiles) {
    throw new Error(
      `precache: ${included.length} files, more than ${PRECACHE_LIMITS.maxFiles}; exclude some`,
    );
  }
  const totalBytes = included.reduce((sum, file) => sum + file.sizeBytes, 0);
  if (totalBytes > PRECACHE_LIMITS.maxTotalBytes) {
    throw new Error(
      `precache: ${totalBytes} bytes, more than ${PRECACHE_LIMITS.maxTotalBytes}; exclude some`,
    );
  }

  const sorted = [...included].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const version = digest(sorted.map((file) => `${file.path} ${file.sha256}`).join('\n')).slice(
    0,
    16,
  );
  if (!/^[0-9a-f]{16}$/.test(version)) throw new Error('precache: digest must return hex');
  const urls = sorted.map((file) => `/${file.path}`);
  return { version, urls: [SHELL_PATH, ...urls.filter((url) => url !== SHELL_PATH)] };
}
