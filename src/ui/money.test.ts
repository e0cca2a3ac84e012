import { describe, expect, it } from 'vitest';
import {
  formatCoinQuantity,
  formatExactMicros,
  formatRate,
  formatSignedMicros,
  plainMicros,
} from './money';

describe('money display', () => {
  it('shows limits with as many decimals as they need, at least two', () => {
    expect(formatExactMicros(10_000_000n)).toBe('10.00');
    expect(formatExactMicros(500_000n)).toBe('0.50');
    expect(formatExactMicros(1_234_567_890n)).toBe('1,234.56789');
    expect(formatExactMicros(1n)).toBe('0.000001');
  });

  it('writes amounts back into inputs without grouping or trailing zeros', () => {
    expect(plainMicros(1_234_500_000n)).toBe('1234.5');
    expect(plainMicros(100_000_000n)).toBe('100');
    expect(plainMicros(0n)).toBe('0');
    expect(plainMicros(10n)).toBe('0.00001');
  });

  it('trims coin quantities down to the decimals asked', () => {
    expect(formatCoinQuantity(153_846n)).toBe('0.00153846');
    expect(formatCoinQuantity(2_500_000_000n)).toBe('25.00');
    expect(formatCoinQuantity(123_456_700_000_000n, 0)).toBe('1,234,567');
  });

  it('shows rates with six decimals', () => {
    expect(formatRate('65000.125000')).toBe('65,000.125000');
  });

  it('signs movements with a true minus sign', () => {
    expect(formatSignedMicros(12_500_000n)).toBe('+12.50');
    expect(formatSignedMicros(-1_234_500_000n)).toBe('\u22121,234.50');
    expect(formatSignedMicros(0n)).toBe('0.00');
  });
});
