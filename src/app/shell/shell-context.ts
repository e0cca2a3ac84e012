import { SHELL_PARTS } from '../i18n/shell-catalog';
import { createContext, useContext } from 'react';

export interface ShellControls {
  openDrawer: () => void;
  drawerOpen: boolean;
}

/**
 * The drawer's code, loaded when it is about to be needed (a pointer or focus on the menu
 * button) rather than with the first screen, which does not show it. Its texts are the
 * shell's (i18n/shell-catalog.ts).
 */
export const loadDrawer = SHELL_PARTS.drawer;

export const ShellContext = createContext<ShellControls | null>(null);

export function useShell(): ShellControls {
  const controls = useContext(ShellContext);
  if (!controls) throw new Error('useShell must be used inside the app shell');
  return controls;
}

/** The id tying the menu button to the drawer (aria-controls). */
export const DRAWER_ID = 'app-drawer';
