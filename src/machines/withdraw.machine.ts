import { msg } from '@lingui/core/macro';
import type { CreateWithdrawRequest, Withdraw } from '../../common/contract';
import { createCheckoutMachine } from './submission-checkout';

/**
 * Sending a withdraw request (docs/product.md §4): form → submitting (sending | failed) →
 * submitted. The checkout supplies the `submission` child (`submissionWith`: POST
 * /api/createWithdraw with the idempotency key), `refreshWalletData` and `goToResult` (to
 * /withdraw/log/:id) with `withdrawMachine.provide(...)`.
 */
export const withdrawMachine = createCheckoutMachine<CreateWithdrawRequest, Withdraw>({
  id: 'withdraw',
  submitted: msg`Withdraw request submitted!`,
  failed: msg`Failed to submit Withdraw. Please try again.`,
});
