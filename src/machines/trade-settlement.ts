/**
 * After a trade's expiry the server is asked again after these waits (the exit tick is the
 * first one recorded at or after expiry, so the result usually exists a second or two
 * later). Shared by the orders' countdowns and the app-wide settlement watcher; a module of
 * its own so that the watcher does not bring the countdown machine along.
 */
export const SETTLEMENT_RECHECK_DELAYS_MS = [1000, 1000, 2000, 4000] as const;
