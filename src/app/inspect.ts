import type { InspectionEvent, Observer } from 'xstate';

/**
 * In development with VITE_INSPECT=1, connects the Stately inspector to the app's actors.
 * The dynamic import sits behind `import.meta.env.DEV`, which is `false` in a production
 * build, so the inspector never reaches the production bundle.
 */
export async function startInspector(): Promise<Observer<InspectionEvent> | undefined> {
  if (import.meta.env.DEV && import.meta.env.VITE_INSPECT === '1') {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    return createBrowserInspector().inspect;
  }
  return undefined;
}
