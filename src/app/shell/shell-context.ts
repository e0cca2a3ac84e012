import { createContext, useContext } from 'react';

export interface ShellControls {
  openDrawer: () => void;
  drawerOpen: boolean;
}

/**
 * The drawer's code, loaded when it is about to be needed (a pointer or focus on the menu
 * button) rather than with the first screen, which does not show it.
 */
export const loadDrawer = () => import('./drawer');

export const ShellContext = createContext<ShellControls | null>(null);

export function useShell(): ShellControls {
  const controls = useContext(ShellContext);
  if (!controls) throw new Error('useShell must be used inside the app shell');
  return controls;
}

/** The id tying the menu button to the drawer (aria-controls). */
export const DRAWER_ID = 'app-drawer';
