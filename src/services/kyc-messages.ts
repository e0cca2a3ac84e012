import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldErrorCode } from '../../common/validation';
import { KYC_TEXT_MAX_LENGTH } from '../../common/field-errors';

const maxText = KYC_TEXT_MAX_LENGTH;

/**
 * The translations of the KYC field rules of common/validation (docs/product.md §5 texts, word for
 * word in English). Part of `fieldErrorMessages`, so a server answer with one of these
 * `fieldCode`s is shown in the user's language too.
 */
export const kycFieldErrorMessages = {
  firstNameRequired: msg`First name is required`,
  lastNameRequired: msg`Last name is required`,
  kycTextTooLong: msg`Must be at most ${maxText} characters`,
  dateOfBirthRequired: msg`Date of Birth is required`,
  dateOfBirthFuture: msg`Date of Birth cannot be in the future`,
  dateOfBirthInvalid: msg`Enter a valid date of birth`,
  dateOfBirthUnderAge: msg`You must be 18 or older`,
  streetRequired: msg`Street address is required`,
  cityRequired: msg`City is required`,
  stateRequired: msg`State/Province is required`,
  postalCodeRequired: msg`Postal Code is required`,
  postalCodeInvalid: msg`Enter a valid postal code`,
  countryRequired: msg`Country is required`,
  countryInvalid: msg`Choose a country from the list`,
  employmentStatusRequired: msg`Employment status is required`,
  employmentStatusInvalid: msg`Choose an employment status from the list`,
  annualIncomeRequired: msg`Annual income is required`,
  annualIncomeNotNumber: msg`Annual income must be a number`,
  annualIncomeNegative: msg`Annual income cannot be negative`,
  annualIncomeTooLarge: msg`Annual income is too large`,
  idFrontRequired: msg`Front ID image is required`,
  idBackRequired: msg`Back ID image is required`,
  cameraRollRequired: msg`Face scan is required`,
} satisfies Partial<Record<FieldErrorCode, MessageDescriptor>>;

/** docs/product.md §8 texts of the KYC flow. */
export const kycMessages = {
  submitted: msg`kyc request submitted!`,
  failed: msg`Failed to submit kyc. Please try again.`,
  faceScanMissing: msg`Please complete the face scan before submitting.`,
  cameraUnavailable: msg`Cannot access camera. Please allow camera permissions and use HTTPS.`,
  captureFailed: msg`Failed to capture image.`,
  loadFailed: msg`Error fetching KYC details. Please try again.`,
  pending: msg`You already have a KYC request under review. Please wait for its result.`,
  alreadyVerified: msg`Your account is already verified.`,
} satisfies Record<string, MessageDescriptor>;
