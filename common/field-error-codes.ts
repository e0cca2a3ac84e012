/**
 * The stable codes of the field rules (./validation.ts), without their texts
 * (./field-errors.ts): the web app's HTTP client, which every page loads, checks a refusal's
 * code against this list, and only the forms need the texts.
 */
const FIELD_ERROR_CODES = [
  'fullNameRequired',
  'fullNameTooLong',
  'usernameRequired',
  'usernameLength',
  'usernameChars',
  'emailRequired',
  'emailInvalid',
  'phoneRequired',
  'phoneInvalid',
  'passwordRequired',
  'passwordTooShort',
  'passwordTooLong',
  'passwordTooCommon',
  'passwordContainsName',
  'currentPasswordRequired',
  'currentPasswordIncorrect',
  'confirmRequired',
  'passwordsMustMatch',
  'firstNameRequired',
  'lastNameRequired',
  'kycTextTooLong',
  'dateOfBirthRequired',
  'dateOfBirthFuture',
  'dateOfBirthInvalid',
  'dateOfBirthUnderAge',
  'streetRequired',
  'cityRequired',
  'stateRequired',
  'postalCodeRequired',
  'postalCodeInvalid',
  'countryRequired',
  'countryInvalid',
  'employmentStatusRequired',
  'employmentStatusInvalid',
  'annualIncomeRequired',
  'annualIncomeNotNumber',
  'annualIncomeNegative',
  'annualIncomeTooLarge',
  'idFrontRequired',
  'idBackRequired',
  'cameraRollRequired',
] as const;

export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

const CODES: ReadonlySet<string> = new Set(FIELD_ERROR_CODES);

export function isFieldErrorCode(value: unknown): value is FieldErrorCode {
  return typeof value === 'string' && CODES.has(value);
}
