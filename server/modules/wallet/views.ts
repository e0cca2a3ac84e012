/** Rows as the API shows them: the contract's field names, money as 6-decimal strings. */
import type { Deposit, Transfer, Withdraw } from '../../../common/contract';
import { formatCoinUnits, formatMicros } from '../../../common/money';
import type { deposits, transfers, withdrawals } from '../../db/schema';

type DepositRow = typeof deposits.$inferSelect;
type WithdrawRow = typeof withdrawals.$inferSelect;
/** A transfer as stored, or about to be (the answer is made before the insert). */
type TransferRow = Omit<typeof transfers.$inferSelect, 'id' | 'createdAt'> & {
  id: string;
  createdAt: Date;
};

export function depositView(row: DepositRow, screenshotLink: string | null): Deposit {
  return {
    _id: row.id,
    gateway: row.gateway,
    gatewayType: row.gatewayType,
    currency: row.currency,
    amount: formatMicros(row.amountMicros),
    coinConversion: formatCoinUnits(row.coinUnits),
    conversionRate: formatMicros(row.conversionRateMicros),
    transactionScreenshot: screenshotLink,
    transactionId: row.transactionId,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function withdrawView(row: WithdrawRow): Withdraw {
  return {
    _id: row.id,
    gateway: row.gateway,
    gatewayType: row.gatewayType,
    currency: row.currency,
    amount: formatMicros(row.amountMicros),
    fee: formatMicros(row.feeMicros),
    needToPay: formatMicros(row.netMicros),
    charge: formatMicros(row.chargeMicroPercent),
    coinConversion: formatCoinUnits(row.coinUnits),
    conversionRate: formatMicros(row.conversionRateMicros),
    paymentAddress: row.paymentAddress,
    status: row.status,
    transactionHash: row.transactionHash,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function transferView(row: TransferRow): Transfer {
  return {
    _id: row.id,
    amount: formatMicros(row.amountMicros),
    receivePId: row.receiverPayId,
    needToPay: formatMicros(row.netMicros),
    chargeAmount: formatMicros(row.feeMicros),
    senderPId: row.senderPayId,
    senderUsername: row.senderUsername,
    senderUserId: { _id: row.senderId },
    receiverUsername: row.receiverUsername,
    receiverUserId: { _id: row.receiverId },
    // Transfers settle in the same transaction that records them.
    status: 'Completed',
    createdAt: row.createdAt.toISOString(),
  };
}
