import type { ComponentType } from 'react';

/**
 * What is drawn with the shell's texts alone. The first load carries only the `shell`
 * catalog, which holds the texts of every module the app's entry imports and of everything
 * listed here (`lingui.config.ts` reads the import paths below and follows the imports from
 * there: scripts/shell-modules.ts). Every other page waits for the `app` catalog as its code
 * loads (`route-table.ts`), and the console's for `admin`.
 */

/** The pages a first visit lands on: both homes and the markets. */
export const SHELL_PAGES = {
  home: () => import('../../views/home/home-page'),
  onchain: () => import('../../views/wallet/onchain-page'),
  markets: () => import('../../views/markets/markets-page'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

/** Parts of the shell loaded when first needed, on any screen. */
export const SHELL_PARTS = {
  drawer: () => import('../shell/drawer'),
  viewAsStrip: () => import('../shell/view-as-strip'),
};
