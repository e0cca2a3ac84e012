import { useSyncExternalStore } from 'react';
import { DESKTOP_MIN_WIDTH_PX } from '../../ui/layout';

const QUERY = `(min-width: ${DESKTOP_MIN_WIDTH_PX}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * Whether the screen is desktop-wide (ui/layout.ts): what only a desktop screen shows (a
 * route's companion) is not even rendered on a phone. The styles decide by CSS alone.
 */
export function useDesktop(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
