import { msg } from '@lingui/core/macro';
import type { CreateDepositRequest, Deposit } from '../../common/contract';
import { createSubmissionMachine } from './submission';

/**
 * Sending a deposit request (docs/product.md §4): form → submitting → submitted | failed. The checkout
 * supplies `submit` (POST /api/createDeposit with the idempotency key), `refreshWalletData`
 * and `goToResult` (to /deposit/log/:id) with `depositMachine.provide(...)`.
 */
export const depositMachine = createSubmissionMachine<CreateDepositRequest, Deposit>({
  id: 'deposit',
  submitted: msg`Deposit submitted!`,
  failed: msg`Failed to submit deposit.`,
});

export type DepositMachine = typeof depositMachine;
