import { startTransition, useEffect, useState } from 'react';

/**
 * False on a component's first render, true from a later render on: a transition started a
 * task after `after` became true (at once, by default). A screen that costs more than a frame
 * to build on a slow phone draws its top (what the eye lands on, the largest content) first
 * and appends the rest in a transition of its own, which React renders in slices and
 * interrupts for a tap, so no step holds the main thread long enough to delay input
 * (Lighthouse's total blocking time, `npm run lighthouse`). Whatever is rendered later must
 * sit below the rest, so that it shifts nothing.
 */
export function useRenderedLater(after = true): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => {
    if (!after || later) return;
    const timer = setTimeout(() => startTransition(() => setLater(true)), 0);
    return () => clearTimeout(timer);
  }, [after, later]);
  return later;
}
