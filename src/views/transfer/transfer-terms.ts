import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SiteSetting } from '../../../common/contract';
import { formatMicros, microsFromWire, splitFee, type FeeSplit } from '../../../common/money';
import {
  TRANSFER_FALLBACK_FEE_MICRO_PERCENT,
  TRANSFER_FALLBACK_MIN_MICROS,
} from '../../../common/rules';
import type { TransferRequest } from '../../machines/transfer.machine';
import { checkUsdtAmount } from '../shared/amount-rules';

/**
 * The transfer form's terms and rules (docs/product.md §5, §9): minimum and fee percent from the site
 * settings (fallback 0 and 1 %), at most the available balance.
 */
export interface TransferTerms {
  minMicros: bigint;
  feeMicroPercent: bigint;
  balanceMicros: bigint;
}

export function transferTerms(
  setting: SiteSetting | undefined,
  balanceWire: string,
): TransferTerms {
  return {
    minMicros: setting ? microsFromWire(setting.transferMin) : TRANSFER_FALLBACK_MIN_MICROS,
    feeMicroPercent: setting
      ? microsFromWire(setting.transferCharge)
      : TRANSFER_FALLBACK_FEE_MICRO_PERCENT,
    balanceMicros: microsFromWire(balanceWire),
  };
}

export type TransferField = 'receivePId' | 'amount';

export function validateTransfer(
  values: { receivePId: string; amount: string },
  terms: TransferTerms,
): Partial<Record<TransferField, MessageDescriptor>> {
  const errors: Partial<Record<TransferField, MessageDescriptor>> = {};
  if (values.receivePId.trim() === '') errors.receivePId = msg`Receiver Pay ID is required`;
  const amount = checkUsdtAmount(values.amount, terms.minMicros);
  if (!amount.ok) errors.amount = amount.error;
  else if (amount.micros > terms.balanceMicros) {
    errors.amount = msg`You cannot transfer more than your balance.`;
  }
  return errors;
}

export function transferSplit(amountMicros: bigint, terms: TransferTerms): FeeSplit {
  return splitFee(amountMicros, terms.feeMicroPercent);
}

/** The request the dialog shows and sends: the fee and net exactly as splitFee makes them. */
export function transferDraft(
  receivePId: string,
  amountMicros: bigint,
  terms: TransferTerms,
): TransferRequest {
  const split = transferSplit(amountMicros, terms);
  return {
    amount: formatMicros(split.amountMicros),
    receivePId: receivePId.trim(),
    needToPay: formatMicros(split.netMicros),
    chargeAmount: formatMicros(split.feeMicros),
  };
}
