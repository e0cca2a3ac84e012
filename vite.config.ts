import path from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
// With an extension (resolved to the .ts file), as Vite's coming native config loader wants.
import { serviceWorkerPlugin } from './scripts/service-worker-plugin.js';
import { precompressPlugin } from './scripts/precompress-plugin.js';
import { acyclicChunks, chunkPlan } from './scripts/chunk-plan.js';
import { coinIconsPlugin } from './scripts/coin-icons-plugin.js';

/**
 * The API server the dev server forwards to (`npx tsx server/main.ts`): the API, uploads,
 * files and the simulated market services.
 */
const API_ORIGIN = 'http://localhost:3000';
const apiProxy = {
  '/api': API_ORIGIN,
  '/upload': API_ORIGIN,
  '/files': API_ORIGIN,
  '/sim': API_ORIGIN,
};

/** The state-machine library: only the screens that run a flow load it. */
const flowLibrary = (id: string) =>
  /[\\/]node_modules[\\/](xstate|@xstate[\\/]react)[\\/]/.test(id) ||
  id === path.join(import.meta.dirname, 'src/machines/actors.ts');

/** The pages' chunks (scripts/chunk-plan.ts says how and why). */
const pageChunks = chunkPlan({
  root: import.meta.dirname,
  homePage: 'src/views/home/home-page.tsx',
  // Pages a user moves between: their common code comes in one file with the first of them.
  families: {
    trading: ['trade', 'orders', 'trade-results'],
    // The wallet's pages (the signed-in home is its Onchain page) are a family of their own:
    // with the checkouts they loaded the checkouts' 4.9 kB gzip on every signed-in first visit.
    money: ['deposit', 'withdraw', 'transfer'],
    account: ['account', 'kyc', 'settings', 'about', 'help', 'notice', 'auth', 'not-found'],
  },
  uncountedFolders: ['admin'],
  // At 3, `/trade` loads 7 files instead of 16, and `/markets` 0.6 kB more.
  minSharedPages: 3,
  // A first visit signed in opens the Onchain page, the markets or the trade screen (whose
  // top draws before the rest loads), with the signed-in hosts beside them: the shared modules
  // these reach come in a file of their own (/markets loaded 16.6 kB gzip of shared code for 3).
  landingPages: [
    'src/views/wallet/onchain-page.tsx',
    'src/views/markets/markets-page.tsx',
    'src/views/trade/trade-page.tsx',
    'src/app/signed-in-hosts.tsx',
  ],
  isFlowLibrary: flowLibrary,
});

/**
 * A build made with `VITE_INSPECT=1` carries the Stately inspector (src/machines/inspector.ts)
 * and says so in its index.html, so that the server lets the page keep its link to the
 * inspector's window (server/app.ts, `isInspectorBuild`).
 */
const INSPECTOR_BUILD_MARKER = '<meta name="tradewallet-inspector" content="on">';
const inspectorMarker: Plugin = {
  name: 'tradewallet:inspector-marker',
  apply: () => process.env.VITE_INSPECT === '1',
  transformIndexHtml: (html) => html.replace('</head>', `    ${INSPECTOR_BUILD_MARKER}\n  </head>`),
};

export default defineConfig({
  plugins: [
    // The React plugin: Fast Refresh in `vite dev`, the JSX transform, and its Babel pipeline
    // for the Lingui macro.
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    // Catalog completeness is checked by src/app/i18n/catalogs.test.ts: with English as the
    // fallback locale, neither this plugin nor `lingui compile --strict` sees a gap.
    lingui({ failOnCompileError: true }),
    inspectorMarker,
    // The coins' icons as hashed .svg files, and a map from symbol to address (the file says why).
    coinIconsPlugin(),
    // Builds only: /sw.js with this build's precache list (see docs/architecture.md, PWA).
    serviceWorkerPlugin({ entry: 'src/workers/service.worker.ts' }),
    // Builds only: a .br and a .gz beside each text file, served as they are (server/app.ts).
    precompressPlugin(),
    // Builds only: fails the build if the chunk plan ever makes two chunks import each other.
    acyclicChunks(),
  ],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Rolldown's timing report printed a page at every build (npm start builds first) and
      // always named the same cost: the Babel pass that compiles Lingui's macros (see
      // docs/architecture.md, "Why Vite 8..."). A profile (`node --cpu-prof`) says more.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            // The first load's libraries in one file, apart from the app's code: they change
            // rarely, so a new release is mostly a cached file.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 4 },
            // Everything else by the plan, which names each module's chunk itself: a
            // module's dependencies are named by the same plan, so the group need not take
            // them along (and taking them would move modules out of the chunks planned).
            { name: pageChunks, priority: 3, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'common/**/*.test.ts',
      'scripts/**/*.test.ts',
      'server/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'tests/hostile/**/*.test.ts',
      'tests/lint/**/*.test.ts',
    ],
    environment: 'node',
    // Passwords hashed at cheap parameters (the file says why).
    setupFiles: ['tests/setup/fast-password-hashing.ts'],
    // Each test app's PGlite database starts from one migrated snapshot (the file says why).
    globalSetup: ['tests/setup/pglite-snapshot.ts'],
    // API test files each start an app on a fresh database, and PGlite compiles its
    // WebAssembly once per worker.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
