/**
 * Decimal strings as the services quote them. Prices stay strings from the wire to the
 * screen; the parsed number is used for sorting and colour only.
 */

/** At most this many digits on each side of the point: anything longer is not a price. */
const DECIMAL_PATTERN = /^-?\d{1,20}(?:\.\d{1,20})?$/;

export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_PATTERN.test(value);
}

/** The decimal string, or null when it is not one. */
export function decimalOrNull(value: unknown): string | null {
  return isDecimalString(value) ? value : null;
}

const plainDecimal = new Intl.NumberFormat('en-US', {
  useGrouping: false,
  maximumSignificantDigits: 15,
});

/**
 * A JSON number written out in plain decimal notation, never an exponent ("1.234e-7" →
 * "0.0000001234"), to 15 significant digits (what a double holds). Null for NaN, ±Infinity.
 */
export function numberToDecimalString(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (value === 0) return '0';
  const text = plainDecimal.format(value);
  return isDecimalString(text) ? text : null;
}
