import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { ApiErrorCode } from '../../common/contract';
import {
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../../common/rules';
import type { FieldErrorCode } from '../../common/validation';
import { ApiError } from './api-error';
import { kycFieldErrorMessages } from './kyc-messages';
import type { AppMessage, FormError } from './messages';

const maxName = FULL_NAME_MAX_LENGTH;
const minUser = USERNAME_MIN_LENGTH;
const maxUser = USERNAME_MAX_LENGTH;
const minPassword = PASSWORD_MIN_LENGTH;
const maxPassword = PASSWORD_MAX_LENGTH;

/**
 * The translation of every field rule of common/validation. The server answers the English
 * text with a `fieldCode`; the app shows this translation of the code instead.
 */
export const fieldErrorMessages: Record<FieldErrorCode, MessageDescriptor> = {
  fullNameRequired: msg`Full name is required`,
  fullNameTooLong: msg`Full name must be at most ${maxName} characters`,
  usernameRequired: msg`Username is required`,
  usernameLength: msg`Username must be ${minUser} to ${maxUser} characters`,
  usernameChars: msg`Username may contain only letters, digits, dots and underscores`,
  emailRequired: msg`Email is required`,
  emailInvalid: msg`Enter a valid email address`,
  phoneRequired: msg`Phone number is required`,
  phoneInvalid: msg`Enter a valid phone number`,
  passwordRequired: msg`Password is required`,
  passwordTooShort: msg`Password must be at least ${minPassword} characters`,
  passwordTooLong: msg`Password must be at most ${maxPassword} characters`,
  passwordTooCommon: msg`This password is too common. Choose a less guessable one.`,
  passwordContainsName: msg`Password must not contain your username or email`,
  currentPasswordRequired: msg`Current password is required`,
  currentPasswordIncorrect: msg`Your current password is not correct.`,
  confirmRequired: msg`Confirm password is required`,
  passwordsMustMatch: msg`Passwords must match`,
  ...kycFieldErrorMessages,
};

/** A change tried in an admin's read-only view of a user's account. */
const readOnlySessionMessage = msg`This is a read-only view of the account. Nothing can be changed here.`;

/**
 * The refusal of a change made in a read-only view (403 `read_only_session`), or null: for
 * forms that otherwise show one fixed failure text (the profile and password pages).
 */
export function readOnlyRefusal(error: unknown): MessageDescriptor | null {
  return error instanceof ApiError && error.code === 'read_only_session'
    ? readOnlySessionMessage
    : null;
}

/**
 * A refusal for having tried too often (429), with how long to wait when the server said,
 * or null: for forms that otherwise show one fixed failure text (the password page).
 */
export function throttleRefusal(error: unknown): MessageDescriptor | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  return error.retryAfterS === undefined
    ? msg`Too many attempts. Please wait a minute and try again.`
    : waitMessage(error.retryAfterS);
}

/** The database is restarting or unreachable (503): nothing was stored, sending again is safe. */
const serviceUnavailableMessage = msg`The service is briefly unavailable. Please try again in a moment.`;

/** Translations of the API error codes a form may meet. */
const apiErrorMessages: Partial<Record<ApiErrorCode, MessageDescriptor>> = {
  service_unavailable: serviceUnavailableMessage,
  read_only_session: readOnlySessionMessage,
  invalid_credentials: msg`Incorrect email or password.`,
  too_many_attempts: msg`Too many sign-in attempts. Please wait a minute and try again.`,
  account_disabled: msg`This account has been disabled. Please contact support.`,
  email_taken: msg`This email is already registered.`,
  username_taken: msg`This username is already taken.`,
  two_factor_invalid: msg`This code is not valid. Check the code and try again.`,
  two_factor_locked: msg`Too many wrong codes. Please wait 15 minutes and try again.`,
  two_factor_required: msg`Enter the code from your authenticator app.`,
  challenge_invalid: msg`This sign-in has expired. Please sign in again.`,
  withdrawals_locked: msg`Withdrawals are paused for 24 hours after a security change.`,
};

