import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { object, string, type Infer } from 'superstruct';
import {
  WireAmount,
  type CreateDepositRequest,
  type DepositMethod,
} from '../../../common/contract';
import {
  coinUnitsForUsdt,
  formatCoinUnits,
  formatMicros,
  microsFromWire,
} from '../../../common/money';
import { formatExactMicros } from '../../ui/money';
import { parseAmountField } from '../shared/amount-rules';
import { readHistoryState } from '../shared/use-checkout-method';

/**
 * The deposit checkout's terms and rules (docs/product.md §2, §5, §9). The method travels from the
 * list to the checkout in the navigation state under the spec's names; after a reload or
 * on a shared link the checkout finds it in the method list instead.
 */
export const DepositCheckoutState = object({
  name: string(),
  label: string(),
  address: string(),
  minDeposit: WireAmount,
  maxDeposit: WireAmount,
  conversionRate: WireAmount,
  currencyUsdt: string(),
  /** Beyond the spec's fields: the coin sent on chain, which the conversion is in. */
  coinSymbol: string(),
});
export type DepositCheckoutState = Infer<typeof DepositCheckoutState>;

export function depositCheckoutState(method: DepositMethod): DepositCheckoutState {
  return {
    name: method.coinName,
    label: method.paymentAddressType,
    address: method.paymentAddress,
    minDeposit: method.minAmount,
    maxDeposit: method.maxAmount,
    conversionRate: method.conversionPrice,
    currencyUsdt: method.currencyUsdt,
    coinSymbol: method.coinSymbol,
  };
}

/** The navigation state when it is a valid checkout state (history state is untrusted). */
export const readDepositCheckoutState = (historyState: unknown) =>
  readHistoryState(historyState, DepositCheckoutState);

export interface DepositTerms {
  minMicros: bigint;
  maxMicros: bigint;
  /** USDT per coin of the gateway. */
  rateMicros: bigint;
  /** The currency of the amount and its limits ("USDT"). */
  currency: string;
}

export function depositTerms(state: DepositCheckoutState): DepositTerms {
  return {
    minMicros: microsFromWire(state.minDeposit),
    maxMicros: microsFromWire(state.maxDeposit),
    rateMicros: microsFromWire(state.conversionRate),
    currency: state.currencyUsdt,
  };
}

export type DepositField = 'amount' | 'screenshot';

export interface DepositValues {
  amount: string;
  /** The uploaded screenshot's URL, once the upload is done. */
  screenshotUrl: string | null;
  uploading: boolean;
}

export function validateDeposit(
  values: DepositValues,
  terms: DepositTerms,
): Partial<Record<DepositField, MessageDescriptor>> {
  const errors: Partial<Record<DepositField, MessageDescriptor>> = {};
  const amount = parseAmountField(values.amount);
  const currency = terms.currency;
  if (!amount.ok) errors.amount = amount.error;
  else if (amount.micros === 0n) errors.amount = msg`Amount must be greater than 0`;
  else if (amount.micros < terms.minMicros) {
    const min = formatExactMicros(terms.minMicros);
    errors.amount = msg`Minimum is ${min} ${currency}`;
  } else if (amount.micros > terms.maxMicros) {
    const max = formatExactMicros(terms.maxMicros);
    errors.amount = msg`Maximum is ${max} ${currency}`;
  }
  if (values.uploading) errors.screenshot = msg`Please wait until the screenshot is uploaded.`;
  else if (!values.screenshotUrl) errors.screenshot = msg`Transaction screenshot is required`;
  return errors;
}

/** The message shown when a typed amount was set back to the maximum. */
export function maximumMessage(terms: DepositTerms): MessageDescriptor {
  const max = formatExactMicros(terms.maxMicros);
  const currency = terms.currency;
  return msg`Maximum is ${max} ${currency}`;
}

/** amount ÷ rate in the gateway coin, as the eight-decimal wire string. */
export function coinConversion(amountMicros: bigint, terms: DepositTerms): string {
  return formatCoinUnits(coinUnitsForUsdt(amountMicros, terms.rateMicros));
}

export function depositRequest(
  methodId: string,
  amountMicros: bigint,
  terms: DepositTerms,
  screenshotUrl: string,
): CreateDepositRequest {
  return {
    gatWay: methodId,
    amount: formatMicros(amountMicros),
    coinConversion: coinConversion(amountMicros, terms),
    transactionScreenshot: screenshotUrl,
  };
}
