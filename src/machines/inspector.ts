import type { InspectionEvent, Observer } from 'xstate';

/**
 * The Stately inspector, on when the app was built or served with `VITE_INSPECT=1` (in
 * `vite dev`, or `VITE_INSPECT=1 npm run build` for a production build). Every actor of the
 * app is created through `./actors.ts`, which hands each one this observer, so every
 * machine and every child it spawns shows in the inspector's window.
 *
 * Without the flag the condition below is a constant `false` in the build, so neither the
 * inspector nor its import reaches the bundle. This module imports only types from xstate:
 * it is part of the first load, and the library is not.
 */
let inspector: Observer<InspectionEvent> | undefined;

const INSPECTOR_ENABLED = import.meta.env.VITE_INSPECT === '1';

/** Opens the inspector's window before the first actor starts; a no-op without the flag. */
export async function startInspector(): Promise<void> {
  if (!INSPECTOR_ENABLED || inspector) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspector = createBrowserInspector().inspect;
}

/** The observer every actor is created with: undefined unless the inspector is on. */
export function currentInspector(): Observer<InspectionEvent> | undefined {
  return inspector;
}
