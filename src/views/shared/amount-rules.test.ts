import { describe, expect, it } from 'vitest';
import { checkUsdtAmount, minLimit, normalizeAmountInput, parseAmountField } from './amount-rules';

const text = (check: ReturnType<typeof parseAmountField>) =>
  check.ok ? check.micros : check.error.message;

describe('amount rules', () => {
  it('uses the texts of the contract for what is not an amount', () => {
    expect(text(parseAmountField(''))).toBe('Amount is required');
    expect(text(parseAmountField('abc'))).toBe('Amount must be a number');
    expect(text(parseAmountField('1e3'))).toBe('Amount must be a number');
    expect(text(parseAmountField('1.1234567'))).toBe('Amount can have at most 6 decimals');
    expect(text(parseAmountField('12.5'))).toBe(12_500_000n);
  });

  it('refuses amounts under the minimum with its value, and zero', () => {
    const check = checkUsdtAmount('9.99', 10_000_000n);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.error.message).toBe('Minimum amount is {min} USDT');
      expect(check.error.values).toEqual({ min: '10.00' });
    }
    expect(text(checkUsdtAmount('0', 0n))).toBe('Amount must be greater than 0');
    expect(text(checkUsdtAmount('10', 10_000_000n))).toBe(10_000_000n);
  });

  it('sets a value above the ceiling back to it, and reads a decimal comma', () => {
    expect(normalizeAmountInput('150', 120_500_000n)).toEqual({ text: '120.5', clamped: true });
    expect(normalizeAmountInput('12,5', 120_500_000n)).toEqual({ text: '12.5', clamped: false });
    expect(normalizeAmountInput('120.5', 120_500_000n)).toEqual({ text: '120.5', clamped: false });
    expect(normalizeAmountInput('99999', null)).toEqual({ text: '99999', clamped: false });
  });

  it('takes the smaller limit', () => {
    expect(minLimit(5n, 3n)).toBe(3n);
    expect(minLimit(null, 3n)).toBe(3n);
    expect(minLimit(null, null)).toBeNull();
  });
});
