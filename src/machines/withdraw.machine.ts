import { msg } from '@lingui/core/macro';
import type { CreateWithdrawRequest, Withdraw } from '../../common/contract';
import { createSubmissionMachine } from './submission';

/**
 * Sending a withdraw request (docs/product.md §4): form → submitting → submitted | failed. The checkout
 * supplies `submit` (POST /api/createWithdraw with the idempotency key), `refreshWalletData`
 * and `goToResult` (to /withdraw/log/:id) with `withdrawMachine.provide(...)`.
 */
export const withdrawMachine = createSubmissionMachine<CreateWithdrawRequest, Withdraw>({
  id: 'withdraw',
  submitted: msg`Withdraw request submitted!`,
  failed: msg`Failed to submit Withdraw. Please try again.`,
});

export type WithdrawMachine = typeof withdrawMachine;
