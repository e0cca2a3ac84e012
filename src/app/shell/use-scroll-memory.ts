import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';
import { TABS } from './bottom-bar';
import { lastArrival } from './history-depth';
import { canRestore, createScrollMemory, restoresScroll } from './scroll-memory';

/** How long a saved position waits for its page to grow tall enough (its list to render). */
const RESTORE_WAIT_MAX_MS = 4_000;
const TAB_PATHS = TABS.map((tab) => tab.to);
/** Input that means the visitor scrolls on their own: a restore under way gives way. */
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

const memory = createScrollMemory();
let currentKey = '';
let restoreFrame = 0;
let installed = false;

function stopRestoring(): void {
  if (restoreFrame !== 0) cancelAnimationFrame(restoreFrame);
  restoreFrame = 0;
}

function install(): void {
  if (installed) return;
  installed = true;
  // The browser's own restoring would fight this one (and the overlays' history entries).
  history.scrollRestoration = 'manual';
  addEventListener(
    'scroll',
    () => {
      if (restoreFrame === 0 && currentKey !== '') memory.save(currentKey, window.scrollY);
    },
    { passive: true },
  );
  for (const type of USER_SCROLL_EVENTS) {
    addEventListener(type, stopRestoring, { passive: true, capture: true });
  }
}

/** Scrolls to `targetYPx` once the page is tall enough for it, or has waited long enough. */
function restore(targetYPx: number): void {
  const startedMs = performance.now();
  const step = () => {
    const root = document.documentElement;
    if (
      canRestore(
        targetYPx,
        root.scrollHeight,
        window.innerHeight,
        performance.now() - startedMs,
        RESTORE_WAIT_MAX_MS,
      )
    ) {
      restoreFrame = 0;
      window.scrollTo(0, targetYPx);
      memory.save(currentKey, window.scrollY);
      return;
    }
    restoreFrame = requestAnimationFrame(step);
  };
  restoreFrame = requestAnimationFrame(step);
}

/**
 * The shell's scroll memory at work: each address arrived at starts at the top, or where it
 * was left (after Back or forward, and on the main navigation's tabs: scroll-memory.ts).
 */
export function useScrollMemory(): void {
  const [location] = useLocation();
  useLayoutEffect(() => {
    install();
    stopRestoring();
    currentKey = location;
    const targetYPx = restoresScroll(lastArrival(), location, TAB_PATHS)
      ? memory.recall(location)
      : 0;
    window.scrollTo(0, 0);
    if (targetYPx > 0) restore(targetYPx);
  }, [location]);
}
