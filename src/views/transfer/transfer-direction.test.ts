import { describe, expect, it } from 'vitest';
import type { Transfer } from '../../../common/contract';
import { signedTransferAmount, transferDirection } from './transfer-direction';

const transfer: Transfer = {
  _id: 't1',
  amount: '100.000000',
  receivePId: '22222222',
  needToPay: '99.000000',
  chargeAmount: '1.000000',
  senderPId: '11111111',
  senderUsername: 'alice',
  senderUserId: { _id: 'a' },
  receiverUsername: 'bob',
  receiverUserId: { _id: 'b' },
  status: 'Completed',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('transfer direction', () => {
  it('tells sent, received and unknown apart by Pay ID', () => {
    expect(transferDirection(transfer, '11111111')).toBe('sent');
    expect(transferDirection(transfer, '22222222')).toBe('received');
    expect(transferDirection(transfer, '33333333')).toBe('unknown');
  });

  it('signs what moved: the amount out, the net in', () => {
    expect(signedTransferAmount(transfer, 'sent')).toBe('−100.00');
    expect(signedTransferAmount(transfer, 'received')).toBe('+99.00');
    expect(signedTransferAmount(transfer, 'unknown')).toBe('100.00');
  });
});
