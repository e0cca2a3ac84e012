/**
 * The server's exact decimals: what `market_ticks.price` (numeric(38, 18)) can hold, the
 * canonical form of what it answers, and the simulated market's exact arithmetic. Reading the
 * services' strings and numbers is common/market/decimal.ts's.
 */
import { numberToDecimalString } from '../../common/market/decimal';

/** A positive or zero plain decimal: digits, optionally a point and more digits. */
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
/** What `market_ticks.price` (numeric(38, 18)) holds without rounding. */
const MAX_PRICE_DECIMALS = 18;
const MAX_PRICE_INTEGER_DIGITS = 20;

/**
 * Canonical form of a plain decimal: no leading zeros in the integer part, no trailing
 * zeros after the point ("067.5000" → "67.5", "5.000" → "5"). The database answers
 * numeric(38, 18) padded to 18 decimals; this makes it equal to the quoted string again.
 */
export function normalizeDecimal(text: string): string {
  const negative = text.startsWith('-');
  const unsigned = negative ? text.slice(1) : text;
  if (!PLAIN_DECIMAL.test(unsigned)) throw new RangeError(`Not a plain decimal: "${text}"`);
  const [rawInt = '0', rawFrac = ''] = unsigned.split('.');
  const intPart = rawInt.replace(/^0+(?=\d)/, '');
  const fracPart = rawFrac.replace(/0+$/, '');
  const result = fracPart === '' ? intPart : `${intPart}.${fracPart}`;
  return negative && result !== '0' ? `-${result}` : result;
}

/**
 * A quoted price that can be recorded as it is: a plain positive decimal that fits
 * numeric(38, 18) exactly. Answers the canonical form, or null for anything else (zero,
 * which Binance answers for halted pairs, exponents, too many decimals, garbage).
 */
export function recordablePrice(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 64 || !PLAIN_DECIMAL.test(value)) return null;
  const canonical = normalizeDecimal(value);
  const [intPart = '', fracPart = ''] = canonical.split('.');
  if (fracPart.length > MAX_PRICE_DECIMALS || intPart.length > MAX_PRICE_INTEGER_DIGITS) {
    return null;
  }
  if (/^[0.]+$/.test(canonical)) return null;
  return canonical;
}

/**
 * `value` with `significantDigits` significant digits as a plain decimal without trailing
 * zeros. `toPrecision` rounds exactly (it is specified on the number's exact binary value),
 * so every engine formats the same number the same way.
 */
export function toSignificantDecimal(value: number, significantDigits: number): string {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`Not a positive price: ${value}`);
  return numberToDecimalString(Number(value.toPrecision(significantDigits)));
}

/** A plain decimal string padded with zeros to at least `decimals` decimals (Binance style). */
export function padDecimals(text: string, decimals: number): string {
  const [intPart = '0', fracPart = ''] = text.split('.');
  if (fracPart.length >= decimals) return text;
  return `${intPart}.${fracPart.padEnd(decimals, '0')}`;
}

const SCALE_DECIMALS = MAX_PRICE_DECIMALS;
const SCALE = 10n ** BigInt(SCALE_DECIMALS);

function toScaled(text: string): bigint {
  const negative = text.startsWith('-');
  const [intPart = '0', fracPart = ''] = (negative ? text.slice(1) : text).split('.');
  if (fracPart.length > SCALE_DECIMALS) throw new RangeError(`Too many decimals: "${text}"`);
  const scaled = BigInt(intPart) * SCALE + BigInt(fracPart.padEnd(SCALE_DECIMALS, '0'));
  return negative ? -scaled : scaled;
}

function fromScaled(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const text = normalizeDecimal(
    `${abs / SCALE}.${(abs % SCALE).toString().padStart(SCALE_DECIMALS, '0')}`,
  );
  return negative && text !== '0' ? `-${text}` : text;
}

/** a + b, exactly, for decimals of at most 18 places. */
export function addDecimals(a: string, b: string): string {
  return fromScaled(toScaled(a) + toScaled(b));
}

/** a − b, exactly, for decimals of at most 18 places. */
export function subtractDecimals(a: string, b: string): string {
  return fromScaled(toScaled(a) - toScaled(b));
}

/** One unit in the last decimal place of `text` ("67123.45" → "0.01", "5" → "1"). */
export function lastPlaceUnit(text: string): string {
  const fracPart = text.split('.')[1] ?? '';
  return fracPart.length === 0 ? '1' : `0.${'0'.repeat(fracPart.length - 1)}1`;
}
