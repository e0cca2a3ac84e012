import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
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
import type { FormError } from './messages';

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
  confirmRequired: msg`Confirm password is required`,
  passwordsMustMatch: msg`Passwords must match`,
};

/** Translations of the API error codes a form may meet. */
const apiErrorMessages: Partial<Record<ApiErrorCode, MessageDescriptor>> = {
  invalid_credentials: msg`Incorrect email or password.`,
  too_many_attempts: msg`Too many sign-in attempts. Please wait a minute and try again.`,
  account_disabled: msg`This account has been disabled. Please contact support.`,
  email_taken: msg`This email is already registered.`,
  username_taken: msg`This username is already taken.`,
};

/**
 * The message of a failed form submission: our translation when the server gave a known
 * code, else the server's own text, else `fallback`.
 */
function describeFormError(error: unknown, fallback: MessageDescriptor): FormError {
  if (!(error instanceof ApiError)) return { message: fallback };
  const field = error.field ? { field: error.field } : {};
  if (error.code === 'field' && error.fieldCode) {
    return { message: fieldErrorMessages[error.fieldCode], ...field };
  }
  const known = error.code ? apiErrorMessages[error.code] : undefined;
  if (known) return { message: known, ...field };
  if (error.serverMessage) return { message: error.serverMessage, ...field };
  return { message: fallback };
}

/** SPEC §8: login failure shows the server's error, or 'An error occurred'. */
export function describeLoginError(error: unknown): FormError {
  return describeFormError(error, msg`An error occurred`);
}

/** SPEC §8: registration failure shows the server's error, or 'Something went wrong'. */
export function describeRegistrationError(error: unknown): FormError {
  return describeFormError(error, msg`Something went wrong`);
}
