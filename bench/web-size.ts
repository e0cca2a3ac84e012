/**
 * Initial JavaScript and CSS of a first visit, gzip-compressed, for `/`, `/markets` and
 * `/trade`. Budgets (kB = 1,000 bytes, as Vite prints): `/` signed out at most 140 kB gzip,
 * `/` signed in and `/markets` at most 160 kB, with React and React DOM as the runtime.
 *
 *   npm run bench:web-size        (BENCH_PG_URL, CHROMIUM_PATH, BENCH_WEB_DIR, BENCH_VERBOSE)
 *
 * How it measures, the browser way: it builds the app with Vite into a temporary folder
 * (`vite build --manifest`, so the build in dist/ is left alone), serves that build from
 * the real server on a fresh PostgreSQL database, and opens each route in Chromium at a
 * phone's size with an empty cache: `/` signed out (the first visit: the home page) and
 * signed in (the Onchain page), `/markets` and `/trade` signed in (both are behind
 * sign-in; the token is put where the app keeps it before its scripts run). Every
 * JavaScript and CSS response of the app's origin until the network is idle counts (the
 * entry, its preloaded imports, the route's lazy page chunk and its imports, the language
 * catalog, and the market worker where the page starts it), each gzip-compressed here at
 * level 9 as Vite's size report does (the server sends the build's own Brotli copies,
 * about 10 % smaller).
 *
 * As a cross-check it also follows Vite's manifest: the entry chunk and its static
 * imports, the route's page module and its static imports, and the English catalog, with
 * their CSS. The two agree when the page loads nothing beyond its static graph.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type Response } from '@playwright/test';
import { openDatabase } from '../server/db/client';
import { coins } from '../server/db/schema';
import { createSession } from '../server/modules/auth/sessions';
import { createAccount } from '../server/modules/auth/new-account';
import { dropDatabase, freshDatabase, machineReport, startServer } from './lib';
import { SCALE_COINS } from './seed-scale';

const PORT = 3341;
/** A build to measure instead of building one (a folder with index.html and .vite/manifest.json). */
const WEB_DIR = process.env.BENCH_WEB_DIR;
const VERBOSE = process.env.BENCH_VERBOSE === '1';
/** After the network goes idle, this long for late chunks (a worker, the catalog). */
const SETTLE_MS = 1500;
const IDLE_TIMEOUT_MS = 20_000;

interface RouteCase {
  label: string;
  path: string;
  signedIn: boolean;
  /** The page module the route renders (a key of Vite's manifest). */
  pageModule: string;
  /** The budget of its first visit (JS + CSS, gzip bytes), where it has one. */
  budgetBytes?: number;
}

const ROUTES: readonly RouteCase[] = [
  {
    label: '/ (signed out)',
    path: '/',
    signedIn: false,
    pageModule: 'src/views/home/home-page.tsx',
    budgetBytes: 140_000,
  },
  {
    label: '/ (signed in)',
    path: '/',
    signedIn: true,
    pageModule: 'src/views/wallet/onchain-page.tsx',
    budgetBytes: 160_000,
  },
  {
    label: '/markets',
    path: '/markets',
    signedIn: true,
    pageModule: 'src/views/markets/markets-page.tsx',
    budgetBytes: 160_000,
  },
  { label: '/trade', path: '/trade', signedIn: true, pageModule: 'src/views/trade/trade-page.tsx' },
];
const CATALOG_MODULE = 'locales/en/messages.po';

