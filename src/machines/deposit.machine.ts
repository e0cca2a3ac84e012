import { msg } from '@lingui/core/macro';
import type { CreateDepositRequest, Deposit } from '../../common/contract';
import { createCheckoutMachine } from './submission-checkout';

/**
 * Sending a deposit request (docs/product.md §4): form → submitting (sending | failed) →
 * submitted. The checkout supplies the `submission` child (`submissionWith`: POST
 * /api/createDeposit with the idempotency key), `refreshWalletData` and `goToResult` (to
 * /deposit/log/:id) with `depositMachine.provide(...)`.
 */
export const depositMachine = createCheckoutMachine<CreateDepositRequest, Deposit>({
  id: 'deposit',
  submitted: msg`Deposit submitted!`,
  failed: msg`Failed to submit deposit.`,
});
