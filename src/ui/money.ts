import {
  COIN_DECIMALS,
  USDT_DECIMALS,
  displayMicros,
  formatCoinUnits,
  formatMicros,
  microsFromWire,
  parseCoinUnits,
} from '../../common/money';
import { localizeDecimal } from './number-format';

/**
 * Figures for display, in the active language's separators ("1,234.50" in English,
 * "1.234,50" in German, "1 234,50" in French): exact, never through a floating-point number,
 * rounded half up on the digits. Display only: never parse what these return (`plainMicros`
 * is the one for putting an amount back into an input).
 */

/** `micros` rounded half up to `decimals` places, written in the active language. */
function localizedMicros(micros: bigint, decimals: number): string {
  const digits = displayMicros(micros < 0n ? -micros : micros, decimals, '');
  const text = localizeDecimal(digits, decimals);
  // "-0.00" would read as a loss of nothing: a figure that rounds to zero has no sign.
  return micros < 0n && /[1-9]/.test(digits) ? `-${text}` : text;
}

/**
 * Display text of a wire amount ("1234.500000" → "1,234.50"). Exact: the amount never
 * passes through a floating-point number.
 */
export function formatWireAmount(wire: string, decimals = 2): string {
  return localizedMicros(microsFromWire(wire), decimals);
}

/**
 * An amount for display with exactly `decimals` places ("1,234.50"): the one function views
 * use to show a micro amount, so every figure follows the same display rule.
 */
export function formatAmountMicros(micros: bigint, decimals = 2): string {
  return localizedMicros(micros, decimals);
}

/**
 * An amount with as many decimals as it needs, at least two: limits and minimums must not
 * be rounded ("10.00", "0.50", "0.000001").
 */
export function formatExactMicros(micros: bigint): string {
  for (let decimals = 2; decimals < USDT_DECIMALS; decimals++) {
    if (micros % 10n ** BigInt(USDT_DECIMALS - decimals) === 0n) {
      return localizedMicros(micros, decimals);
    }
  }
  return localizedMicros(micros, USDT_DECIMALS);
}

/**
 * A figure in millionths (an amount, a percent) with as many decimals as it needs, none for
 * a whole number ("80", "82.5", "1,234.000001"): where a figure reads as people write it.
 */
export function formatTrimmedMicros(micros: bigint): string {
  const abs = micros < 0n ? -micros : micros;
  const text = localizeDecimal(formatMicros(abs), 0, USDT_DECIMALS);
  return micros < 0n ? `-${text}` : text;
}

/**
 * The amount as a user would type it, for putting back into an input: no grouping, no
 * trailing zeros, always a decimal point ("1234.5", "100"), in every language.
 */
export function plainMicros(micros: bigint): string {
  return formatMicros(micros).replace(/\.?0+$/, '');
}

/**
 * A coin quantity (eight decimals) with trailing zeros trimmed down to `minDecimals`
 * ("0.00153846", "25.00"), for conversions and coin-unit limits.
 */
export function formatCoinQuantity(units: bigint, minDecimals = 2): string {
  const abs = units < 0n ? -units : units;
  const text = localizeDecimal(formatCoinUnits(abs), minDecimals, COIN_DECIMALS);
  return units < 0n ? `-${text}` : text;
}

/**
 * A coin quantity as the wire writes it ("120.00000000") for display ("120.00"); text that
 * is not one is shown as it came rather than hidden.
 */
export function formatCoinWire(wire: string): string {
  const parsed = parseCoinUnits(wire);
  return parsed.ok ? formatCoinQuantity(parsed.units) : wire;
}

/** A conversion rate (USDT per coin) with six decimals, as docs/product.md §9 asks (6 to 8). */
export function formatRate(wire: string): string {
  return formatWireAmount(wire, USDT_DECIMALS);
}

/**
 * A movement of money with its sign: "+12.50" in, "−12.50" out (a true minus sign, as wide
 * as the plus, so signed figures line up), "0.00" for none.
 */
export function formatSignedMicros(micros: bigint, decimals = 2): string {
  const abs = localizedMicros(micros < 0n ? -micros : micros, decimals);
  if (micros > 0n) return `+${abs}`;
  if (micros < 0n) return `\u2212${abs}`;
  return abs;
}
