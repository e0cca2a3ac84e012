import { useEffect, useId, useRef } from 'react';

/**
 * One history entry per open overlay (the drawer, every dialog built on `dialog.tsx`), so
 * that Back closes the overlay on top before it leaves the screen (docs/architecture.md).
 *
 * Opening pushes an entry for the same address whose `history.state` lists the open
 * overlays' ids; Back pops it, and each overlay whose id the entry it lands on no longer
 * lists closes. An overlay closed by other means (its close button, Escape, the backdrop)
 * pops its own entry, so Back and forward never get out of step with what is on screen. An
 * overlay left by a link keeps an entry behind the new page; landing on such a stale entry
 * later (no overlay of its list is open) steps over it in the same direction.
 */
const OVERLAYS_KEY = 'twOverlays';
/** Where history-depth.ts stamps each entry's in-app step count: it tells Back from forward. */
export const HISTORY_DEPTH_KEY = 'twDepth';
/** No more overlays than this are listed in one entry: a bound on what is stored. */
const OVERLAYS_MAX = 8;

function stateRecord(state: unknown): Record<string, unknown> {
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

/** The overlays an entry's state lists, oldest first. */
export function overlaysIn(state: unknown): readonly string[] {
  const value = stateRecord(state)[OVERLAYS_KEY];
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

/** `state` without the listed overlays. */
export function withoutOverlays(state: unknown, ids: readonly string[]): Record<string, unknown> {
  const kept = overlaysIn(state).filter((listedId) => !ids.includes(listedId));
  return { ...stateRecord(state), [OVERLAYS_KEY]: kept };
}

/** The state of the entry an overlay opening over `state` pushes. */
export function withOverlay(state: unknown, id: string): Record<string, unknown> {
  const listed = overlaysIn(state).filter((listedId) => listedId !== id);
  return { ...stateRecord(state), [OVERLAYS_KEY]: [...listed, id].slice(-OVERLAYS_MAX) };
}

function depthOf(state: unknown): number | undefined {
  const value = stateRecord(state)[HISTORY_DEPTH_KEY];
  return typeof value === 'number' ? value : undefined;
}

/**
 * Which way to step over the entry just landed on: none when every overlay it lists is
 * open (or it lists none); else on in the direction the visitor moved (depth went down:
 * back; up: forward).
 */
export function staleStep(
  landedState: unknown,
  openIds: ReadonlySet<string>,
  previousDepth: number | undefined,
): 'back' | 'forward' | null {
  const listed = overlaysIn(landedState);
  if (listed.length === 0 || listed.every((id) => openIds.has(id))) return null;
  const depth = depthOf(landedState);
  if (depth === undefined || previousDepth === undefined) return null;
  return depth < previousDepth ? 'back' : 'forward';
}

const openOverlays = new Set<string>();
/** Overlays whose entries `leaveOverlays` is already taking off the history. */
const leaving = new Set<string>();

/**
 * Runs `navigate` once the open overlays' entries are off the history: a flow that ends in
 * a dialog and then replaces its screen (the transfer's detail replaces its form) must
 * replace the screen's own entry, not the dialog's, or Back would return to the form.
 */
export function leaveOverlays(navigate: () => void): void {
  const listed = overlaysIn(history.state);
  if (listed.length === 0) {
    navigate();
    return;
  }
  for (const id of listed) leaving.add(id);
  addEventListener(
    'popstate',
    () => {
      for (const id of listed) leaving.delete(id);
      navigate();
    },
    { once: true },
  );
  history.go(-listed.length);
}
let lastDepth: number | undefined;
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  lastDepth = depthOf(history.state);
  const remember = () => (lastDepth = depthOf(history.state));
  addEventListener('pushState', remember);
  addEventListener('replaceState', remember);
  addEventListener('popstate', () => {
    const step = staleStep(history.state, openOverlays, lastDepth);
    remember();
    if (step === 'back') history.back();
    else if (step === 'forward') history.forward();
  });
}

/**
 * Gives an overlay its history entry while `open`. `onClose` is called when Back (or
 * forward) leaves the entry; without it (the overlay may not be dismissed now) the entry is
 * pushed again, and the overlay stays.
 */
export function useOverlayHistory(open: boolean, onClose: (() => void) | undefined): void {
  const id = useId();
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    install();
    openOverlays.add(id);
    const listed = overlaysIn(history.state);
    if (!listed.includes(id)) {
      // An overlay that has just closed as this one opens (a dialog that opens another, in
      // one render) still lists its entry, and its Back is on its way: this one takes the
      // entry over instead of stacking on it, so that Back cannot land on and close it.
      const handedOver = listed.filter((other) => !openOverlays.has(other));
      if (handedOver.length > 0) {
        history.replaceState(withOverlay(withoutOverlays(history.state, handedOver), id), '');
      } else {
        history.pushState(withOverlay(history.state, id), '');
      }
    }
    const onPop = () => {
      if (overlaysIn(history.state).includes(id) || !openOverlays.has(id)) return;
      const close = closeRef.current;
      if (close) close();
      else history.pushState(withOverlay(history.state, id), '');
    };
    addEventListener('popstate', onPop);
    return () => {
      removeEventListener('popstate', onPop);
      openOverlays.delete(id);
      // Closed while its entry is on top: the entry goes too. After a link, a new entry is
      // on top and this one stays behind it (stepped over later, see `staleStep`). A
      // microtask later, so that an overlay mounted again at once (React's StrictMode runs
      // effects twice) keeps its entry.
      queueMicrotask(() => {
        if (!openOverlays.has(id) && !leaving.has(id) && overlaysIn(history.state).includes(id)) {
          history.back();
        }
      });
    };
  }, [open, id]);
}
