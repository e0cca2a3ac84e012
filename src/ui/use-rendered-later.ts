import { useEffect, useState } from 'react';

/**
 * False on a component's first render, true from a later task on. A screen that costs more
 * than a frame to build on a slow phone draws its top (what the eye lands on, the largest
 * content) first and appends the rest a task later, so neither half holds the main thread
 * long enough to delay a tap (Lighthouse's total blocking time, `npm run lighthouse`).
 * Whatever is rendered later must sit below the rest, so that it shifts nothing.
 */
export function useRenderedLater(): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLater(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return later;
}
