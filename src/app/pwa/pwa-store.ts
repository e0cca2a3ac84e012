/**
 * What the shell shows about the app as an installed, offline-capable app: whether the
 * browser is online, whether a new version is ready, whether it can be installed. One small
 * external store, fed by `register.ts` from browser events and read by the banners and the
 * drawer with `useSyncExternalStore`.
 */
import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export interface PwaState {
  /** `navigator.onLine`: false means surely offline (true may still mean no route). */
  online: boolean;
  /** A new version is installed and waiting, or another tab has already switched to it. */
  updateReady: boolean;
  /** The user chose "Reload" and the page is waiting for the new version to take over. */
  updating: boolean;
  /** Chromium's deferred install prompt, while the app may be installed. */
  installPrompt: BeforeInstallPromptEvent | null;
  /** Running as the installed app, or installed from this page. */
  installed: boolean;
}

type Listener = () => void;

export interface PwaStore {
  get(): PwaState;
  set(change: Partial<PwaState>): void;
  subscribe(listener: Listener): () => void;
}

export function createPwaStore(initial: PwaState): PwaStore {
  let state = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => state,
    set(change) {
      const next = { ...state, ...change };
      const changed = (Object.keys(change) as (keyof PwaState)[]).some(
        (key) => next[key] !== state[key],
      );
      if (!changed) return;
      state = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const pwaStore = createPwaStore({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  updateReady: false,
  updating: false,
  installPrompt: null,
  installed: false,
});

export function usePwaState(): PwaState {
  return useSyncExternalStore(pwaStore.subscribe, pwaStore.get, pwaStore.get);
}
