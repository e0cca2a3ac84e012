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

/**
 * The app runs on Preact's React compatibility layer, not on React DOM: the same components,
 * hooks and libraries (styled-components, TanStack Query, @xstate/react, wouter, Lingui) at
 * about 50 kB (gzip) less on every first visit, which keeps the first load of `/` within its
 * 120 kB budget (`npm run bench:web-size`). The code is still typed against React 19's types
 * and uses only what preact/compat 11 implements; docs/architecture.md says what to mind.
 * Removing these aliases (and `reloadOnEdit`) puts React back with no other change.
 */
const reactOnPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
];

/**
 * `vite dev` only. The React plugin's Fast Refresh does not reach Preact: an edited component
 * would be accepted and never shown. So an edit reloads the page instead (state is lost, the
 * screen is never stale).
 */
const reloadOnEdit: Plugin = {
  name: 'tradewallet:reload-on-edit',
  // Not under Vitest, whose watch mode re-runs tests on its own.
  apply: (_config, env) => env.command === 'serve' && process.env.VITEST === undefined,
  handleHotUpdate({ server, modules }) {
    if (modules.length === 0) return;
    server.ws.send({ type: 'full-reload' });
    return [];
  },
};

/** The app's own modules, not libraries. */
const appModule = (id: string) =>
  id.startsWith(path.join(import.meta.dirname, 'src') + path.sep) ||
  id.startsWith(path.join(import.meta.dirname, 'common') + path.sep);

export default defineConfig({
  resolve: { alias: reactOnPreact },
  plugins: [
    // The React plugin stays for its Babel pipeline (the Lingui macro) and the JSX transform.
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    reloadOnEdit,
    // Catalog completeness is checked by src/app/i18n/catalogs.test.ts: with English as the
    // fallback locale, neither this plugin nor `lingui compile --strict` sees a gap.
    lingui({ failOnCompileError: true }),
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
            // The app modules that many pages share (the contract, forms, dialogs, list
            // parts) in one chunk, loaded with the first such page, instead of one small file
            // each: /trade loaded 18 files besides the first load's, now 10. Modules fewer
            // pages share stay in automatic chunks, so the signed-out home page, the first
            // load with a budget (`npm run bench:web-size`), takes none of it.
            { name: 'shared', test: appModule, minShareCount: 8, priority: 2 },
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
