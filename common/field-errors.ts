/**
 * The stable codes of the field rules in ./validation.ts with their English texts. The server
 * answers the text with the code; the web app shows its own translation of the code. Kept
 * apart from the rules because the web app's HTTP client, which every page loads, needs the
 * codes and not the rules.
 */
import type { FieldErrorCode } from './field-error-codes';
import {
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './rules';

/** Names, street, city and state: long enough for any real address line, and bounded. */
export const KYC_TEXT_MAX_LENGTH = 100;
export const KYC_POSTAL_CODE_MAX_LENGTH = 12;

export const FIELD_ERRORS: Readonly<Record<FieldErrorCode, string>> = {
  fullNameRequired: 'Full name is required',
  fullNameTooLong: `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters`,
  usernameRequired: 'Username is required',
  usernameLength: `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters`,
  usernameChars: 'Username may contain only letters, digits, dots and underscores',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Enter a valid phone number',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordTooCommon: 'This password is too common. Choose a less guessable one.',
  passwordContainsName: 'Password must not contain your username or email',
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Your current password is not correct.',
  confirmRequired: 'Confirm password is required',
  passwordsMustMatch: 'Passwords must match',
  // KYC (docs/product.md §5; the texts the spec gives are kept word for word).
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  kycTextTooLong: `Must be at most ${KYC_TEXT_MAX_LENGTH} characters`,
  dateOfBirthRequired: 'Date of Birth is required',
  dateOfBirthFuture: 'Date of Birth cannot be in the future',
  dateOfBirthInvalid: 'Enter a valid date of birth',
  dateOfBirthUnderAge: 'You must be 18 or older',
  streetRequired: 'Street address is required',
  cityRequired: 'City is required',
  stateRequired: 'State/Province is required',
  postalCodeRequired: 'Postal Code is required',
  postalCodeInvalid: 'Enter a valid postal code',
  countryRequired: 'Country is required',
  countryInvalid: 'Choose a country from the list',
  employmentStatusRequired: 'Employment status is required',
  employmentStatusInvalid: 'Choose an employment status from the list',
  annualIncomeRequired: 'Annual income is required',
  annualIncomeNotNumber: 'Annual income must be a number',
  annualIncomeNegative: 'Annual income cannot be negative',
  annualIncomeTooLarge: 'Annual income is too large',
  idFrontRequired: 'Front ID image is required',
  idBackRequired: 'Back ID image is required',
  cameraRollRequired: 'Face scan is required',
};

export type { FieldErrorCode } from './field-error-codes';
