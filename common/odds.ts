/**
 * The odds of a timed trade in plain figures (docs/product.md §4 The odds in plain sight),
 * shared by the trade screen, the confirmation and the fairness page. Every figure is a
 * percent in millionths (micro-percent, as payouts are), computed with integers only, so
 * "55.6 %" is the same on every screen and in every language; views show one decimal.
 */
import { HUNDRED_PERCENT_MICRO } from './money';

/** a ÷ b rounded half up, for non-negative a and positive b. */
function divideRounded(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/**
 * The share of trades a trader must win to break even at a payout of `payoutMicroPercent`
 * profit: a win adds p × stake, a loss costs the stake, so w × p = (1 − w) and
 * w = 1 ÷ (1 + p). At 80 % profit: 55.555… %.
 */
export function breakEvenMicroPercent(payoutMicroPercent: bigint): bigint {
  if (payoutMicroPercent <= 0n) throw new RangeError('payout must be positive');
  return divideRounded(
    HUNDRED_PERCENT_MICRO * HUNDRED_PERCENT_MICRO,
    HUNDRED_PERCENT_MICRO + payoutMicroPercent,
  );
}

/**
 * The expected result of a trade that wins half the time, as a percent of the stake:
 * ½ × p − ½ × 100 %. At 80 % profit: −10 % (a draw refunds, so it changes nothing).
 */
export function coinFlipMicroPercent(payoutMicroPercent: bigint): bigint {
  if (payoutMicroPercent < 0n) throw new RangeError('payout must not be negative');
  const twice = payoutMicroPercent - HUNDRED_PERCENT_MICRO;
  // Half of an odd number of micro-percent: rounded away from zero, like the display.
  return twice < 0n ? -((-twice + 1n) / 2n) : (twice + 1n) / 2n;
}

/** `part` of `whole` as a percent in millionths, or null when there is nothing to divide. */
export function shareMicroPercent(part: number, whole: number): bigint | null {
  if (!Number.isSafeInteger(part) || !Number.isSafeInteger(whole) || part < 0 || part > whole) {
    throw new RangeError('part must be a whole number in 0..whole');
  }
  if (whole === 0) return null;
  return divideRounded(BigInt(part) * HUNDRED_PERCENT_MICRO, BigInt(whole));
}
