import { msg } from '@lingui/core/macro';
import type { CreateWithdrawRequest, Withdraw } from '../../common/contract';
import { createCheckoutMachine } from './submission-checkout';

/**
 * Sending a withdraw request (docs/product.md §4): form → reviewing → submitting (sending |
 * failed) → submitted. A withdrawal cannot be reversed, so nothing leaves before the user
 * confirms the review sheet: the form sends REVIEW, the sheet CONFIRM or CANCEL (back to the
 * form, the request kept). The checkout supplies the `submission` child (`submissionWith`:
 * POST /api/createWithdraw with the idempotency key), `refreshWalletData` and `goToResult`
 * (to /withdraw/log/:id) with `withdrawMachine.provide(...)`.
 */
export const withdrawMachine = createCheckoutMachine<CreateWithdrawRequest, Withdraw>({
  id: 'withdraw',
  submitted: msg`Withdraw request submitted!`,
  failed: msg`Failed to submit Withdraw. Please try again.`,
  review: true,
});
