/**
 * When this tab's trading session started, for the session reminder: kept in the tab's
 * session storage, so moving between trade screens (or reloading) continues the session,
 * and closing the tab, signing out or "Stop" ends it.
 */
const KEY = 'tradeSessionStartedAt';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be refused (privacy settings): the session then lasts as long as the page.
    return null;
  }
}

/** The session's start in ms, starting one now when there is none. */
export function tradeSessionStart(nowMs: number): number {
  const store = storage();
  const saved = Number(store?.getItem(KEY) ?? Number.NaN);
  if (Number.isFinite(saved) && saved > 0 && saved <= nowMs) return saved;
  store?.setItem(KEY, String(nowMs));
  return nowMs;
}

/** Ends the session ("Stop"): the next trade screen starts a new one. */
export function endTradeSession(): void {
  storage()?.removeItem(KEY);
}
