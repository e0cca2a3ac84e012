/**
 * The installable app, in Chromium against the production build: the manifest and its
 * icons, the service worker taking control, the app opening offline from its cache with the
 * offline banner, API answers never cached, and a new version offered and taken with
 * "Reload".
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ALICE, signIn } from './support';

// The other specs may block workers; these are about them.
test.use({ serviceWorkers: 'allow' });

const OFFLINE_TEXT = 'You are offline. Prices and balances will update when you reconnect.';
/** Paths whose answers must never be in any cache. */
const PRIVATE_PATHS = /^\/(api|files|upload|sim)(\/|\?|$)/i;

interface CacheListing {
  name: string;
  paths: string[];
}

/** Every cache of the origin and the paths it holds. */
async function listCaches(page: Page): Promise<CacheListing[]> {
  return page.evaluate(async () => {
    const listing: { name: string; paths: string[] }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      const requests = await cache.keys();
      listing.push({ name, paths: requests.map((request) => new URL(request.url).pathname) });
    }
    return listing;
  });
}

/** Waits until the page's service worker is active; answers its script URL. */
async function activeWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
}

/** Reads a PNG's size from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the manifest is linked, valid and its icons load', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');

  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'TradeWallet',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0b0e14',
    background_color: '#0b0e14',
  });
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(purposes).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );

  const pngIcons = [
    ...manifest.icons.filter((icon) => icon.type === 'image/png'),
    { src: appleIcon!, sizes: '180x180', type: 'image/png' },
  ];
  for (const icon of pngIcons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(await image.body()), icon.src).toEqual({ width, height });
  }
});

test('the worker takes control, the app opens offline, and API answers are never cached', async ({
  page,
  context,
}) => {
  await signIn(page, ALICE);
  await expect(page.getByText('Total balance')).toBeVisible();
  expect(await activeWorker(page)).toMatch(/\/sw\.js$/);

  // The first load is not controlled (no clients.claim); the next one is.
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
    /\/sw\.js$/,
  );
  // Pages that read balances, logs and prices, through the worker.
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'Available balance' })).toBeVisible();
  await page.goto('/deposit/log');
  await expect(page.getByRole('heading', { name: 'Deposit History' })).toBeVisible();
  await page.goto('/markets');
  await expect(page.getByText('BTC').first()).toBeVisible();

  const listing = await listCaches(page);
  const precache = listing.find((cache) => cache.name.startsWith('tradewallet-precache-'));
  expect(precache, JSON.stringify(listing.map((c) => c.name))).toBeDefined();
  expect(precache!.paths).toEqual(
    expect.arrayContaining(['/index.html', '/manifest.webmanifest', '/icons/icon-192.png']),
  );
  expect(precache!.paths.some((path) => /^\/assets\/index-.*\.js$/.test(path))).toBe(true);
  for (const cache of listing) {
    expect(cache.name).toMatch(/^tradewallet-/);
    expect(
      cache.paths.filter((path) => PRIVATE_PATHS.test(path)),
      cache.name,
    ).toEqual([]);
  }

  await context.setOffline(true);
  try {
    // The worker's own requests are offline too, so what loads next comes from its cache.
    const [worker] = context.serviceWorkers();
    expect(worker, 'a running service worker').toBeDefined();
    const workerNetwork = await worker!.evaluate(() =>
      fetch('/index.html', { cache: 'no-store' }).then(
        () => 'online',
        () => 'offline',
      ),
    );
    expect(workerNetwork).toBe('offline');
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
    // The shell itself: the header of the markets tab and the bottom bar.
    await expect(page.getByRole('heading', { name: 'TradeWallet' })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Wallet' })).toBeVisible();

    // A route never opened offline loads from the cached shell too.
    await page.goto('/settings');
    await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

    // API answers are not served from any cache: offline, they fail.
    const apiOutcome = await page.evaluate(async () => {
      try {
        const response = await fetch('/api/getUserById', {
          headers: { authorization: `Bearer ${localStorage.getItem('uToken') ?? ''}` },
        });
        return `answered ${response.status}`;
      } catch {
        return 'failed';
      }
    });
    expect(apiOutcome).toBe('failed');
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByText(OFFLINE_TEXT)).toBeHidden();
  for (const cache of await listCaches(page)) {
    expect(
      cache.paths.filter((path) => PRIVATE_PATHS.test(path)),
      cache.name,
    ).toEqual([]);
  }
});

test('a new version is offered and taken with Reload', async ({ page }) => {
  await page.goto('/');
  await activeWorker(page);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // A new deployment: the served /sw.js changes by a few bytes (restored afterwards).
  // Request interception does not see the browser's own update check, so the file changes.
  const webDir = path.resolve(test.info().config.webServer?.env?.WEB_DIR ?? 'dist');
  const workerPath = path.join(webDir, 'sw.js');
  const original = fs.readFileSync(workerPath, 'utf8');
  // The build's compressed copies (sw.js.br, .gz) would still answer the old version: a
  // deployment replaces them too, so they are set aside meanwhile.
  const compressed = ['.br', '.gz']
    .map((extension) => `${workerPath}${extension}`)
    .filter((file) => fs.existsSync(file));
  for (const file of compressed) fs.renameSync(file, `${file}.aside`);
  fs.writeFileSync(workerPath, `${original}\n// next version ${Date.now()}\n`);
  try {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
  } finally {
    fs.writeFileSync(workerPath, original);
    for (const file of compressed) fs.renameSync(`${file}.aside`, file);
  }

  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toContainText('A new version is ready.');
  await page.evaluate(() => sessionStorage.setItem('before-update', 'yes'));
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));

  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  // A fresh document (the marker is gone), the same tab, on the new version with no update left.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { marker?: boolean }).marker))
    .toBeUndefined();
  expect(await page.evaluate(() => sessionStorage.getItem('before-update'))).toBe('yes');
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        waiting: registration?.waiting ?? null,
        controlled: navigator.serviceWorker.controller !== null,
      };
    }),
  ).toEqual({ waiting: null, controlled: true });
});

test('"Install app" appears in the drawer when Chromium offers it, and goes once used', async ({
  page,
}) => {
  await page.goto('/');
  const openMenu = () => page.getByRole('button', { name: 'Open menu' }).click();
  const installItem = page.getByRole('dialog', { name: 'Menu' }).getByRole('button', {
    name: 'Install app',
  });
  await openMenu();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  // Headless Chromium never finds the app installable: the event is played here.
  await expect(installItem).toHaveCount(0);
  await page.getByRole('button', { name: 'Close menu' }).click();

  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: async () => {
        (window as unknown as { prompted: boolean }).prompted = true;
      },
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    });
    window.dispatchEvent(event);
  });
  await openMenu();
  await installItem.click();
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(
    true,
  );
  // Accepted: installed, so the entry is gone for good.
  await openMenu();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await expect(installItem).toHaveCount(0);
});
