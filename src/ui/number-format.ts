import { i18n } from '@lingui/core';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../common/rules';

/**
 * Figures written the way the active language writes them (German 10.000,00, French
 * 10 000,00, Spanish 1234,50 but 12.345,50, English and Chinese 10,000.00). The callers
 * round on the digits first, half up, as they always have; here the already rounded decimal
 * string only gets the language's separators, placed by string work, so an amount beyond
 * 2^53 keeps every digit.
 *
 * The separators are CLDR's, as `Intl.NumberFormat` writes them (number-format.test.ts
 * checks each against it, figure by figure). They are a table rather than read from Intl:
 * the page's first Intl formatter loads the engine's locale data, about 20 ms of main
 * thread on a phone in the middle of the first load, for five facts that never change.
 */

/** Fraction digits a figure may have: up to a coin's eight decimals. */
const MAX_FRACTION_DIGITS = 8;
/** An unsigned decimal, as the callers hand it over ("1234.50", "0", "12345678901234567.5"). */
const UNSIGNED_DECIMAL = /^(\d+)(?:\.(\d+))?$/;
/** Every language of the app groups by threes. */
const GROUP_SIZE = 3;

export interface Separators {
  group: string;
  decimal: string;
  /** The fewest digits a whole part needs before it is grouped: 4, or 5 in Spanish. */
  groupFromDigits: number;
}

export const SEPARATORS: Readonly<Record<Language, Separators>> = {
  en: { group: ',', decimal: '.', groupFromDigits: 4 },
  es: { group: '.', decimal: ',', groupFromDigits: 5 },
  // A narrow no-break space (U+202F): a French figure never breaks across lines.
  fr: { group: '\u202f', decimal: ',', groupFromDigits: 4 },
  de: { group: '.', decimal: ',', groupFromDigits: 4 },
  zh: { group: ',', decimal: '.', groupFromDigits: 4 },
};

/** The language figures are written in: the active Lingui locale, English before any. */
export function numberLocale(): Language {
  const locale = i18n.locale;
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
}

/** `whole` with the language's group sign between threes, from the right. */
function groupWhole(whole: string, separators: Separators): string {
  if (whole.length < separators.groupFromDigits) return whole;
  const head = whole.length % GROUP_SIZE || GROUP_SIZE;
  const groups = [whole.slice(0, head)];
  for (let at = head; at < whole.length; at += GROUP_SIZE) {
    groups.push(whole.slice(at, at + GROUP_SIZE));
  }
  return groups.join(separators.group);
}

/**
 * The unsigned digits `whole`.`fraction` rounded half up (away from zero) to exactly
 * `decimals` places, on the digits, without a float: ("9", "995", 2) → ("10", "00").
 */
export function roundHalfUp(
  whole: string,
  fraction: string,
  decimals: number,
): { whole: string; fraction: string; isZero: boolean } {
  const padded = fraction.padEnd(decimals + 1, '0');
  let scaled = BigInt(whole + padded.slice(0, decimals));
  if (Number(padded[decimals]) >= 5) scaled += 1n;
  const all = scaled.toString().padStart(decimals + 1, '0');
  return {
    whole: all.slice(0, all.length - decimals),
    fraction: all.slice(all.length - decimals),
    isZero: scaled === 0n,
  };
}

/**
 * The digits `whole`.`fraction` rounded half up to at most `maxDigits` decimals, trailing
 * zeros beyond `minDigits` dropped. The callers hand over rounded strings; a longer one is
 * rounded here rather than cut.
 */
function fitFraction(
  whole: string,
  fraction: string,
  minDigits: number,
  maxDigits: number,
): { whole: string; fraction: string } {
  if (fraction.length > maxDigits) ({ whole, fraction } = roundHalfUp(whole, fraction, maxDigits));
  let end = fraction.length;
  while (end > minDigits && fraction[end - 1] === '0') end -= 1;
  return { whole, fraction: fraction.slice(0, end).padEnd(minDigits, '0') };
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
  const match = UNSIGNED_DECIMAL.exec(unsigned);
  if (!match) throw new RangeError(`not an unsigned decimal: ${unsigned}`);
  if (
    !Number.isInteger(minDigits) ||
    !Number.isInteger(maxDigits) ||
    minDigits < 0 ||
    maxDigits < minDigits ||
    maxDigits > MAX_FRACTION_DIGITS
  ) {
    throw new RangeError(`fraction digits must be 0 ≤ ${minDigits} ≤ ${maxDigits} ≤ 8`);
  }
  const separators = SEPARATORS[numberLocale()];
  const digits = fitFraction(match[1] ?? '0', match[2] ?? '', minDigits, maxDigits);
  const whole = groupWhole(digits.whole.replace(/^0+(?=\d)/, ''), separators);
  return digits.fraction === '' ? whole : `${whole}${separators.decimal}${digits.fraction}`;
}
