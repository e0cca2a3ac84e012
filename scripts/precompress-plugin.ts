/**
 * A Vite plugin that writes a Brotli (`.br`) and a gzip (`.gz`) copy next to every text file
 * of the build (scripts, styles, index.html, sw.js, the manifest, SVG), once, at the
 * strongest settings. The server hands them out as they are (`@fastify/static` with
 * `preCompressed`), chosen by the request's Accept-Encoding: a phone on a slow link loads
 * about a third of the bytes, and the server spends no CPU compressing per request.
 * Builds only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files that compress well; images and fonts of the build are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i;
/** Below this a compressed copy saves less than the response's headers weigh. */
const MIN_SIZE_BYTES = 1024;
/** A copy is kept only when it saves at least this share of the file. */
const MIN_SAVING = 0.1;

export interface PrecompressedFile {
  path: string;
  bytes: number;
  brotliBytes: number | null;
  gzipBytes: number | null;
}

/** The files under `dir` (relative, forward slashes) worth compressing. */
function compressibleFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) found.push(child);
    }
  };
  walk('');
  return found;
}

/**
 * Writes `file.br` and `file.gz` beside each compressible file of `dir` that is large enough
 * and shrinks enough; removes stale copies of files that no longer qualify. Answers what it
 * wrote.
 */
export async function precompressDir(dir: string): Promise<PrecompressedFile[]> {
  return Promise.all(
    compressibleFiles(dir).map(async (relative) => {
      const file = path.join(dir, relative);
      const content = await fs.promises.readFile(file);
      const worthIt = content.byteLength >= MIN_SIZE_BYTES;
      const [br, gz] = worthIt
        ? await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ])
        : [null, null];
      const keep = async (copy: Buffer | null, extension: string): Promise<number | null> => {
        const target = `${file}${extension}`;
        if (copy === null || copy.byteLength > content.byteLength * (1 - MIN_SAVING)) {
          await fs.promises.rm(target, { force: true });
          return null;
        }
        await fs.promises.writeFile(target, copy);
        return copy.byteLength;
      };
      return {
        path: relative,
        bytes: content.byteLength,
        brotliBytes: await keep(br, '.br'),
        gzipBytes: await keep(gz, '.gz'),
      };
    }),
  );
}

export function precompressPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'tradewallet:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After every plugin's writeBundle, so the service worker (written there) is included.
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      if (!fs.existsSync(outDir)) return;
      const files = (await precompressDir(outDir)).filter((f) => f.brotliBytes !== null);
      const total = (key: 'bytes' | 'brotliBytes') =>
        files.reduce((sum, f) => sum + (f[key] ?? 0), 0);
      config.logger.info(
        `precompressed: ${files.length} files, ${(total('bytes') / 1000).toFixed(0)} kB → ` +
          `${(total('brotliBytes') / 1000).toFixed(0)} kB brotli (and gzip)`,
      );
    },
  };
}
