/**
 * How the server hands out the installable app's files: the service worker at /sw.js always
 * revalidated (a stale copy would delay every update by a day), as JavaScript, under the
 * strict policy; the web app manifest as a manifest; hashed assets immutable; page routes
 * get index.html, never cached without revalidation. A stand-in build in a temporary
 * WEB_DIR, served as in production.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let webDir: string;

const SERVICE_WORKER = 'self.addEventListener("fetch", () => undefined);';
const MANIFEST = JSON.stringify({ name: 'TradeWallet', start_url: '/', display: 'standalone' });

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-web-pwa-'));
  const write = (relative: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(webDir, relative)), { recursive: true });
    fs.writeFileSync(path.join(webDir, relative), content);
  };
  write(
    'index.html',
    '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest" />' +
      '<script type="module" src="/assets/index-Ab12Cd34.js"></script></head></html>',
  );
  write('sw.js', SERVICE_WORKER);
  write('manifest.webmanifest', MANIFEST);
  write('assets/index-Ab12Cd34.js', 'console.log(1);');
  write('icons/icon-192.png', Buffer.from('89504e470d0a1a0a', 'hex'));
  t = await createTestApp({ WEB_DIR: webDir });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the installable app files', () => {
  it('serves /sw.js as JavaScript, revalidated every time, under the strict policy', async () => {
    const res = await get('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript\b/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(SERVICE_WORKER);
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("worker-src 'self'");
    // The worker's scope is the whole site without a Service-Worker-Allowed header.
    expect(res.headers['service-worker-allowed']).toBeUndefined();
  });

  it('serves the manifest as application/manifest+json, revalidated', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json\b/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual(JSON.parse(MANIFEST));
    expect(String(res.headers['content-security-policy'])).toContain("manifest-src 'self'");
  });

  it('serves icons as images and hashed assets as immutable', async () => {
    const icon = await get('/icons/icon-192.png');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('no-cache');
    const asset = await get('/assets/index-Ab12Cd34.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers index.html, revalidated, for the shell the worker precaches and page routes', async () => {
    for (const url of ['/index.html', '/', '/markets', '/deposit/log/abc']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html\b/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('rel="manifest"');
    }
  });

  it('answers a missing file with 404, never the shell', async () => {
    for (const url of [
      '/assets/index-Gone1234.js',
      '/sw-old.js',
      '/icons/none.png',
      '/a.css?v=1',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json\b/);
    }
  });

  it('never answers an API path with the shell', async () => {
    const res = await get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json\b/);
  });
});
