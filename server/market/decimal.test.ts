import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  lastPlaceUnit,
  normalizeDecimal,
  padDecimals,
  recordablePrice,
  subtractDecimals,
  toSignificantDecimal,
} from './decimal';

describe('normalizeDecimal and recordablePrice', () => {
  it('trims the padding the database adds', () => {
    expect(normalizeDecimal('67123.450000000000000000')).toBe('67123.45');
    expect(normalizeDecimal('5.000000000000000000')).toBe('5');
    expect(normalizeDecimal('007.50')).toBe('7.5');
    expect(normalizeDecimal('0.000012340000')).toBe('0.00001234');
  });

  it('accepts positive plain decimals that fit numeric(38, 18), and nothing else', () => {
    expect(recordablePrice('67123.45000000')).toBe('67123.45');
    expect(recordablePrice('0.00000987')).toBe('0.00000987');
    expect(recordablePrice('0.00000000')).toBeNull();
    expect(recordablePrice('0')).toBeNull();
    expect(recordablePrice('-1')).toBeNull();
    expect(recordablePrice('1e-7')).toBeNull();
    expect(recordablePrice('1.0000000000000000001')).toBeNull();
    expect(recordablePrice('123456789012345678901')).toBeNull();
    expect(recordablePrice(67000)).toBeNull();
    expect(recordablePrice(' 1')).toBeNull();
  });
});

describe('exact decimal helpers', () => {
  it('adds and subtracts without floats', () => {
    expect(subtractDecimals('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimals('97000.12', '98000.5')).toBe('-1000.38');
    expect(addDecimals('0.00001234', '0.00000001')).toBe('0.00001235');
    expect(lastPlaceUnit('67123.45')).toBe('0.01');
    expect(lastPlaceUnit('5')).toBe('1');
    expect(padDecimals('67123.45', 8)).toBe('67123.45000000');
    expect(padDecimals('0.0000098765432', 8)).toBe('0.0000098765432');
  });

  it('rounds to significant digits as a plain decimal', () => {
    expect(toSignificantDecimal(97123.456789, 8)).toBe('97123.457');
    expect(toSignificantDecimal(0.0000098765432109, 8)).toBe('0.0000098765432');
    expect(toSignificantDecimal(1.5, 8)).toBe('1.5');
    expect(() => toSignificantDecimal(0, 8)).toThrow();
  });
});