/**
 * A 429 that says how long to wait (`Retry-After`): "Please wait 5 seconds", "2 minutes".
 * Sign-in, a password change and sign-up answer so once attempts come too fast.
 */
function waitMessage(retryAfterS: number): MessageDescriptor {
  if (retryAfterS < 60) {
    const seconds = Math.max(1, Math.ceil(retryAfterS));
    return msg`Too many attempts. Please wait ${plural(seconds, { one: '# second', other: '# seconds' })} and try again.`;
  }
  const minutes = Math.ceil(retryAfterS / 60);
  return msg`Too many attempts. Please wait ${plural(minutes, { one: '# minute', other: '# minutes' })} and try again.`;
}

/**
 * The message of a failed form submission: our translation when the server gave a known
 * code, else the server's own text, else `fallback`.
 */
function describeFormError(
  error: unknown,
  fallback: MessageDescriptor,
  messages: Partial<Record<ApiErrorCode, MessageDescriptor>> = apiErrorMessages,
): FormError {
  if (!(error instanceof ApiError)) return { message: fallback };
  if (error.status === 429 && error.retryAfterS !== undefined) {
    return { message: waitMessage(error.retryAfterS) };
  }
  const field = error.field ? { field: error.field } : {};
  if (error.code === 'field' && error.fieldCode) {
    return { message: fieldErrorMessages[error.fieldCode], ...field };
  }
  const known = error.code ? messages[error.code] : undefined;
  if (known) return { message: known, ...field };
  if (error.serverMessage) return { message: error.serverMessage, ...field };
  return { message: fallback };
}

/** docs/product.md §8: login failure shows the server's error, or 'An error occurred'. */
export function describeLoginError(error: unknown): FormError {
  return describeFormError(error, msg`An error occurred`);
}

/** docs/product.md §8: registration failure shows the server's error, or 'Something went wrong'. */
export function describeRegistrationError(error: unknown): FormError {
  return describeFormError(error, msg`Something went wrong`);
}

/** The refusals of a change on the Trading limits page. */
const limitsErrorMessages: Partial<Record<ApiErrorCode, MessageDescriptor>> = {
  ...apiErrorMessages,
  already_blocked: msg`A time-out or self-exclusion is already running. It cannot be changed or ended early.`,
  amount: msg`Enter an amount above 0, or leave it empty for no limit.`,
};

/** A failed change on the Trading limits page: a known code's translation, else the server's text. */
export function describeLimitsError(error: unknown): FormError {
  if (error instanceof ApiError && error.status === 0) {
    return { message: msg`No connection. Check your network and try again.` };
  }
  return describeFormError(error, msg`Could not save. Please try again.`, limitsErrorMessages);
}

/** The reasons an admin's change in the console is refused. */
const adminErrorMessages: Partial<Record<ApiErrorCode, MessageDescriptor>> = {
  ...apiErrorMessages,
  account_disabled: msg`This account is disabled.`,
  coin_exists: msg`This coin is already listed.`,
  coin_in_use: msg`This coin still has trades running. Delete it after they settle.`,
  second_approver_required: msg`A different admin must give the second approval.`,
  already_decided: msg`This request has already been decided.`,
  already_requested: msg`The same request already waits for a second admin’s approval.`,
  state_changed: msg`This changed in the meantime. Reload the page and try again.`,
  cannot_disable_self: msg`You cannot disable your own account.`,
  last_admin: msg`The last enabled admin cannot be disabled.`,
  insufficient_funds: msg`This would take the balance below the amount on hold.`,
  idempotency_conflict: msg`This change was already sent with other details. Please review it and submit again.`,
  not_found: msg`Not found. It may have been deleted.`,
  invalid_upload: msg`The file could not be used.`,
};

/** An admin console form's failure: a known code's translation, else the server's text. */
export function describeAdminError(
  error: unknown,
  fallback: MessageDescriptor = msg`Something went wrong`,
): FormError {
  if (error instanceof ApiError && error.status === 0) {
    return { message: msg`No connection. Check your network and try again.` };
  }
  return describeFormError(error, fallback, adminErrorMessages);
}

