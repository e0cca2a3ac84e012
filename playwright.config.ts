/**
 * End-to-end tests in Debian's Chromium at a phone-sized viewport, against the real server
 * on a fresh embedded database with demo data. Playwright's own browser download does not
 * work here, so the browser comes from CHROMIUM_PATH (default /usr/bin/chromium).
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Both can be moved, so that two checkouts on one machine can run their suites at once.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), 'tradewallet-e2e');
// tests/e2e/support.ts reads the server's mail (.eml files) from here.
process.env.E2E_MAIL_DIR = path.join(dataDir, 'mail');

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
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
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && npx tsx server/main.ts`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 90_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DEMO: 'true',
      LOG_LEVEL: 'warn',
      MARKET_SOURCE: 'simulated',
    },
  },
});
