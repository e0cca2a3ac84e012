/**
 * The Stately inspector end to end: a production build made with `VITE_INSPECT=1` (its
 * own, in a temporary folder, so `dist/` stays the build every other spec tests), served by
 * the real server on a fresh embedded database. `npm test` runs it after the main suite.
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_INSPECT_PORT ?? 3101);
const root = process.env.E2E_INSPECT_DIR ?? path.join(os.tmpdir(), 'tradewallet-e2e-inspect');
const webDir = path.join(root, 'dist');
const dataDir = path.join(root, 'data');
// tests/e2e/support.ts reads the server's mail (.eml files) from here.
process.env.E2E_MAIL_DIR = path.join(dataDir, 'mail');

export default defineConfig({
  testDir: 'tests/e2e-inspector',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // The face-scan step asks for a camera.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  webServer: {
    command: [
      `rm -rf ${root}`,
      `VITE_INSPECT=1 npx vite build --outDir ${webDir} --logLevel warn`,
      'npx tsx server/main.ts',
    ].join(' && '),
    url: `http://localhost:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      DEMO: 'true',
      LOG_LEVEL: 'warn',
      MARKET_SOURCE: 'simulated',
    },
  },
});
