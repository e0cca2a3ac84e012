import path from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
// With an extension (resolved to the .ts file), as Vite's coming native config loader wants.
import { serviceWorkerPlugin } from './scripts/service-worker-plugin.js';
import { precompressPlugin } from './scripts/precompress-plugin.js';

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

const inRepo = (id: string, folder: string) =>
  id.startsWith(path.join(import.meta.dirname, folder) + path.sep);
/** The admin console's own modules: its pages, its calls and its contract. */
const consoleModule = (id: string) =>
  inRepo(id, 'src/views/admin') ||
  /[\\/]src[\\/]services[\\/]admin-[^\\/]+$/.test(id) ||
  /[\\/]common[\\/]contract[\\/]admin-[^\\/]+$/.test(id);
/** The state-machine library: only the screens that run a flow load it. */
const flowLibrary = (id: string) =>
  /[\\/]node_modules[\\/](xstate|@xstate[\\/]react)[\\/]/.test(id) ||
  id === path.join(import.meta.dirname, 'src/machines/actors.ts');
/** The app's own modules outside the console, not libraries. */
const appModule = (id: string) => (inRepo(id, 'src') || inRepo(id, 'common')) && !consoleModule(id);

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
    // Builds only: /sw.js with this build's precache list (see docs/architecture.md, PWA).
    serviceWorkerPlugin({ entry: 'src/workers/service.worker.ts' }),
    // Builds only: a .br and a .gz beside each text file, served as they are (server/app.ts).
    precompressPlugin(),
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
          // The first load's code in two files (the libraries, which change rarely, and the
          // app) instead of the seven small ones automatic splitting makes of it: on a phone
          // over HTTP/1.1 each file costs a round trip on one of six connections, and the
          // catalog and the page wait for all of them (first paint 0.2-0.3 s sooner in
          // `npm run lighthouse`). Pages still load in chunks of their own.
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 4 },
            { name: 'app', tags: ['$initial'], priority: 3 },
            // xstate in a chunk of its own (the first load has none: the auth actor starts
            // on demand, src/machines/auth-session.ts), so that a page without a flow, such
            // as /markets, does not load it with the modules it shares.
            { name: 'xstate', test: flowLibrary, priority: 2.5 },
            // The app modules that many pages share (the contract, forms, dialogs, list
            // parts) in one chunk, loaded with the first such page, instead of one small file
            // each (/trade loads 17 files in all). Modules fewer pages share stay in automatic
            // chunks, so the signed-out home page and the markets, the first loads with a
            // budget (`npm run bench:web-size`), take none of the forms' code (at 8, the
            // markets loaded 8 kB more).
            { name: 'shared', test: appModule, minShareCount: 12, priority: 2 },
            // The console's shared modules likewise, apart: no user page loads them.
            { name: 'console', test: consoleModule, minShareCount: 4, priority: 2 },
          ],
        },
      },
    },
  },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'common/**/*.test.ts',
      'server/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'tests/hostile/**/*.test.ts',
    ],
    environment: 'node',
    // Passwords hashed at cheap parameters (the file says why).
    setupFiles: ['tests/setup/fast-password-hashing.ts'],
    // API test files each start an app on a fresh database, and PGlite compiles its
    // WebAssembly once per worker.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
