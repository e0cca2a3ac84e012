import { describe, expect, it } from 'vitest';
import {
  decimalOrNull,
  isDecimalString,
  jsonNumberToDecimal,
  numberToDecimalString,
} from './decimal';

describe('numberToDecimalString', () => {
  it('uses the shortest representation, without float artefacts or exponents', () => {
    expect(numberToDecimalString(67123.45)).toBe('67123.45');
    expect(numberToDecimalString(0.1)).toBe('0.1');
    expect(numberToDecimalString(1e-7)).toBe('0.0000001');
    expect(numberToDecimalString(1.5e-7)).toBe('0.00000015');
    expect(numberToDecimalString(1.234e-7)).toBe('0.0000001234');
    expect(numberToDecimalString(0.00001234)).toBe('0.00001234');
    expect(numberToDecimalString(1.23456789e-10)).toBe('0.000000000123456789');
    expect(numberToDecimalString(1e15)).toBe('1000000000000000');
    expect(numberToDecimalString(1e21)).toBe('1000000000000000000000');
    expect(numberToDecimalString(1.5e21)).toBe('1500000000000000000000');
    expect(numberToDecimalString(2.5e22)).toBe('25000000000000000000000');
    expect(numberToDecimalString(-1.2345)).toBe('-1.2345');
    expect(numberToDecimalString(-1.5e-7)).toBe('-0.00000015');
    expect(numberToDecimalString(42)).toBe('42');
  });

  it('writes zero, negative zero included, as "0"', () => {
    expect(numberToDecimalString(0)).toBe('0');
    expect(numberToDecimalString(-0)).toBe('0');
  });

  it('keeps every digit the number was sent with, 16 and 17 significant ones too', () => {
    // What the sender wrote is what it meant: no rounding to 15 digits.
    expect(numberToDecimalString(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(numberToDecimalString(JSON.parse('-1.2345678901234567') as number)).toBe(
      '-1.2345678901234567',
    );
    expect(numberToDecimalString(1 + Number.EPSILON)).toBe('1.0000000000000002');
  });

  it('gives back the same number, in canonical form, across every magnitude', () => {
    const canonical = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 2000; i++) {
      const value = (random() - 0.5) * 10 ** Math.floor(random() * 60 - 30);
      const text = numberToDecimalString(value);
      expect(text).toMatch(canonical);
      expect(Number(text)).toBe(value === 0 ? 0 : value);
    }
  });

  it('refuses what is not a finite number', () => {
    expect(() => numberToDecimalString(Number.NaN)).toThrow(RangeError);
    expect(() => numberToDecimalString(Infinity)).toThrow(RangeError);
    expect(() => numberToDecimalString(-Infinity)).toThrow(RangeError);
  });
});

describe('decimal strings as quoted', () => {
  it('accepts plain decimals of at most 20 digits on each side', () => {
    expect(isDecimalString('67123.45000000')).toBe(true);
    expect(isDecimalString('-1.960')).toBe(true);
    expect(isDecimalString('0.00000000')).toBe(true);
    expect(isDecimalString(`${'9'.repeat(20)}.${'9'.repeat(20)}`)).toBe(true);
  });

  it('refuses exponents, blanks, bare points, overlong figures and non-strings', () => {
    for (const value of ['NaN', '1e-7', ' 1', '1.', '.5', '+1', '1,5', '9'.repeat(21)]) {
      expect(decimalOrNull(value)).toBeNull();
    }
    expect(decimalOrNull(`0.${'1'.repeat(21)}`)).toBeNull();
    expect(decimalOrNull(67000)).toBeNull();
    expect(decimalOrNull(null)).toBeNull();
    expect(decimalOrNull('1.5')).toBe('1.5');
  });
});

describe('jsonNumberToDecimal', () => {
  it('writes JSON numbers as plain decimals, and refuses absurd figures', () => {
    expect(jsonNumberToDecimal(1.234e-7)).toBe('0.0000001234');
    expect(jsonNumberToDecimal(-0)).toBe('0');
    expect(jsonNumberToDecimal(1e19)).toBe('10000000000000000000');
    expect(jsonNumberToDecimal(1e20)).toBeNull();
    expect(jsonNumberToDecimal(1e21)).toBeNull();
    expect(jsonNumberToDecimal(1e-21)).toBeNull();
    expect(jsonNumberToDecimal(Number.NaN)).toBeNull();
    expect(jsonNumberToDecimal(Infinity)).toBeNull();
    expect(jsonNumberToDecimal('1.5')).toBeNull();
    expect(jsonNumberToDecimal(null)).toBeNull();
  });
});
