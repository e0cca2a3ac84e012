import { msg } from '@lingui/core/macro';

/**
 * docs/product.md §8's call-wrapper rejections, as the spec writes them ('transfer' in lower case): the
 * message a failed call's error carries (`callFailure` of `ApiError` and
 * `InvalidResponseError`), beside the server's reason. Screens show their own texts
 * ('Failed to submit deposit.'); the trade screen shows its call's, with the reason.
 */
export const CALL_FAILURES = {
  createTrade: msg`Couldn't Create Trade...!`,
  createDeposit: msg`Couldn't Create Deposit...!`,
  createWithdraw: msg`Couldn't Create Withdraw...!`,
  createTransfer: msg`Couldn't Create transfer...!`,
  /** Coin create and update, user update, password and site-setting updates, method create and update. */
  updateProfile: msg`Couldn't Update Profile...!`,
  /** Coin, deposit-method and withdraw-method delete. */
  deleteProfile: msg`Couldn't Delete Profile...!`,
};
