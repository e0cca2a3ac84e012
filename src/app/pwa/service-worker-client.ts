/**
 * The service worker and its update flow, loaded a while after the first screen
 * (`register.ts`, `startPwa`):
 *
 * 1. The browser finds a new /sw.js (on a page load, or on our hourly check); it installs
 *    and waits while this version's pages are open.
 * 2. The page sees the waiting worker and shows "A new version is ready." (`pwaStore`).
 * 3. "Reload" posts SKIP_WAITING to it; it activates, `controllerchange` fires, and the page
 *    reloads once, now on the new version. Other open tabs see the same `controllerchange`
 *    without having asked: they offer the reload too, and never reload by themselves.
 */
import { SKIP_WAITING_MESSAGE } from '../../workers/service-worker-policy';
import { pwaStore } from './pwa-store';

const SERVICE_WORKER_URL = '/sw.js';
/** How often an open page asks whether a new version was deployed. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/**
 * How long "Reload" waits for the new version to take over. Should the waiting worker have
 * been replaced meanwhile (a newer deploy), the page reloads anyway and offers that one.
 */
const TAKEOVER_TIMEOUT_MS = 10_000;

let waitingWorker: ServiceWorker | null = null;
let reloadRequested = false;

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

export async function register(): Promise<void> {
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