/** Translations of the reasons a wallet request (deposit, withdraw, transfer) is refused. */
const walletErrorMessages: Partial<Record<ApiErrorCode, MessageDescriptor>> = {
  service_unavailable: serviceUnavailableMessage,
  withdrawals_not_allowed: msg`Withdrawals are stopped on this account. Please contact support.`,
  read_only_session: readOnlySessionMessage,
  insufficient_funds: msg`Your available balance is too low for this amount.`,
  amount: msg`This amount is not accepted. Please check the limits shown.`,
  figures_changed: msg`The amounts changed since you reviewed them. Please check the new figures and confirm again.`,
  idempotency_conflict: msg`This request was already sent with other details. Please review it and submit again.`,
  self_transfer: msg`You cannot transfer to your own Pay ID.`,
  receiver_not_found: msg`No member has this Pay ID.`,
  email_unverified: msg`Please confirm your email address first: open the link in the mail we sent you, or ask for a new one.`,
  method_unavailable: msg`This method is no longer available. Please choose another one.`,
  invalid_upload: msg`The screenshot could not be used. Please upload it again.`,
  unsupported_media_type: msg`Invalid image file.`,
};

/** Why a money-moving request failed, for the form that sent it. */
export interface SubmitFailure {
  /** The spec's failure text, e.g. 'Failed to submit deposit.'. */
  message: MessageDescriptor;
  /** The reason in the user's language when known, else the server's own text. */
  reason: AppMessage | null;
  /**
   * Whether sending the same request again may succeed: no answer arrived (the outcome is
   * unknown, which the idempotency key makes safe to retry), or the server was busy. A
   * refusal (too low a balance, changed figures) needs the user to change something first.
   */
  retryable: boolean;
  /**
   * The withdrawal cooling period after a security change (403 `withdrawals_locked`): when
   * withdrawals open again. The form says so instead of its failure text.
   */
  pausedUntil?: Date;
  /**
   * A limit or block the user set refused it (403 with a code of `LIMIT_REFUSAL_CODES`):
   * the form says which, and until when, instead of its failure text.
   */
  limit?: LimitRefusal;
}

/** The refusals of the user's own limits and blocks (docs/product.md, "Trading limits"). */
export const LIMIT_REFUSAL_CODES = [
  'loss_limit_reached',
  'stake_limit',
  'deposit_limit_reached',
  'timed_out',
  'self_excluded',
] as const;
export type LimitRefusalCode = (typeof LIMIT_REFUSAL_CODES)[number];

export interface LimitRefusal {
  code: LimitRefusalCode;
  /** When it ends; null for the stake limit, which has no window. */
  until: Date | null;
}

/** The limit refusal `error` is, or null. */
export function limitRefusalOf(error: unknown): LimitRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const code = LIMIT_REFUSAL_CODES.find((known) => known === error.code);
  return code ? { code, until: error.until ?? null } : null;
}

/** Statuses after which the same request may still pass: no answer, time-out, busy server. */
function isTransientStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 425 || status === 429 || status >= 500;
}

export function describeSubmitFailure(error: unknown, message: MessageDescriptor): SubmitFailure {
  if (!(error instanceof ApiError)) return { message, reason: null, retryable: true };
  const retryable = isTransientStatus(error.status);
  if (error.code === 'withdrawals_locked' && error.opensAt) {
    return { message, reason: null, retryable: false, pausedUntil: error.opensAt };
  }
  const limit = limitRefusalOf(error);
  if (limit) return { message, reason: null, retryable: false, limit };
  const known = error.code ? walletErrorMessages[error.code] : undefined;
  if (known) return { message, reason: known, retryable };
  if (error.status === 0) {
    return { message, reason: msg`No connection. Check your network and try again.`, retryable };
  }
  if (error.status === 429) {
    return {
      message,
      reason: msg`Too many requests. Please wait a moment and try again.`,
      retryable,
    };
  }
  if (error.status >= 500) return { message, reason: null, retryable };
  return { message, reason: error.serverMessage ?? null, retryable };
}
