/**
 * The model's own money math, written apart from common/money.ts on purpose: the model
 * predicts what the server must post, so it must not borrow the server's arithmetic.
 * Amounts are bigint micro-USDT; percents are micro-percent (1 % = 1,000,000).
 */
export type { SelectedTime } from '../../../common/contract';

const MICROS = 1_000_000n;
const HUNDRED_PERCENT = 100n * MICROS;

/** "12.5" → 12_500_000n. Only for the model's own fixed figures (no sign, ≤ 6 decimals). */
export function micros(text: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) throw new Error(`not a plain amount: ${text}`);
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(6, '0');
  return BigInt(whole) * MICROS + BigInt(fraction);
}

/** 12_500_000n → "12.500000", the API's wire form. */
export function wire(amountMicros: bigint): string {
  const negative = amountMicros < 0n;
  const abs = negative ? -amountMicros : amountMicros;
  const text = `${abs / MICROS}.${(abs % MICROS).toString().padStart(6, '0')}`;
  return negative ? `-${text}` : text;
}

/** A fee rounded half up to the micro (the published rule for withdrawals and transfers). */
export function feeOf(amountMicros: bigint, chargeMicroPercent: bigint): bigint {
  const exact = amountMicros * chargeMicroPercent;
  const whole = exact / HUNDRED_PERCENT;
  return exact % HUNDRED_PERCENT >= HUNDRED_PERCENT / 2n ? whole + 1n : whole;
}

/** A win's profit, rounded down: the house never pays more than the published percent. */
export function profitOf(stakeMicros: bigint, payoutMicroPercent: bigint): bigint {
  return (stakeMicros * payoutMicroPercent) / HUNDRED_PERCENT;
}
