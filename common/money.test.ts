import { describe, expect, it } from 'vitest';
import {
  displayMicros,
  formatMicros,
  microsFromWire,
  parseAmount,
  MAX_AMOUNT_MICROS,
} from './money';

describe('parseAmount', () => {
  it.each([
    ['12', 12_000_000n],
    ['12.5', 12_500_000n],
    ['0.000001', 1n],
    [' 7.25 ', 7_250_000n],
    [0.1, 100_000n],
    [3, 3_000_000n],
    ['1000000000000', MAX_AMOUNT_MICROS],
  ])('reads %j exactly', (input, micros) => {
    expect(parseAmount(input)).toEqual({ ok: true, micros });
  });

  it.each([
    '-1',
    '1e3',
    'NaN',
    'Infinity',
    '',
    '1.0000001',
    '0x10',
    '1,5',
    '.5',
    '5.',
    '1000000000000.000001',
    null,
    {},
    NaN,
    1e-7,
    -0.5,
  ])('refuses %j', (input) => {
    expect(parseAmount(input).ok).toBe(false);
  });
});

describe('formatting', () => {
  it('writes the wire format with six decimals and reads it back', () => {
    for (const micros of [0n, 1n, 999_999n, 1_000_000n, 12_345_678_901n, -5_000_001n]) {
      const wire = formatMicros(micros);
      expect(wire).toMatch(/^-?\d+\.\d{6}$/);
      expect(microsFromWire(wire)).toBe(micros);
    }
  });

  it('displays with rounding half away from zero and separators', () => {
    expect(displayMicros(1_234_567_890n, 2)).toBe('1,234.57');
    expect(displayMicros(5_000n, 2)).toBe('0.01');
    expect(displayMicros(4_999n, 2)).toBe('0.00');
    expect(displayMicros(-4_999n, 2)).toBe('0.00');
    expect(displayMicros(-1_005_000n, 2)).toBe('-1.01');
    expect(displayMicros(12_345_678n, 4)).toBe('12.3457');
    expect(() => displayMicros(1n, 7)).toThrow(RangeError);
  });
});
