/**
 * `npm run screenshots`: a full-page PNG of every route of the tour (tests/e2e/route-tour.ts)
 * in all five languages, at the e2e phone viewport (390×844, 2× pixels), into
 * `screenshots/<lang>/<stop>.png`. Not part of `npm test`.
 *
 * Options (environment): SCREENSHOTS_DIR (output, default ./screenshots), SCREENSHOTS_LANGS
 * (e.g. `de,zh`; default all five), SCREENSHOTS_PORT (default 3190), WEB_DIR (the built app
 * served, default ./dist, built first when missing).
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import e2e from './playwright.config';

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 3190);
const dataDir = path.join(os.tmpdir(), `tradewallet-screenshots-${PORT}`);
const webDir = path.resolve(process.env.WEB_DIR ?? 'dist');
// tests/e2e/support.ts reads the server's mail (.eml files) from here.
process.env.E2E_MAIL_DIR = path.join(dataDir, 'mail');

export default defineConfig({
  ...e2e,
  testMatch: 'screenshots.tour.ts',
  // A language's three tabs (signed out, user, admin) walk about 16 screens each.
  timeout: 300_000,
  use: { ...e2e.use, baseURL: `http://localhost:${PORT}` },
  webServer: {
    command:
      `(test -f ${webDir}/index.html || npx vite build --outDir ${webDir} --emptyOutDir) && ` +
      `rm -rf ${dataDir} && npx tsx server/main.ts`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DEMO: 'true',
      LOG_LEVEL: 'warn',
      MARKET_SOURCE: 'simulated',
      WEB_DIR: webDir,
    },
  },
});
