import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// With an extension (resolved to the .ts file), as Vite's coming native config loader wants.
import { serviceWorkerPlugin } from './scripts/service-worker-plugin.js';

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

export default defineConfig({
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    // Catalog completeness is checked by src/app/i18n/catalogs.test.ts: with English as the
    // fallback locale, neither this plugin nor `lingui compile --strict` sees a gap.
    lingui({ failOnCompileError: true }),
    // Builds only: /sw.js with this build's precache list (see docs/architecture.md, PWA).
    serviceWorkerPlugin({ entry: 'src/workers/service.worker.ts' }),
  ],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
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
    // API test files each start an app on a fresh database; PGlite compiles its
    // WebAssembly once per worker and password hashes are deliberately slow.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
