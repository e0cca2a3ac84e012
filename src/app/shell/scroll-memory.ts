/**
 * The shell's scroll memory (docs/architecture.md): where the window was scrolled on each
 * address, so that a list (markets, orders, the request logs) is where the visitor left it
 * after Back, and after leaving it and coming back by the main navigation. Bounded: the
 * least recently used addresses are forgotten first.
 */

/** Addresses remembered at most. */
export const SCROLL_MEMORY_MAX = 50;

export interface ScrollMemory {
  save: (key: string, scrollYPx: number) => void;
  /** The position saved for `key`, or 0; recalling makes it the most recently used. */
  recall: (key: string) => number;
  readonly size: number;
}

export function createScrollMemory(limit = SCROLL_MEMORY_MAX): ScrollMemory {
  if (!Number.isInteger(limit) || limit < 1) throw new Error('scroll memory limit must be >= 1');
  // A Map iterates in insertion order: the first key is the least recently used one.
  const positions = new Map<string, number>();
  const touch = (key: string, scrollYPx: number) => {
    positions.delete(key);
    positions.set(key, scrollYPx);
    while (positions.size > limit) {
      const oldest = positions.keys().next().value;
      if (oldest === undefined) break;
      positions.delete(oldest);
    }
  };
  return {
    save: (key, scrollYPx) => {
      if (!Number.isFinite(scrollYPx)) return;
      touch(key, Math.max(0, Math.round(scrollYPx)));
    },
    recall: (key) => {
      const saved = positions.get(key);
      if (saved === undefined) return 0;
      touch(key, saved);
      return saved;
    },
    get size() {
      return positions.size;
    },
  };
}

/** How the visitor arrived at an address. */
export type Arrival = 'pop' | 'push';

/**
 * Whether arriving at `path` puts back its saved position: after Back or forward always;
 * after a link only on the main navigation's tabs (a new screen otherwise starts at the top).
 */
export function restoresScroll(
  arrival: Arrival,
  path: string,
  tabPaths: readonly string[],
): boolean {
  return arrival === 'pop' || tabPaths.includes(path);
}

/**
 * Whether a saved position can be scrolled to yet: the page has grown tall enough (its list
 * has rendered), or it has waited long enough and takes what it has.
 */
export function canRestore(
  targetYPx: number,
  scrollHeightPx: number,
  viewportHeightPx: number,
  waitedMs: number,
  waitMaxMs: number,
): boolean {
  return scrollHeightPx - viewportHeightPx >= targetYPx || waitedMs >= waitMaxMs;
}
