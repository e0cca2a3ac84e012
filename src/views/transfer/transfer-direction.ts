import type { Transfer } from '../../../common/contract';
import { microsFromWire } from '../../../common/money';
import { formatSignedMicros, formatWireAmount } from '../../ui/money';

/** Whether the user sent or received a transfer, told by comparing Pay IDs (docs/product.md §2). */
export type TransferDirection = 'sent' | 'received' | 'unknown';

export function transferDirection(transfer: Transfer, payId: string): TransferDirection {
  if (transfer.senderPId === payId) return 'sent';
  if (transfer.receivePId === payId) return 'received';
  return 'unknown';
}

/**
 * The movement of the user's balance, signed: the sender paid the amount (fee included),
 * the receiver got the net.
 */
export function signedTransferAmount(transfer: Transfer, direction: TransferDirection): string {
  if (direction === 'sent') return formatSignedMicros(-microsFromWire(transfer.amount));
  if (direction === 'received') return formatSignedMicros(microsFromWire(transfer.needToPay));
  return formatWireAmount(transfer.amount, 2);
}
