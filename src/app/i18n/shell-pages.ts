import type { ComponentType } from 'react';

/**
 * The pages drawn with the shell's texts alone: both homes and the markets, the screens a
 * first visit lands on. The first load carries only the `shell` catalog, which holds the
 * texts of these pages and of every module the app's entry imports (`lingui.config.ts` reads
 * the import paths below and follows the imports from there); every other page waits for
 * the `app` catalog as its code loads (`route-table.ts`), and the console's for `admin`.
 */
export const SHELL_PAGES = {
  home: () => import('../../views/home/home-page'),
  onchain: () => import('../../views/wallet/onchain-page'),
  markets: () => import('../../views/markets/markets-page'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;
