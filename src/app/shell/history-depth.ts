/**
 * How many in-app steps the current history entry is from where the visit entered the app,
 * so the header's back button can go back within the app and never out of it. The depth
 * is stamped into `history.state`, so it survives reloads and back/forward moves.
 *
 * wouter patches `history.pushState`/`replaceState` to dispatch same-named window events;
 * we listen to those and to `popstate`.
 */
import { HISTORY_DEPTH_KEY as DEPTH_KEY } from '../../ui/overlay-history';

let depth = 0;
let stamping = false;
/**
 * How the current entry was arrived at: by Back or forward, or by a link (the scroll memory
 * asks). Kept here because these listeners are installed before the router's: the router
 * renders the new screen before listeners added after its own run.
 */
let arrival: 'pop' | 'push' = 'push';
let installed = false;

function stateDepth(): number | undefined {
  const state: unknown = history.state;
  if (typeof state === 'object' && state !== null && DEPTH_KEY in state) {
    const value = (state as Record<string, unknown>)[DEPTH_KEY];
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
  }
  return undefined;
}

function stamp(): void {
  const state: unknown = history.state;
  const base = typeof state === 'object' && state !== null ? state : {};
  stamping = true;
  try {
    history.replaceState({ ...base, [DEPTH_KEY]: depth }, '');
  } finally {
    stamping = false;
  }
}

export function installHistoryDepth(): void {
  if (installed) return;
  installed = true;
  depth = stateDepth() ?? 0;
  stamp();
  addEventListener('pushState', () => {
    arrival = 'push';
    depth += 1;
    stamp();
  });
  addEventListener('replaceState', () => {
    if (stamping) return;
    arrival = 'push';
    stamp();
  });
  addEventListener('popstate', () => {
    arrival = 'pop';
    depth = stateDepth() ?? 0;
  });
}

/** Whether going back stays inside the app. */
export function canGoBackInApp(): boolean {
  return depth > 0;
}

/** Whether the current entry was arrived at by Back or forward, or by a link. */
export function lastArrival(): 'pop' | 'push' {
  return arrival;
}
