import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAfterMoneyMoved, queryKeys } from './queries';

describe('invalidateAfterMoneyMoved', () => {
  it('refreshes the user, balances, settings, logs and details, and nothing else', async () => {
    const client = new QueryClient();
    const moved = [
      queryKeys.user,
      queryKeys.siteSetting,
      queryKeys.depositLog,
      queryKeys.transferLog,
      queryKeys.withdrawDetail('w-1'),
      queryKeys.walletActivity(2),
    ];
    const untouched = [queryKeys.coinList, queryKeys.depositMethods];
    for (const key of [...moved, ...untouched]) client.setQueryData(key, { cached: true });
    await invalidateAfterMoneyMoved(client);
    for (const key of moved)
      expect(client.getQueryState(key)?.isInvalidated, key.join()).toBe(true);
    for (const key of untouched) {
      expect(client.getQueryState(key)?.isInvalidated, key.join()).toBe(false);
    }
  });
});
