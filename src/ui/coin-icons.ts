/**
 * Which coins have a real icon, and where it is (docs/architecture.md, "Coin icons").
 *
 * The icons are the "branded" SVGs of @web3icons/core (MIT), the smallest coloured variant
 * of the package. The build writes each listed one as an image file of its own
 * (scripts/coin-icons-plugin.ts, which also lists the coins), and this module gets only a
 * function from symbol to address: the browser fetches an icon when an <img> first shows it, and
 * never on the first load. A coin missing from the map (one an operator lists later, or one
 * the package does not draw) shows its letter instead.
 */
import iconUrlOf from 'virtual:coin-icon-urls';

/** Symbols are stored upper case; a symbol longer than this is no coin we list. */
const MAX_SYMBOL_LENGTH = 16;

/** The map's key for a symbol as a screen has it: trimmed, upper case. */
export function coinIconKey(symbol: string): string {
  return symbol.trim().toUpperCase().slice(0, MAX_SYMBOL_LENGTH);
}

/** The address of a coin's icon, or undefined when the coin has none (it shows a letter). */
export function coinIconUrl(symbol: string): string | undefined {
  return iconUrlOf(coinIconKey(symbol));
}

/** The letter a coin without an icon (or whose icon is on its way) shows in its circle. */
export function coinInitial(symbol: string): string {
  return coinIconKey(symbol).slice(0, 1);
}
