import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { shellModules } from './scripts/shell-modules';

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const SHELL = shellModules(import.meta.dirname).map((file) => `<rootDir>/${file}`);

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'fr', 'de', 'zh'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    // The first load's texts: those of every module the app's entry imports and of the
    // pages a first visit lands on (src/app/i18n/shell-catalog.ts, scripts/shell-modules.ts),
    // about a sixth of the app's. Computed from the imports, so it follows the code.
    { path: '<rootDir>/locales/{locale}/shell', include: SHELL, exclude: TESTS },
    // Every other text outside the console, loaded with any other page
    // (src/app/route-table.ts). A text also used in the shell is in both.
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [...TESTS, '<rootDir>/src/views/admin/**', ...SHELL],
    },
    // The admin console's texts are about half of all messages and no user ever needs them,
    // so they have a catalog of their own, loaded when an /admin route is entered
    // (src/app/i18n/i18n.ts). A text the console shares with the rest of the app is in both;
    // src/app/i18n/catalogs.test.ts checks that every catalog translates it alike.
    {
      path: '<rootDir>/locales/{locale}/admin',
      include: ['<rootDir>/src/views/admin'],
      exclude: TESTS,
    },
  ],
  // Origins without line numbers: moving code around does not churn the catalogs.
  format: formatter({ lineNumbers: false }),
});
