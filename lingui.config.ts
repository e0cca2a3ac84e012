import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'fr', 'de', 'zh'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [...TESTS, '<rootDir>/src/views/admin/**'],
    },
    // The admin console's texts are about half of all messages and no user ever needs them,
    // so they have a catalog of their own, loaded when an /admin route is entered
    // (src/app/i18n/i18n.ts). A text the console shares with the rest of the app is in both;
    // src/app/i18n/catalogs.test.ts checks that both translate it alike.
    {
      path: '<rootDir>/locales/{locale}/admin',
      include: ['<rootDir>/src/views/admin'],
      exclude: TESTS,
    },
  ],
  // Origins without line numbers: moving code around does not churn the catalogs.
  format: formatter({ lineNumbers: false }),
});
