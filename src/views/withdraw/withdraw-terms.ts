import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { object, string, type Infer } from 'superstruct';
import {
  WireAmount,
  type CreateWithdrawRequest,
  type WithdrawMethod,
} from '../../../common/contract';
import {
  coinUnitsForUsdt,
  formatCoinUnits,
  formatMicros,
  microsFromWire,
  splitFee,
  type FeeSplit,
} from '../../../common/money';
import { PAYMENT_ADDRESS_MAX_LENGTH } from '../../../common/rules';
import { formatExactMicros } from '../../ui/money';
import { checkUsdtAmount } from '../shared/amount-rules';
import { readHistoryState } from '../shared/use-checkout-method';

/**
 * The withdraw checkout's terms and rules (docs/product.md §2, §5, §9): the amount is at least the
 * method's minimum and at most the available balance (and the method's maximum); the fee is
 * the method's percent of it, and what the user receives is the rest.
 */
export const WithdrawCheckoutState = object({
  name: string(),
  label: string(),
  address: string(),
  minAmount: WireAmount,
  maxAmount: WireAmount,
  conversionRate: WireAmount,
  coinName: string(),
  currencyUsdt: string(),
  info: string(),
  charge: WireAmount,
  /** Beyond the spec's fields: the coin sent on chain, which conversions are in. */
  coinSymbol: string(),
});
export type WithdrawCheckoutState = Infer<typeof WithdrawCheckoutState>;

export function withdrawCheckoutState(method: WithdrawMethod): WithdrawCheckoutState {
  return {
    name: method.coinName,
    label: method.paymentAddressType,
    address: method.paymentAddress,
    minAmount: method.minAmount,
    maxAmount: method.maxAmount,
    conversionRate: method.conversionPrice,
    coinName: method.coinName,
    currencyUsdt: method.currencyUsdt,
    info: method.info,
    charge: method.charge,
    coinSymbol: method.coinSymbol,
  };
}

/** The navigation state when it is a valid checkout state (history state is untrusted). */
export const readWithdrawCheckoutState = (historyState: unknown) =>
  readHistoryState(historyState, WithdrawCheckoutState);

export interface WithdrawTerms {
  minMicros: bigint;
  maxMicros: bigint;
  rateMicros: bigint;
  feeMicroPercent: bigint;
  /** What the user can spend now. */
  balanceMicros: bigint;
}

export function withdrawTerms(state: WithdrawCheckoutState, balanceWire: string): WithdrawTerms {
  return {
    minMicros: microsFromWire(state.minAmount),
    maxMicros: microsFromWire(state.maxAmount),
    rateMicros: microsFromWire(state.conversionRate),
    feeMicroPercent: microsFromWire(state.charge),
    balanceMicros: microsFromWire(balanceWire),
  };
}

export type WithdrawField = 'amount' | 'paymentAddress';

export function validateWithdraw(
  values: { amount: string; paymentAddress: string },
  terms: WithdrawTerms,
): Partial<Record<WithdrawField, MessageDescriptor>> {
  const errors: Partial<Record<WithdrawField, MessageDescriptor>> = {};
  const amount = checkUsdtAmount(values.amount, terms.minMicros);
  if (!amount.ok) errors.amount = amount.error;
  else if (amount.micros > terms.balanceMicros) {
    errors.amount = msg`You cannot withdraw more than your balance.`;
  } else if (amount.micros > terms.maxMicros) {
    const max = formatExactMicros(terms.maxMicros);
    errors.amount = msg`Maximum amount is ${max} USDT`;
  }
  const address = values.paymentAddress.trim();
  if (address === '') errors.paymentAddress = msg`Wallet address is required`;
  else if (address.length > PAYMENT_ADDRESS_MAX_LENGTH) {
    const maxLength = PAYMENT_ADDRESS_MAX_LENGTH;
    errors.paymentAddress = msg`Wallet address must be at most ${maxLength} characters`;
  }
  return errors;
}

export function withdrawSplit(amountMicros: bigint, terms: WithdrawTerms): FeeSplit {
  return splitFee(amountMicros, terms.feeMicroPercent);
}

export function withdrawRequest(
  methodId: string,
  amountMicros: bigint,
  paymentAddress: string,
  terms: WithdrawTerms,
): CreateWithdrawRequest {
  const split = withdrawSplit(amountMicros, terms);
  return {
    gatWay: methodId,
    amount: formatMicros(amountMicros),
    coinConversion: formatCoinUnits(coinUnitsForUsdt(split.netMicros, terms.rateMicros)),
    paymentAddress: paymentAddress.trim(),
    needToPay: formatMicros(split.netMicros),
    charge: formatMicros(terms.feeMicroPercent),
  };
}
