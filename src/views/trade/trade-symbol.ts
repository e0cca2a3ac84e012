const DEFAULT_SYMBOL = 'BTCUSDT';
const SYMBOL_PATTERN = /^[A-Z0-9]{2,15}USDT$/;

/**
 * The pair /trade shows: it arrives in the navigation state from Markets (docs/product.md §2); Bitcoin
 * otherwise. A module of its own, as the route reads it before the page's code has loaded.
 */
export function symbolFromState(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'symbol' in state) {
    const { symbol } = state as { symbol: unknown };
    if (typeof symbol === 'string' && SYMBOL_PATTERN.test(symbol)) return symbol;
  }
  return DEFAULT_SYMBOL;
}
