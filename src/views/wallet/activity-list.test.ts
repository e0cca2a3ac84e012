import { describe, expect, it } from 'vitest';
import type { WalletActivity } from '../../../common/contract';
import { activityLink } from './activity-list';

const activity = (kind: WalletActivity['kind'], referenceId: string | null): WalletActivity => ({
  _id: '1',
  kind,
  amount: '1.000000',
  referenceId,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('activityLink', () => {
  it('opens the record behind a movement', () => {
    expect(activityLink(activity('deposit', 'd-1'))).toBe('/deposit/log/d-1');
    expect(activityLink(activity('withdrawal', 'w-1'))).toBe('/withdraw/log/w-1');
    expect(activityLink(activity('transfer_in', 't-1'))).toBe('/transfer/log/t-1');
    expect(activityLink(activity('transfer_out', 't-2'))).toBe('/transfer/log/t-2');
    expect(activityLink(activity('trade', 'o-1'))).toBe('/order/o-1');
  });

  it('has no link without a record, or for adjustments', () => {
    expect(activityLink(activity('deposit', null))).toBeNull();
    expect(activityLink(activity('adjustment', 'u-1'))).toBeNull();
  });
});
