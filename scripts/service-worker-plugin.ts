/**
 * A Vite plugin that builds the service worker (`src/workers/service.worker.ts`) after the
 * app: it lists the files the build wrote (chunks, styles, the copied public folder),
 * hashes them into a precache list (`src/workers/precache-manifest.ts`), and bundles the
 * worker with that list written in as one self-contained classic script, `sw.js` at the top
 * of the output folder, so its scope is the whole site. Builds only; `vite dev` and Vitest
 * never see a worker.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import {
  buildPrecacheManifest,
  type BuiltFile,
  type PrecacheManifest,
} from '../common/precache-manifest.js';

const SERVICE_WORKER_FILE = 'sw.js';
/** More files than this in the public folder means it is not the folder we think it is. */
const MAX_PUBLIC_FILES = 200;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Relative paths (forward slashes) of the files under `dir`, depth-first, bounded. */
function listFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) found.push(child);
      if (found.length > MAX_PUBLIC_FILES) {
        throw new Error(`service worker: more than ${MAX_PUBLIC_FILES} files in ${dir}`);
      }
    }
  };
  if (fs.existsSync(dir)) walk('');
  return found;
}

export function serviceWorkerPlugin(options: { entry: string }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'tradewallet:service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After the bundle and the public folder (copied at render start) are on disk.
    async writeBundle(output, bundle) {
      const outDir = output.dir ?? path.resolve(config.root, config.build.outDir);
      const publicFiles = config.publicDir ? listFiles(config.publicDir) : [];
      const paths = new Set([...Object.keys(bundle), ...publicFiles]);
      paths.delete(SERVICE_WORKER_FILE);
      const files: BuiltFile[] = [...paths].map((relative) => {
        const content = fs.readFileSync(path.join(outDir, relative));
        return { path: relative, sizeBytes: content.byteLength, sha256: sha256(content) };
      });
      const manifest = buildPrecacheManifest(files, sha256);
      await buildWorker(options.entry, outDir, manifest, config);
      config.logger.info(
        `service worker: ${SERVICE_WORKER_FILE}, version ${manifest.version}, ` +
          `${manifest.urls.length} files precached`,
      );
    },
  };
}

async function buildWorker(
  entry: string,
  outDir: string,
  manifest: PrecacheManifest,
  app: ResolvedConfig,
): Promise<void> {
  await build({
    configFile: false,
    root: app.root,
    mode: app.mode,
    logLevel: 'warn',
    publicDir: false,
    define: { __PRECACHE_MANIFEST__: JSON.stringify(manifest) },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      write: true,
      sourcemap: false,
      minify: app.build.minify !== false,
      target: app.build.target,
      modulePreload: false,
      reportCompressedSize: false,
      lib: {
        entry: path.resolve(app.root, entry),
        formats: ['iife'],
        name: 'TradeWalletServiceWorker',
        fileName: () => SERVICE_WORKER_FILE,
      },
    },
  });
  const written = path.join(outDir, SERVICE_WORKER_FILE);
  const code = fs.readFileSync(written, 'utf8');
  // The list must have been written in, and the worker must not load anything itself.
  if (code.includes('__PRECACHE_MANIFEST__') || !code.includes(manifest.version)) {
    throw new Error('service worker: the precache list was not written into sw.js');
  }
  if (/\bimport\s*\(|^\s*import\s/m.test(code)) {
    throw new Error('service worker: sw.js must be one script without imports');
  }
}
