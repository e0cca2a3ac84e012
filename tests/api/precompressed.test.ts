/**
 * The web app's files go out compressed, as the build wrote them (scripts/precompress-
 * plugin.ts): Brotli when the browser takes it, else gzip, else the file itself; always with
 * `Vary: Accept-Encoding` and the same cache rules as uncompressed (hashed assets immutable,
 * the shell revalidated). API answers are not compressed. A stand-in build in a temporary
 * WEB_DIR, compressed by the build's own function and served as in production.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir, type PrecompressedFile } from '../../scripts/precompress-plugin';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let webDir: string;
let written: PrecompressedFile[];

/** Large and repetitive enough to be worth compressing, as real chunks are. */
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}];`;
const SHELL =
  '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest" />' +
  '<script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>' +
  `${'<!-- the shell -->'.repeat(80)}<div id="root"></div></body></html>`;
const TINY = 'console.log(1);';

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-web-precompressed-'));
  const write = (relative: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(webDir, relative)), { recursive: true });
    fs.writeFileSync(path.join(webDir, relative), content);
  };
  write('index.html', SHELL);
  write('assets/index-Ab12Cd34.js', SCRIPT);
  write('assets/tiny-Ef56Gh78.js', TINY);
  written = await precompressDir(webDir);
  t = await createTestApp({ WEB_DIR: webDir });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the build step', () => {
  it('writes a Brotli and a gzip copy of files worth it, and none of tiny files', () => {
    const byPath = new Map(written.map((file) => [file.path, file]));
    const script = byPath.get('assets/index-Ab12Cd34.js');
    expect(script?.brotliBytes).toBeGreaterThan(0);
    expect(script?.brotliBytes).toBeLessThan(SCRIPT.length / 4);
    expect(script?.gzipBytes).toBeLessThan(SCRIPT.length / 4);
    expect(byPath.get('index.html')?.brotliBytes).toBeGreaterThan(0);
    expect(byPath.get('assets/tiny-Ef56Gh78.js')).toMatchObject({
      brotliBytes: null,
      gzipBytes: null,
    });
    expect(fs.existsSync(path.join(webDir, 'assets/tiny-Ef56Gh78.js.br'))).toBe(false);
    const brotli = fs.readFileSync(path.join(webDir, 'assets/index-Ab12Cd34.js.br'));
    expect(zlib.brotliDecompressSync(brotli).toString()).toBe(SCRIPT);
  });
});

describe('serving the compressed copies', () => {
  it('sends Brotli to a browser that takes it, with the asset cache rules', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript\b/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip when Brotli is not accepted, and the file itself when nothing is', async () => {
    const gzipped = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    // A shared cache must not hand the plain file to a browser that takes Brotli.
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('sends a file without a compressed copy as it is', async () => {
    const res = await get('/assets/tiny-Ef56Gh78.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(TINY);
  });

  it('compresses the shell for page routes and keeps it revalidated', async () => {
    for (const url of ['/', '/markets', '/index.html']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html\b/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(SHELL);
    }
  });

  it('never serves a compressed copy for a missing file, nor compresses API answers', async () => {
    const missing = await get('/assets/index-Gone1234.js', 'br');
    expect(missing.statusCode).toBe(404);
    const api = await get('/api/health', 'br, gzip');
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-encoding']).toBeUndefined();
  });
});
