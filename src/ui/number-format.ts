/// <reference lib="es2023.intl" />
// Intl.NumberFormat v3 (ES2023) formats a decimal string exactly, as a decimal, not as the
// nearest float; TypeScript types that overload (`StringNumericLiteral`) in es2023.intl,
// which the projects' ES2022 lib does not include.
import { i18n } from '@lingui/core';

/**
 * Figures written the way the active language writes them (German 10.000,00, French
 * 10 000,00, English and Chinese 10,000.00). The callers round on the digits first, half
 * up, as they always have; here the already rounded decimal string only gets the language's
 * separators from `Intl.NumberFormat`, which reads the string as an exact decimal, so an
 * amount beyond 2^53 keeps every digit.
 */

const DEFAULT_LOCALE = 'en';
/** Fraction digits a figure may have: up to a coin's eight decimals. */
const MAX_FRACTION_DIGITS = 8;
const SLOTS_PER_LOCALE = (MAX_FRACTION_DIGITS + 1) * (MAX_FRACTION_DIGITS + 1);
/** An unsigned decimal, as the callers hand it over ("1234.50", "0", "12345678901234567.5"). */
const UNSIGNED_DECIMAL = /^\d+(?:\.\d+)?$/;

/**
 * One formatter per locale and fraction digits, made on first use: creating one costs far
 * more than formatting with it, and prices are formatted every second. At most five
 * languages × 81 digit pairs.
 */
const formatters = new Map<string, (Intl.NumberFormat | undefined)[]>();

function formatterFor(locale: string, minDigits: number, maxDigits: number): Intl.NumberFormat {
  let slots = formatters.get(locale);
  if (slots === undefined) {
    slots = new Array<Intl.NumberFormat | undefined>(SLOTS_PER_LOCALE);
    formatters.set(locale, slots);
  }
  const slot = minDigits * (MAX_FRACTION_DIGITS + 1) + maxDigits;
  let formatter = slots[slot];
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(locale, {
      minimumFractionDigits: minDigits,
      maximumFractionDigits: maxDigits,
      // The callers rounded half up already; should a string ever carry more digits, Intl's
      // default rounding is the same (half away from zero).
      roundingMode: 'halfExpand',
    });
    slots[slot] = formatter;
  }
  return formatter;
}

/** The language figures are written in: the active Lingui locale, English before any. */
export function numberLocale(): string {
  const locale = i18n.locale;
  return typeof locale === 'string' && locale !== '' ? locale : DEFAULT_LOCALE;
}

function isUnsignedDecimal(text: string): text is Intl.StringNumericLiteral {
  return UNSIGNED_DECIMAL.test(text);
}

/**
 * An unsigned decimal string in the active language, with at least `minDigits` and at most
 * `maxDigits` decimals (trailing zeros beyond `minDigits` dropped): "1234.5", 2, 2 →
 * "1.234,50" in German. The sign is the caller's, who knows which one the app shows.
 */
export function localizeDecimal(
  unsigned: string,
  minDigits: number,
  maxDigits = minDigits,
): string {
  if (!isUnsignedDecimal(unsigned)) throw new RangeError(`not an unsigned decimal: ${unsigned}`);
  if (
    !Number.isInteger(minDigits) ||
    !Number.isInteger(maxDigits) ||
    minDigits < 0 ||
    maxDigits < minDigits ||
    maxDigits > MAX_FRACTION_DIGITS
  ) {
    throw new RangeError(`fraction digits must be 0 ≤ ${minDigits} ≤ ${maxDigits} ≤ 8`);
  }
  return formatterFor(numberLocale(), minDigits, maxDigits).format(unsigned);
}
