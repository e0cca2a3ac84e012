/**
 * Starts the app's PWA side once, before the first render (`main.tsx`): the online status,
 * the install prompt (Chromium fires it early, so it must be caught from the start) and, in
 * production builds only, the service worker and its update flow:
 *
 * 1. The browser finds a new /sw.js (on a page load, or on our hourly check); it installs
 *    and waits while this version's pages are open.
 * 2. The page sees the waiting worker and shows "A new version is ready." (`pwaStore`).
 * 3. "Reload" posts SKIP_WAITING to it; it activates, `controllerchange` fires, and the page
 *    reloads once, now on the new version. Other open tabs see the same `controllerchange`
 *    without having asked: they offer the reload too, and never reload by themselves.
 */
import { whenIdle } from '../../ui/when-idle';
import { SKIP_WAITING_MESSAGE } from '../../workers/service-worker-policy';
import { pwaStore, type BeforeInstallPromptEvent } from './pwa-store';

const SERVICE_WORKER_URL = '/sw.js';
/** How often an open page asks whether a new version was deployed. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/**
 * How long "Reload" waits for the new version to take over. Should the waiting worker have
 * been replaced meanwhile (a newer deploy), the page reloads anyway and offers that one.
 */
const TAKEOVER_TIMEOUT_MS = 10_000;
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
let waitingWorker: ServiceWorker | null = null;
let reloadRequested = false;

export function startPwa(): void {
  if (started) return;
  started = true;
  watchConnectivity();
  watchInstallability();
  // Not in `vite dev` (no /sw.js there, and a worker would serve stale modules) nor in tests.
  if (import.meta.env.PROD && import.meta.env.MODE !== 'test' && 'serviceWorker' in navigator) {
    const register = () => afterFirstScreen(() => void registerServiceWorker());
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}

/** Runs `work` REGISTER_DELAY_MS after now, when the main thread is next idle. */
function afterFirstScreen(work: () => void): void {
  setTimeout(() => whenIdle(work, REGISTER_IDLE_TIMEOUT_MS), REGISTER_DELAY_MS);
}

/** The update banner's "Reload": let the waiting version take over, then reload once. */
export function applyUpdate(): void {
  pwaStore.set({ updating: true });
  // Still waiting: ask it to take over. Otherwise another tab already did, and only this
  // page is old.
  if (waitingWorker && waitingWorker.state === 'installed') {
    reloadRequested = true;
    waitingWorker.postMessage(SKIP_WAITING_MESSAGE);
    setTimeout(() => window.location.reload(), TAKEOVER_TIMEOUT_MS);
  } else {
    window.location.reload();
  }
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

async function registerServiceWorker(): Promise<void> {
  const container = navigator.serviceWorker;
  let hadController = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (reloadRequested) {
      reloadRequested = false;
      window.location.reload();
      return;
    }
    // Another tab took the update, so this page runs the old version. (A page that had no
    // worker before has nothing old to replace.)
    waitingWorker = null;
    if (hadController) pwaStore.set({ updateReady: true });
    hadController = true;
  });

  let registration: ServiceWorkerRegistration;
  try {
    registration = await container.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch (error) {
    // The app works the same without a worker; it just does not open offline.
    console.warn('The service worker could not be registered', error);
    return;
  }

  const offerUpdate = (worker: ServiceWorker) => {
    // No controller: this is the first install, which is not an update.
    if (!container.controller) return;
    waitingWorker = worker;
    pwaStore.set({ updateReady: true });
  };
  if (registration.waiting) offerUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed') offerUpdate(installing);
    });
  });

  setInterval(() => {
    // Offline or a server hiccup: the next check will do.
    registration.update().catch(() => undefined);
  }, UPDATE_CHECK_INTERVAL_MS);
}
