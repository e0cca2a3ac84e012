import { localizeDecimal, roundHalfUp } from './number-format';

/**
 * Display text of the decimal strings the market feed quotes. Rounding is done on the digits
 * (no float); the separators are the active language's (`number-format.ts`).
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A decimal rounded on its digits: its sign, and its unsigned digits ("67187.33"). */
interface RoundedDecimal {
  negative: boolean;
  digits: string;
  isZero: boolean;
}

/** `text` rounded half up (away from zero) to `decimals` places, or null if not a decimal. */
function roundDecimal(text: string, decimals: number): RoundedDecimal | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const rounded = roundHalfUp(whole, fraction, decimals);
  const digits = decimals > 0 ? `${rounded.whole}.${rounded.fraction}` : rounded.whole;
  return { negative: sign === '-', digits, isZero: rounded.isZero };
}

/**
 * `text` rounded half up to `decimals` places and grouped ("67187.33000000", 2 →
 * "67,187.33" in English, "67.187,33" in German). Text that is not a decimal comes back
 * unchanged.
 */
export function formatDecimal(text: string, decimals: number): string {
  const rounded = roundDecimal(text, decimals);
  if (rounded === null) return text;
  const shown = localizeDecimal(rounded.digits, decimals);
  return rounded.negative && !rounded.isZero ? `-${shown}` : shown;
}

/**
 * How many decimals a price shows: 2 from 10 up, 4 from 1, and for smaller prices enough
 * for four significant digits, at most 8 ("0.00001234").
 */
export function priceDecimals(price: number): number {
  const abs = Math.abs(price);
  if (!Number.isFinite(abs) || abs >= 10) return 2;
  if (abs >= 1) return 4;
  if (abs === 0) return 2;
  return Math.min(8, Math.max(4, -Math.floor(Math.log10(abs)) + 3));
}

/** A price for display: "67,187.33", "5.4321", "0.00001234". */
export function formatPrice(text: string): string {
  return formatDecimal(text, priceDecimals(Number(text)));
}

/**
 * A 24-hour change in percent with its sign and two decimals: "+1.25%", "−0.84%" (a true
 * minus, as wide as the plus, so the figures line up), "0.00%". The sign is decided on the
 * rounded digits, whatever the language's decimal separator.
 */
export function formatChange(text: string): string {
  const rounded = roundDecimal(text, 2);
  if (rounded === null) return `${text}%`;
  const shown = localizeDecimal(rounded.digits, 2);
  if (rounded.isZero) return `${shown}%`;
  return `${rounded.negative ? '\u2212' : '+'}${shown}%`;
}

/**
 * The colour of a change percent as `formatChange` shows it: one that rounds to "0.00%" is
 * flat, whatever its sign, so a red or green pill never reads 0.00 %.
 */
export function shownChangeTone(changePercent: string): 'up' | 'down' | 'flat' {
  const shown = formatChange(changePercent);
  return shown.startsWith('+') ? 'up' : shown.startsWith('\u2212') ? 'down' : 'flat';
}
