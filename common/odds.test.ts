import { describe, expect, it } from 'vitest';
import { displayMicros } from './money';
import { breakEvenMicroPercent, coinFlipMicroPercent, shareMicroPercent } from './odds';

const percent = (microPercent: bigint | null) =>
  microPercent === null ? null : displayMicros(microPercent, 1);
const payout = (whole: number) => BigInt(whole) * 1_000_000n;

describe('the odds of a timed trade', () => {
  it('answers the break-even win rate 1 ÷ (1 + payout)', () => {
    expect(percent(breakEvenMicroPercent(payout(80)))).toBe('55.6');
    expect(breakEvenMicroPercent(payout(80))).toBe(55_555_556n);
    expect(percent(breakEvenMicroPercent(payout(100)))).toBe('50.0');
    expect(percent(breakEvenMicroPercent(payout(85)))).toBe('54.1');
    expect(percent(breakEvenMicroPercent(82_500_000n))).toBe('54.8');
    expect(() => breakEvenMicroPercent(0n)).toThrow(RangeError);
  });

  it('answers the expected result of a coin-flip trade ½ × payout − ½', () => {
    expect(percent(coinFlipMicroPercent(payout(80)))).toBe('-10.0');
    expect(percent(coinFlipMicroPercent(payout(100)))).toBe('0.0');
    expect(percent(coinFlipMicroPercent(payout(85)))).toBe('-7.5');
    expect(coinFlipMicroPercent(80_000_001n)).toBe(-10_000_000n);
  });

  it('answers shares with one decimal, and nothing for an empty whole', () => {
    expect(percent(shareMicroPercent(2, 3))).toBe('66.7');
    expect(percent(shareMicroPercent(1, 3))).toBe('33.3');
    expect(percent(shareMicroPercent(0, 5))).toBe('0.0');
    expect(shareMicroPercent(0, 0)).toBeNull();
    expect(() => shareMicroPercent(4, 3)).toThrow(RangeError);
  });
});
