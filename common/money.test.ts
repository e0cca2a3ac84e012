import { describe, expect, it } from 'vitest';
import {
  coinUnitsForUsdt,
  displayMicros,
  feeMicros,
  formatCoinUnits,
  formatMicros,
  MAX_AMOUNT_MICROS,
  MAX_COIN_UNITS,
  maxUsdtMicrosForRate,
  microsFromWire,
  parseAmount,
  parseCoinUnits,
  parsePercent,
  splitFee,
  winProfitMicros,
} from './money';

describe('parseAmount', () => {
  it.each([
    ['12', 12_000_000n],
    ['12.5', 12_500_000n],
    ['0.000001', 1n],
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
    // Nothing around the figure: the text checked is the text stored.
    ' 7.25 ',
    '5\n',
    '\ufeff5',
    '5\u00a0',
    '\t5',
    '5\r\n',
    '\u20285',
    '5\u0000',
    '   ',
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

describe('fees and conversions', () => {
  it('splits a fee half up and keeps amount = fee + net', () => {
    expect(splitFee(100_000_000n, 1_000_000n)).toEqual({
      amountMicros: 100_000_000n,
      feeMicros: 1_000_000n,
      netMicros: 99_000_000n,
    });
    // 1 % of 0.000050 is 0.0000005: half rounds up to one micro.
    expect(feeMicros(50n, 1_000_000n)).toBe(1n);
    expect(feeMicros(49n, 1_000_000n)).toBe(0n);
    for (const amount of [0n, 1n, 7n, 123_456_789n, 10n ** 18n]) {
      for (const pct of [0n, 1n, 1_500_000n, 100_000_000n]) {
        const split = splitFee(amount, pct);
        expect(split.feeMicros + split.netMicros).toBe(amount);
        expect(split.netMicros >= 0n).toBe(true);
      }
    }
  });

  it('refuses percentages outside 0..100', () => {
    expect(parsePercent('100').ok).toBe(true);
    expect(parsePercent('100.000001').ok).toBe(false);
    expect(() => feeMicros(1n, -1n)).toThrow(RangeError);
  });

  it('converts USDT to coin units at a rate, with eight decimals', () => {
    expect(formatCoinUnits(coinUnitsForUsdt(650_000_000n, 65_000_000_000n))).toBe('0.01000000');
    expect(formatCoinUnits(coinUnitsForUsdt(100_000_000n, 1_000_000n))).toBe('100.00000000');
    expect(parseCoinUnits('0.01')).toEqual({ ok: true, units: 1_000_000n });
    expect(parseCoinUnits(0.01)).toEqual({ ok: true, units: 1_000_000n });
    expect(parseCoinUnits('1e-2').ok).toBe(false);
    expect(parseCoinUnits('0.000000001').ok).toBe(false);
    expect(parseCoinUnits('0.01 ').ok).toBe(false);
    expect(parseCoinUnits('\n0.01').ok).toBe(false);
  });
});

describe('maxUsdtMicrosForRate', () => {
  it.each([1n, 2n, 3n, 7n, 999_999n, 1_000_000n, 1_000_001n, 65_000_000_000n])(
    'is the largest amount whose coin quantity at rate %s micros fits a BIGINT',
    (rate) => {
      const max = maxUsdtMicrosForRate(rate);
      expect(max).toBeLessThanOrEqual(MAX_AMOUNT_MICROS);
      expect(coinUnitsForUsdt(max, rate)).toBeLessThanOrEqual(MAX_COIN_UNITS);
      if (max < MAX_AMOUNT_MICROS) {
        expect(coinUnitsForUsdt(max + 1n, rate)).toBeGreaterThan(MAX_COIN_UNITS);
      }
    },
  );

  it('bounds a coin at 0.000001 USDT to about 92,233 USDT', () => {
    expect(formatMicros(maxUsdtMicrosForRate(1n))).toBe('92233.720368');
    expect(formatMicros(maxUsdtMicrosForRate(1_000_000n))).toBe('92233720368.547758');
    expect(maxUsdtMicrosForRate(65_000_000_000n)).toBe(MAX_AMOUNT_MICROS);
  });
});

describe('winProfitMicros', () => {
  it('rounds the profit of a win down to the micro', () => {
    expect(winProfitMicros(10_000_000n, 80_000_000n)).toBe(8_000_000n);
    expect(winProfitMicros(1n, 80_000_000n)).toBe(0n);
    expect(winProfitMicros(33_333_333n, 82_500_000n)).toBe(27_499_999n);
  });

  it('refuses a payout outside 0..100 % and a negative stake', () => {
    expect(() => winProfitMicros(1n, 100_000_001n)).toThrow(RangeError);
    expect(() => winProfitMicros(-1n, 1n)).toThrow(RangeError);
  });
});
