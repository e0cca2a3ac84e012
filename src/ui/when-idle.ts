/**
 * Runs `work` once the main thread is idle, and after `timeoutMs` at the latest; answers a
 * function that cancels it. For work a screen can do without at first (the chart's code, the
 * service worker), so that the screen's own rendering and frames come before it. Where there
 * is no `requestIdleCallback` (Safari), right after the current task.
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}
