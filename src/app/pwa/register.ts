/**
 * Starts the app's PWA side once, before the first render (`main.tsx`): the online status,
 * the install prompt (Chromium fires it early, so it must be caught from the start) and, in
 * production builds only, the service worker and its update flow, a while after the first
 * screen (`service-worker-client.ts`).
 */
import { whenIdle } from '../../ui/when-idle';
import { pwaStore, type BeforeInstallPromptEvent } from './pwa-store';

/**
 * How long after the page's load event the worker is registered, and then only once the main
 * thread is idle (or after REGISTER_IDLE_TIMEOUT_MS at the latest). Installing it downloads
 * and caches the whole build (about 350 kB compressed): right at load, which comes before the
 * page's own chunk and data in this app, it competed with the first screen for a phone's link
 * and cores (Lighthouse's blocking time on /wallet: about 350 ms with it, 100 ms without).
 */
const REGISTER_DELAY_MS = 5_000;
const REGISTER_IDLE_TIMEOUT_MS = 10_000;

let started = false;

export function startPwa(): void {
  if (started) return;
  started = true;
  watchConnectivity();
  watchInstallability();
  // Not in `vite dev` (no /sw.js there, and a worker would serve stale modules) nor in tests.
  if (import.meta.env.PROD && import.meta.env.MODE !== 'test' && 'serviceWorker' in navigator) {
    // The worker's code is loaded then too: the first screen never needs it.
    const register = () =>
      afterFirstScreen(() => void import('./service-worker-client').then((m) => m.register()));
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}

/** Runs `work` REGISTER_DELAY_MS after now, when the main thread is next idle. */
function afterFirstScreen(work: () => void): void {
  setTimeout(() => whenIdle(work, REGISTER_IDLE_TIMEOUT_MS), REGISTER_DELAY_MS);
}

/** Shows Chromium's install dialog; the prompt can be used once, whatever the answer. */
export async function promptInstall(): Promise<void> {
  const prompt = pwaStore.get().installPrompt;
  if (!prompt) return;
  pwaStore.set({ installPrompt: null });
  try {
    await prompt.prompt();
    const choice = await prompt.userChoice;
    if (choice.outcome === 'accepted') pwaStore.set({ installed: true });
  } catch (error) {
    console.error('The install prompt failed', error);
  }
}

function watchConnectivity(): void {
  const update = () => pwaStore.set({ online: navigator.onLine });
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  update();
}

function watchInstallability(): void {
  const standalone = window.matchMedia?.('(display-mode: standalone)');
  const updateInstalled = () => {
    if (standalone?.matches) pwaStore.set({ installed: true, installPrompt: null });
  };
  standalone?.addEventListener?.('change', updateInstalled);
  updateInstalled();
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep Chromium's own mini-infobar away; the drawer offers "Install app" instead.
    event.preventDefault();
    if (!pwaStore.get().installed) {
      pwaStore.set({ installPrompt: event as BeforeInstallPromptEvent });
    }
  });
  window.addEventListener('appinstalled', () => {
    pwaStore.set({ installed: true, installPrompt: null });
  });
}
