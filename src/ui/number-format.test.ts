/// <reference lib="es2023.intl" />
// Intl.NumberFormat v3 (ES2023) formats a decimal string exactly; the reference below uses it.
import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../common/rules';
import { formatChange, formatDecimal, formatPrice, shownChangeTone } from './market-format';
import {
  formatAmountMicros,
  formatCoinQuantity,
  formatCoinWire,
  formatExactMicros,
  formatRate,
  formatSignedMicros,
  formatTrimmedMicros,
  formatWireAmount,
  plainMicros,
} from './money';
import { localizeDecimal, numberLocale, SEPARATORS } from './number-format';

/** French groups with a narrow no-break space (U+202F), so a figure never breaks apart. */
const NNBSP = '\u202f';
const MINUS = '\u2212';

function speak(language: Language): void {
  i18n.loadAndActivate({ locale: language, messages: {} });
}

afterEach(() => speak('en'));

/** Each language's writing of the same figures, with the app's own signs. */
const EXPECTED: Record<
  Language,
  { amount: string; coin: string; signed: string; change: string; huge: string }
> = {
  en: {
    amount: '10,000.00',
    coin: '1,234.00153846',
    signed: `${MINUS}1,234.50`,
    change: `${MINUS}1,234.57%`,
    huge: '12,345,678,901,234,567,890.13',
  },
  de: {
    amount: '10.000,00',
    coin: '1.234,00153846',
    signed: `${MINUS}1.234,50`,
    change: `${MINUS}1.234,57%`,
    huge: '12.345.678.901.234.567.890,13',
  },
  fr: {
    amount: `10${NNBSP}000,00`,
    coin: `1${NNBSP}234,00153846`,
    signed: `${MINUS}1${NNBSP}234,50`,
    change: `${MINUS}1${NNBSP}234,57%`,
    huge: `12${NNBSP}345${NNBSP}678${NNBSP}901${NNBSP}234${NNBSP}567${NNBSP}890,13`,
  },
  // Spanish groups only from five digits on (CLDR's minimum grouping digits), as Intl does.
  es: {
    amount: '10.000,00',
    coin: '1234,00153846',
    signed: `${MINUS}1234,50`,
    change: `${MINUS}1234,57%`,
    huge: '12.345.678.901.234.567.890,13',
  },
  zh: {
    amount: '10,000.00',
    coin: '1,234.00153846',
    signed: `${MINUS}1,234.50`,
    change: `${MINUS}1,234.57%`,
    huge: '12,345,678,901,234,567,890.13',
  },
};

describe('figures in the reader’s language', () => {
  it('writes English before any language is active and after switching back', () => {
    expect(numberLocale()).toBe('en');
    speak('de');
    expect(formatAmountMicros(10_000_000_000n)).toBe('10.000,00');
    speak('en');
    expect(formatAmountMicros(10_000_000_000n)).toBe('10,000.00');
  });

  for (const language of LANGUAGES) {
    describe(language, () => {
      const expected = EXPECTED[language];

      it('writes amounts, coin quantities, signed movements and changes', () => {
        speak(language);
        expect(formatAmountMicros(10_000_000_000n)).toBe(expected.amount);
        expect(formatWireAmount('10000.000000')).toBe(expected.amount);
        expect(formatCoinQuantity(123_400_153_846n)).toBe(expected.coin);
        expect(formatSignedMicros(-1_234_500_000n)).toBe(expected.signed);
        expect(formatChange('-1234.565')).toBe(expected.change);
      });

      it('keeps every digit of a figure beyond 2^53', () => {
        speak(language);
        expect(formatDecimal('12345678901234567890.125', 2)).toBe(expected.huge);
        expect(formatDecimal('-12345678901234567890.125', 2)).toBe(`-${expected.huge}`);
      });

      it('writes zero without a sign, and only its decimal separator differs', () => {
        speak(language);
        const zero = language === 'en' || language === 'zh' ? '0.00' : '0,00';
        expect(formatAmountMicros(0n)).toBe(zero);
        expect(formatAmountMicros(-4_999n)).toBe(zero);
        expect(formatSignedMicros(0n)).toBe(zero);
        expect(formatDecimal('-0.001', 2)).toBe(zero);
        expect(formatChange('-0.004')).toBe(`${zero}%`);
      });
    });
  }
});

