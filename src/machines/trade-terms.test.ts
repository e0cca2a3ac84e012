import { describe, expect, it } from 'vitest';
import {
  normalizeStakeInput,
  payoutAmountMicros,
  payoutAmountWire,
  quickStakeText,
  tradeAmountError,
  type TradeTerms,
} from './trade-terms';
import { winProfitMicros } from '../../common/money';

const terms: TradeTerms = {
  enabled: true,
  account: 'real',
  minAmount: '10.000000',
  maxAmount: '10000.000000',
  balance: '250.500000',
  durations: [
    { selectedTime: 'trade30Second', seconds: 30, payoutPercent: '80.000000' },
    { selectedTime: 'trade60Second', seconds: 60, payoutPercent: '82.500000' },
  ],
};

const errorOf = (text: string, over: Partial<TradeTerms> = {}) =>
  tradeAmountError(text, { ...terms, ...over })?.message ?? null;

describe('trade payout', () => {
  it('pays back stake + stake × payout', () => {
    expect(payoutAmountMicros(10_000_000n, 80_000_000n)).toBe(18_000_000n);
    expect(payoutAmountWire('10.000000', '80.000000')).toBe('18.000000');
    expect(payoutAmountWire('12.340000', '82.500000')).toBe('22.520500');
  });

  it('rounds the profit down to the micro, as the server settles it', () => {
    // 0.000001 × 80 % = 0.0000008: nothing to pay beyond the stake.
    expect(winProfitMicros(1n, 80_000_000n)).toBe(0n);
    // 33.333333 × 82.5 % = 27.49999972… → 27.499999
    expect(winProfitMicros(33_333_333n, 82_500_000n)).toBe(27_499_999n);
    expect(payoutAmountWire('33.333333', '82.500000')).toBe('60.833332');
  });

  it('refuses a payout outside 0..100 %', () => {
    expect(() => winProfitMicros(1n, 100_000_001n)).toThrow(RangeError);
    expect(() => winProfitMicros(-1n, 1n)).toThrow(RangeError);
  });
});

describe('trade amount rules', () => {
  it('requires a number', () => {
    expect(errorOf('')).toBe('Amount is required');
    expect(errorOf('abc')).toBe('Amount must be a number');
    expect(errorOf('1e3')).toBe('Amount must be a number');
    expect(errorOf('-5')).toBe('Amount cannot be negative');
    expect(errorOf('10.1234567')).toBe('Amount can have at most 6 decimals');
  });

  it('keeps the stake within the published minimum and maximum', () => {
    expect(errorOf('0')).toBe('Amount must be greater than 0');
    expect(errorOf('9.99')).toBe('Minimum trade amount is {min} USDT');
    expect(tradeAmountError('9.99', terms)?.values).toEqual({ min: '10.00' });
    expect(errorOf('10')).toBeNull();
    expect(errorOf('10000.01', { balance: '20000.000000' })).toBe(
      'Maximum trade amount is {max} USDT',
    );
    expect(tradeAmountError('5', { ...terms, minAmount: '10.500001' })?.values).toEqual({
      min: '10.500001',
    });
  });

  it('refuses more than the available balance', () => {
    expect(errorOf('250.5')).toBeNull();
    expect(errorOf('250.500001')).toBe('You cannot trade more than your balance.');
  });

  it('sets an amount above the balance back to the balance', () => {
    expect(normalizeStakeInput('300', terms.balance)).toEqual({ text: '250.5', clamped: true });
    expect(normalizeStakeInput('12,5', terms.balance)).toEqual({ text: '12.5', clamped: false });
    expect(normalizeStakeInput(' 1 000 ', null)).toEqual({ text: '1000', clamped: false });
  });

  it('offers quick stakes as shares of the balance, down to the cent, within the maximum', () => {
    expect(quickStakeText(terms, 25)).toBe('62.62');
    expect(quickStakeText(terms, 100)).toBe('250.5');
    expect(quickStakeText({ ...terms, balance: '50000.000000' }, 100)).toBe('10000');
    expect(quickStakeText({ ...terms, balance: '0.000000' }, 50)).toBeNull();
    expect(() => quickStakeText(terms, 0)).toThrow(RangeError);
  });
});
