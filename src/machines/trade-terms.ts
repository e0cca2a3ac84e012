import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SelectedTime, TradeAccount, TradingConfig } from '../../common/contract';
import { formatExactMicros } from '../ui/money';
import {
  MICROS_PER_USDT,
  formatMicros,
  microsFromWire,
  parseAmount,
  winProfitMicros,
} from '../../common/money';

/**
 * The rules of the trade form (docs/product.md §5-style, with the limits of `GET /api/config`): the
 * stake is required, a number, within the published minimum and maximum and at most the
 * available balance. Every figure is exact micro-USDT; the context of the machine keeps the
 * wire strings (six decimals), which stay serialisable for the inspector.
 */
export interface TradeTerms {
  enabled: boolean;
  /** Stake limits and the available balance, as wire amounts ("10.000000"). */
  minAmount: string;
  maxAmount: string;
  balance: string;
  /**
   * Which balance the form stakes: the real wallet or the practice balance (then `balance`
   * is the practice balance).
   */
  account: TradeAccount;
  /** The published payout (profit on a win, percent of the stake) per duration. */
  durations: readonly { selectedTime: SelectedTime; seconds: number; payoutPercent: string }[];
}

export function termsFrom(
  trading: TradingConfig,
  balanceWire: string,
  account: TradeAccount = 'real',
): TradeTerms {
  return {
    enabled: trading.enabled,
    minAmount: trading.minAmount,
    maxAmount: trading.maxAmount,
    balance: balanceWire,
    account,
    durations: trading.durations.map(({ selectedTime, seconds, payoutPercent }) => ({
      selectedTime,
      seconds,
      payoutPercent,
    })),
  };
}

export function durationOf(terms: TradeTerms, selectedTime: SelectedTime) {
  return terms.durations.find((duration) => duration.selectedTime === selectedTime) ?? null;
}

/** What a win pays back: the stake plus the profit (stake + stake × payout). */
export function payoutAmountMicros(stakeMicros: bigint, payoutMicroPercent: bigint): bigint {
  return stakeMicros + winProfitMicros(stakeMicros, payoutMicroPercent);
}

/** The same, from wire strings: the stake and the percent ("10.000000", "80.000000"). */
export function payoutAmountWire(stakeWire: string, payoutPercentWire: string): string {
  return formatMicros(
    payoutAmountMicros(microsFromWire(stakeWire), microsFromWire(payoutPercentWire)),
  );
}

/** Why `text` is not an acceptable stake, or null when it is. */
export function tradeAmountError(text: string, terms: TradeTerms): MessageDescriptor | null {
  const parsed = parseAmount(text);
  if (!parsed.ok) {
    switch (parsed.reason) {
      case 'Amount is required':
        return msg`Amount is required`;
      case 'Amount cannot be negative':
        return msg`Amount cannot be negative`;
      case 'Amount can have at most 6 decimals':
        return msg`Amount can have at most 6 decimals`;
      case 'Amount is too large':
        return msg`Amount is too large`;
      default:
        return msg`Amount must be a number`;
    }
  }
  const minMicros = microsFromWire(terms.minAmount);
  const maxMicros = microsFromWire(terms.maxAmount);
  if (parsed.micros === 0n) return msg`Amount must be greater than 0`;
  if (parsed.micros < minMicros) {
    const min = formatExactMicros(minMicros);
    return msg`Minimum trade amount is ${min} USDT`;
  }
  if (parsed.micros > maxMicros) {
    const max = formatExactMicros(maxMicros);
    return msg`Maximum trade amount is ${max} USDT`;
  }
  if (parsed.micros > microsFromWire(terms.balance)) {
    return msg`You cannot trade more than your balance.`;
  }
  return null;
}

/**
 * A stake typed into the field, made ready for it: a decimal comma becomes a point, spaces
 * go, and an amount above the available balance is set back to the balance (`clamped`), as
 * the withdraw and transfer forms do.
 */
export function normalizeStakeInput(
  text: string,
  balanceWire: string | null,
): { text: string; clamped: boolean } {
  const normalized = text.replace(',', '.').replace(/\s/g, '');
  if (balanceWire === null) return { text: normalized, clamped: false };
  const balanceMicros = microsFromWire(balanceWire);
  const parsed = parseAmount(normalized);
  if (parsed.ok && parsed.micros > balanceMicros) {
    return { text: plainAmount(balanceMicros), clamped: true };
  }
  return { text: normalized, clamped: false };
}

/** The amount as a user would type it: no grouping, no trailing zeros ("12.5", "100"). */
function plainAmount(micros: bigint): string {
  return formatMicros(micros).replace(/\.?0+$/, '');
}

/**
 * A quick stake: `percent` of the available balance, rounded down to the cent and kept
 * within the maximum. 100 is 'Max'. Null when there is nothing to stake.
 */
export function quickStakeText(terms: TradeTerms, percent: number): string | null {
  if (!Number.isInteger(percent) || percent <= 0 || percent > 100) {
    throw new RangeError('percent must be a whole number in 1..100');
  }
  const cent = MICROS_PER_USDT / 100n;
  const share = (microsFromWire(terms.balance) * BigInt(percent)) / 100n;
  const rounded = (share / cent) * cent;
  const capped =
    rounded > microsFromWire(terms.maxAmount) ? microsFromWire(terms.maxAmount) : rounded;
  return capped > 0n ? plainAmount(capped) : null;
}
