/**
 * The built web app: its files (with their precompressed copies and cache headers), and
 * index.html for any other page address so client routes work; everything else is a 404
 * in the API's error shape.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Whether the built web app carries the Stately inspector: `VITE_INSPECT=1 npm run build`
 * marks its index.html (vite.config.ts, `inspectorMarker`).
 */
export function isInspectorBuild(webDir: string): boolean {
  try {
    return fs
      .readFileSync(path.join(webDir, 'index.html'), 'utf8')
      .includes('name="tradewallet-inspector"');
  } catch {
    return false;
  }
}

/**
 * A request for a file that is not there: anything under /assets/ or a name with a file
 * extension. It gets a 404, never the shell: a missing /sw.js answered with HTML would leave
 * installed apps on their old worker, and a missing chunk must fail as a missing chunk.
 * Client routes never have an extension (ids are UUIDs and Pay IDs digits).
 */
function isMissingFile(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  return pathname.startsWith('/assets/') || /\.[a-z0-9]{1,12}$/i.test(pathname);
}

/** Addresses served by the server itself: never answered with the web app's shell. */
function isServerAddress(url: string): boolean {
  return (
    url.startsWith('/api/') ||
    url === '/api' ||
    url.startsWith('/upload') ||
    url.startsWith('/files/') ||
    url.startsWith('/sim/')
  );
}

async function serveFiles(app: FastifyInstance, webDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    // The build writes a Brotli and a gzip copy of each text file (scripts/precompress-
    // plugin.ts): the one the browser accepts is sent as it is, with no compression work
    // per request. API answers stay uncompressed: they are small, and mostly per user.
    preCompressed: true,
    // Hashed assets never change; index.html must always be revalidated.
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/** Serves the web app built into `webDir`, when it has been built; registered last. */
export const webApp = fp(async (app, options: { webDir: string }) => {
  const hasWebApp = fs.existsSync(path.join(options.webDir, 'index.html'));
  if (hasWebApp) await serveFiles(app, options.webDir);
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isServerAddress(request.url) && wantsPage && hasWebApp && !isMissingFile(request.url)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: 'Not found.', code: 'not_found' });
  });
});
