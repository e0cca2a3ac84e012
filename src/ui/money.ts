import {
  COIN_DECIMALS,
  USDT_DECIMALS,
  displayMicros,
  formatCoinUnits,
  formatMicros,
  microsFromWire,
} from '../../common/money';

/**
 * Display text of a wire amount ("1234.500000" → "1,234.50"). Exact: the amount never
 * passes through a floating-point number.
 */
export function formatWireAmount(wire: string, decimals = 2): string {
  return displayMicros(microsFromWire(wire), decimals);
}

/**
 * An amount for display with exactly `decimals` places ("1,234.50"): the one function views
 * use to show a micro amount, so every figure follows the same display rule.
 */
export function formatAmountMicros(micros: bigint, decimals = 2): string {
  return displayMicros(micros, decimals);
}

/**
 * An amount with as many decimals as it needs, at least two: limits and minimums must not
 * be rounded ("10.00", "0.50", "0.000001").
 */
export function formatExactMicros(micros: bigint): string {
  for (let decimals = 2; decimals < USDT_DECIMALS; decimals++) {
    if (micros % 10n ** BigInt(USDT_DECIMALS - decimals) === 0n) {
      return displayMicros(micros, decimals);
    }
  }
  return displayMicros(micros, USDT_DECIMALS);
}

/**
 * The amount as a user would type it, for putting back into an input: no grouping, no
 * trailing zeros ("1234.5", "100").
 */
export function plainMicros(micros: bigint): string {
  return formatMicros(micros).replace(/\.?0+$/, '');
}

/**
 * A coin quantity (eight decimals) with trailing zeros trimmed down to `minDecimals`
 * ("0.00153846", "25.00"), for conversions and coin-unit limits.
 */
export function formatCoinQuantity(units: bigint, minDecimals = 2): string {
  const text = formatCoinUnits(units);
  const [whole = '0', fraction = ''] = text.split('.');
  let kept = fraction;
  while (kept.length > minDecimals && kept.endsWith('0')) kept = kept.slice(0, -1);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return kept.length > 0 && kept.length <= COIN_DECIMALS ? `${grouped}.${kept}` : grouped;
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
  const abs = displayMicros(micros < 0n ? -micros : micros, decimals);
  if (micros > 0n) return `+${abs}`;
  if (micros < 0n) return `\u2212${abs}`;
  return abs;
}
