import type { Trade } from '../../common/contract';

/**
 * The trades placed in this tab, for the settlement watcher (docs/product.md §3 "Trade
 * results"): the trade screen tells each placed trade here, and the watcher, which may load
 * after the first one, reads those it missed and then listens. No state library: the app's
 * first load imports this module.
 */

/** The last trades placed, kept for a watcher that loads after them. */
const MAX_KEPT = 20;
const placed: Trade[] = [];
const listeners = new Set<(trade: Trade) => void>();

export function announcePlacedTrade(trade: Trade): void {
  placed.push(trade);
  if (placed.length > MAX_KEPT) placed.splice(0, placed.length - MAX_KEPT);
  for (const listener of [...listeners]) listener(trade);
}

/** Calls `listener` with each trade placed so far and then with each new one. */
export function onPlacedTrade(listener: (trade: Trade) => void): () => void {
  for (const trade of [...placed]) listener(trade);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
