/**
 * Prices as exact decimal strings, for the web app's market worker and the server's recorder
 * alike. Binance quotes strings and CoinGecko JSON numbers; both become plain decimal strings
 * here without any arithmetic, so the figure shown, the figure recorded and the figure the
 * service sent are the same.
 */

/**
 * A plain decimal as the services quote them: an optional minus, at most 20 digits on each
 * side of the point, no exponent. Anything longer is not a price or a percent change.
 */
const DECIMAL_PATTERN = /^-?\d{1,20}(?:\.\d{1,20})?$/;

/** Whether `value` is a plain decimal string within the limits above. */
export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_PATTERN.test(value);
}

/** The decimal string, or null when it is not one. */
export function decimalOrNull(value: unknown): string | null {
  return isDecimalString(value) ? value : null;
}

/**
 * The plain decimal string of a finite number: its shortest round-trip representation
 * (ECMAScript's `Number.prototype.toString`: the fewest significant digits that read back as
 * the same double) with any exponent written out by moving the point in the digit string,
 * never through float arithmetic.
 *
 * Guarantees, for every finite `value`:
 * - `Number(result) === value` (negative zero gives "0");
 * - no exponent and no binary-float artefacts: 1e-7 → "0.0000001", 1.5e21 →
 *   "1500000000000000000000", 0.1 → "0.1" (never the double's exact binary expansion);
 * - canonical: no leading zeros but the one before a point, no trailing fractional zeros,
 *   never "-0";
 * - the digits a JSON writer sent, when it wrote the number in its shortest form (as the
 *   writers of JavaScript, Python, Go, Java and Rust do): a 16th and 17th significant digit
 *   are kept, not rounded away, so 0.30000000000000004 stays what it is.
 *
 * Throws a RangeError for NaN and ±Infinity: they have no decimal.
 */
export function numberToDecimalString(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const text = String(Math.abs(value));
  const [mantissa = '', exponentText] = text.split('e');
  const unsigned = exponentText === undefined ? text : shiftPoint(mantissa, Number(exponentText));
  return value < 0 ? `-${unsigned}` : unsigned;
}

/**
 * `mantissa` ("1.5") times ten to the `exponent`, written out by moving the point in the digit
 * string. `String(n)` writes an exponent only below 1e-6 and from 1e21 on, with one digit
 * before the point and no trailing zeros, so the point always lands outside the digits and
 * nothing needs trimming.
 */
function shiftPoint(mantissa: string, exponent: number): string {
  const digits = mantissa.replace('.', '');
  const pointAt = 1 + exponent;
  if (pointAt <= 0) return `0.${'0'.repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return digits + '0'.repeat(pointAt - digits.length);
  throw new RangeError(`Unexpected exponent form: ${mantissa}e${exponent}`);
}

/**
 * A JSON number as a decimal string within the limits of `isDecimalString`, or null for
 * anything else (not a number, NaN, ±Infinity, 1e21 and up, more than 20 decimals).
 */
export function jsonNumberToDecimal(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return decimalOrNull(numberToDecimalString(value));
}