interface Asset {
  file: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

interface Sizes {
  assets: Asset[];
  jsGzip: number;
  cssGzip: number;
}

const gzipSize = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length;
const kB = (bytes: number) => (bytes / 1000).toFixed(1);

function summarize(assets: Asset[]): Sizes {
  const sum = (kind: Asset['kind']) =>
    assets.filter((a) => a.kind === kind).reduce((total, a) => total + a.gzipBytes, 0);
  return { assets, jsGzip: sum('js'), cssGzip: sum('css') };
}

/** Builds the app into a temporary folder with Vite's manifest; answers the folder. */
function build(): string {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-web-size-'));
  const startedAt = performance.now();
  execFileSync(
    path.join('node_modules', '.bin', 'vite'),
    ['build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
  console.log(`built in ${((performance.now() - startedAt) / 1000).toFixed(1)} s into ${outDir}`);
  return outDir;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The files a route needs by Vite's manifest: entry, page and catalog, with static imports. */
function manifestSizes(webDir: string, route: RouteCase): Sizes {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1)
    throw new Error(`expected one entry in the manifest, found ${entries.length}`);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`${key} is not in Vite's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entries[0]![0]);
  // A page planned into the first load (the home page, scripts/chunk-plan.ts) has no chunk
  // of its own: the entry's files are all it needs.
  if (manifest[route.pageModule] !== undefined) visit(route.pageModule);
  visit(CATALOG_MODULE);
  return summarize(
    [...files].map((file) => {
      const body = fs.readFileSync(path.join(webDir, file));
      return {
        file,
        kind: file.endsWith('.css') ? 'css' : 'js',
        bytes: body.length,
        gzipBytes: gzipSize(body),
      };
    }),
  );
}

function assetKind(response: Response): Asset['kind'] | null {
  const type = response.headers()['content-type'] ?? '';
  if (/javascript/.test(type)) return 'js';
  if (/text\/css/.test(type)) return 'css';
  return null;
}

/** Opens the route in a fresh context (empty cache) and sums its JS and CSS responses. */
async function browserSizes(
  browser: Browser,
  baseUrl: string,
  route: RouteCase,
  token: string,
): Promise<Sizes> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    // The service worker precaches the whole build after the first load: that is a
    // background download for later visits, not what the first visit needs to render.
    serviceWorkers: 'block',
  });
  try {
    if (route.signedIn) {
      await context.addInitScript({
        content: `try { localStorage.setItem('uToken', ${JSON.stringify(token)}); } catch {}`,
      });
    }
    const pending: Array<Promise<Asset | null>> = [];
    context.on('response', (response) => {
      const kind = assetKind(response);
      if (kind === null || !response.url().startsWith(baseUrl)) return;
      pending.push(
        response.body().then(
          (body) => ({
            file: new URL(response.url()).pathname.replace(/^\//, ''),
            kind,
            bytes: body.length,
            gzipBytes: gzipSize(body),
          }),
          () => null,
        ),
      );
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}${route.path}`, { waitUntil: 'load' });
    // The markets and trade pages poll prices every second, so the network may never be
    // idle for long: wait for idle at most IDLE_TIMEOUT_MS, then for late chunks.
    await page.waitForLoadState('networkidle', { timeout: IDLE_TIMEOUT_MS }).catch(() => undefined);
    await page.waitForTimeout(SETTLE_MS);
    const finalPath = new URL(page.url()).pathname;
    if (finalPath !== route.path) {
      throw new Error(`${route.label}: the app went to ${finalPath}; is the session accepted?`);
    }
    const assets = (await Promise.all(pending)).filter((a): a is Asset => a !== null);
    // A file fetched twice (a preload and its import) is transferred once from the cache.
    const unique = new Map(assets.map((asset) => [asset.file, asset]));
    return summarize([...unique.values()]);
  } finally {
    await context.close();
  }
}

async function signedInToken(databaseUrl: string): Promise<string> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    await database.db
      .insert(coins)
      .values(SCALE_COINS.map(([symbol, name], i) => ({ symbol, name, sortOrder: i })))
      .onConflictDoNothing();
    const created = await createAccount(database.db, {
      fullName: 'Web Size',
      username: 'web_size',
      email: 'web.size@example.com',
      phoneNumber: '+10000000000',
      password: 'Bench-Web-Size-2026',
      role: 'user',
    });
    if (!created.ok) throw new Error('the bench user was not created');
    return (await createSession(database.db, created.userId, 'user')).token;
  } finally {
    await database.close();
  }
}

function printAssets(sizes: Sizes): void {
  for (const asset of [...sizes.assets].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(
      `      ${asset.kind.padEnd(3)} ${kB(asset.gzipBytes).padStart(7)} kB gzip ${kB(asset.bytes).padStart(8)} kB  ${asset.file}`,
    );
  }
}

async function main(): Promise<void> {
  console.log('bench: initial JavaScript and CSS (gzip) of a first visit, per route');
  console.log(await machineReport());
  const webDir = WEB_DIR ?? build();
  const target = await freshDatabase('tw_bench_web');
  let browser: Browser | null = null;
  let failed = false;
  try {
    const token = await signedInToken(target.url);
    const server = await startServer(target.url, PORT, {
      WEB_DIR: webDir,
      MARKET_SOURCE: 'simulated',
      // Prices come from the simulated services; recorded ticks are not needed to load pages.
      MARKET_RECORDER: 'false',
    });
    try {
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      });
      console.log('');
      console.log(
        '  route              JS gzip    CSS gzip   total      files   (manifest: JS + CSS = total)',
      );
      for (const route of ROUTES) {
        const seen = await browserSizes(browser, server.baseUrl, route, token);
        const static_ = manifestSizes(webDir, route);
        const total = seen.jsGzip + seen.cssGzip;
        const staticTotal = static_.jsGzip + static_.cssGzip;
        const budget = route.budgetBytes;
        const verdict =
          budget === undefined
            ? ''
            : `  budget ≤ ${kB(budget)} kB: ${total <= budget ? 'met' : 'MISSED'}`;
        if (budget !== undefined && total > budget) failed = true;
        console.log(
          `  ${route.label.padEnd(16)} ${kB(seen.jsGzip).padStart(7)} kB ${kB(seen.cssGzip).padStart(7)} kB ${kB(total).padStart(7)} kB ${String(seen.assets.length).padStart(6)}   (${kB(static_.jsGzip)} + ${kB(static_.cssGzip)} = ${kB(staticTotal)} kB, ${static_.assets.length} files)${verdict}`,
        );
        const extra = seen.assets.filter((a) => !static_.assets.some((s) => s.file === a.file));
        const missing = static_.assets.filter((s) => !seen.assets.some((a) => a.file === s.file));
        if (extra.length > 0) {
          console.log(
            `      loaded beyond the static graph: ${extra.map((a) => a.file).join(', ')}`,
          );
        }
        if (missing.length > 0) {
          console.log(
            `      in the static graph, not loaded: ${missing.map((a) => a.file).join(', ')}`,
          );
        }
        if (VERBOSE) printAssets(seen);
      }
    } finally {
      await server.stop();
    }
  } finally {
    await browser?.close();
    await dropDatabase(target.name);
    if (WEB_DIR === undefined) fs.rmSync(webDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

await main();