describe('rounding and precision, in German', () => {
  it('rounds half up on the digits, at the boundary', () => {
    speak('de');
    expect(formatAmountMicros(1_004_999n)).toBe('1,00');
    expect(formatAmountMicros(1_005_000n)).toBe('1,01');
    expect(formatAmountMicros(-1_005_000n)).toBe('-1,01');
    expect(formatAmountMicros(999_995_000n, 2)).toBe('1.000,00');
    expect(formatWireAmount('0.400000', 4)).toBe('0,4000');
    expect(formatDecimal('9.995', 2)).toBe('10,00');
    expect(formatDecimal('9.99499999', 2)).toBe('9,99');
    expect(formatPrice('0.00001234')).toBe('0,00001234');
    expect(formatPrice('67187.335')).toBe('67.187,34');
  });

  it('keeps the spec’s precisions and trims coin amounts to at least two decimals', () => {
    speak('de');
    expect(formatRate('65000.125000')).toBe('65.000,125000');
    expect(formatExactMicros(1n)).toBe('0,000001');
    expect(formatExactMicros(10_500_000n)).toBe('10,50');
    expect(formatCoinQuantity(12_000_000_000n)).toBe('120,00');
    expect(formatCoinQuantity(153_846n)).toBe('0,00153846');
    expect(formatCoinQuantity(123_456_700_000_000n, 0)).toBe('1.234.567');
    expect(formatCoinWire('39.60000000')).toBe('39,60');
    expect(formatCoinWire('not a quantity')).toBe('not a quantity');
  });

  it('signs movements and changes with a plus or a true minus', () => {
    speak('de');
    expect(formatSignedMicros(12_500_000n)).toBe('+12,50');
    expect(formatSignedMicros(-12_500_000n)).toBe(`${MINUS}12,50`);
    expect(formatChange('1.250')).toBe('+1,25%');
    expect(shownChangeTone('1.25')).toBe('up');
    expect(shownChangeTone('-0.84')).toBe('down');
    expect(shownChangeTone('-0.004')).toBe('flat');
  });

  it('writes percents and settings as people do, without trailing zeros', () => {
    speak('de');
    expect(formatTrimmedMicros(82_500_000n)).toBe('82,5');
    expect(formatTrimmedMicros(80_000_000n)).toBe('80');
    expect(formatTrimmedMicros(-1_234_000_001n)).toBe('-1.234,000001');
  });

  it('puts amounts back into an input unlocalized', () => {
    speak('de');
    expect(plainMicros(1_234_500_000n)).toBe('1234.5');
    speak('fr');
    expect(plainMicros(1_234_500_000n)).toBe('1234.5');
  });

  it('refuses what is not an unsigned decimal, or digits it cannot show', () => {
    expect(() => localizeDecimal('-1.5', 2)).toThrow(RangeError);
    expect(() => localizeDecimal('1e5', 2)).toThrow(RangeError);
    expect(() => localizeDecimal('1.5', 3, 2)).toThrow(RangeError);
    expect(() => localizeDecimal('1.5', 0, 9)).toThrow(RangeError);
  });
});

describe('the same writing as Intl.NumberFormat, figure by figure', () => {
  /** A deterministic spread of decimals: 1 to 22 whole digits, 0 to 10 decimals. */
  function* decimals(): Generator<string> {
    let seed = 20261127;
    const next = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    for (let i = 0; i < 400; i += 1) {
      const whole = Array.from({ length: 1 + next(22) }, () => next(10)).join('');
      const fraction = Array.from({ length: next(11) }, () => next(10)).join('');
      yield fraction ? `${whole}.${fraction}` : whole;
    }
    yield* ['0', '0.5', '999.995', '9999.9999999999', '1000', '10000', '0.000000005'];
  }

  for (const language of LANGUAGES) {
    it(`has ${language}'s separators as Intl has them`, () => {
      const format = new Intl.NumberFormat(language, { minimumFractionDigits: 1 });
      const part = (value: number, type: string) =>
        format.formatToParts(value).find((each) => each.type === type)?.value;
      expect(SEPARATORS[language]).toEqual({
        group: part(12345.5, 'group'),
        decimal: part(12345.5, 'decimal'),
        groupFromDigits: part(1234.5, 'group') === undefined ? 5 : 4,
      });
    });

    it(`writes every figure as Intl does in ${language}`, () => {
      speak(language);
      for (const [minDigits, maxDigits] of [
        [0, 0],
        [2, 2],
        [0, 8],
        [2, 8],
        [4, 4],
        [6, 6],
      ] as const) {
        const intl = new Intl.NumberFormat(language, {
          minimumFractionDigits: minDigits,
          maximumFractionDigits: maxDigits,
          roundingMode: 'halfExpand',
        });
        for (const text of decimals()) {
          expect(
            localizeDecimal(text, minDigits, maxDigits),
            `${text} ${minDigits}-${maxDigits}`,
          ).toBe(intl.format(text as Intl.StringNumericLiteral));
        }
      }
    });
  }
});
