/**
 * Field rules for accounts and identity verification (KYC), shared by the forms and the
 * server. Each rule yields a stable `code`; the server answers the English `message`, and the
 * web app shows its own translation of the code (see src/services/error-messages.ts).
 */
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from './rules';
import {
  KYC_POSTAL_CODE_MAX_LENGTH,
  KYC_TEXT_MAX_LENGTH,
  type FieldErrorCode,
} from './field-errors';
import { parseAmount } from './money';

// The codes and their English texts are in ./field-errors.ts, which the web app's first load
// needs without the rules themselves.
export { FIELD_ERRORS, type FieldErrorCode } from './field-errors';

export interface RegistrationFields {
  fullName: string;
  username: string;
  email: string;
  phoneNumber: string;
  password: string;
}

export type FieldErrors<F extends string> = Partial<Record<F, FieldErrorCode>>;

/**
 * The one form of an email address that is stored, looked up and compared: trimmed, lower
 * case, and without the trailing dot of a fully qualified domain ("x@rt.example." is the
 * same mailbox as "x@rt.example", and must not make a second account). Registration, sign-in
 * and every admin edit go through it.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase().replace(/\.+$/, '');
}

export function checkFullName(value: string): FieldErrorCode | undefined {
  const v = value.trim();
  if (v === '') return 'fullNameRequired';
  if (v.length > FULL_NAME_MAX_LENGTH) return 'fullNameTooLong';
  return undefined;
}

export function checkUsername(value: string): FieldErrorCode | undefined {
  const v = value.trim();
  if (v === '') return 'usernameRequired';
  if (v.length < USERNAME_MIN_LENGTH || v.length > USERNAME_MAX_LENGTH) return 'usernameLength';
  if (!USERNAME_PATTERN.test(v)) return 'usernameChars';
  return undefined;
}

export function checkEmail(value: string): FieldErrorCode | undefined {
  const v = normalizeEmail(value);
  if (v === '') return 'emailRequired';
  if (v.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(v)) return 'emailInvalid';
  return undefined;
}

export function checkPhone(value: string): FieldErrorCode | undefined {
  const v = value.trim();
  if (v === '') return 'phoneRequired';
  if (!PHONE_PATTERN.test(v)) return 'phoneInvalid';
  return undefined;
}

/**
 * The password rules. `isCommon` is supplied by the caller: the server checks a list of
 * well-known passwords that the web bundle does not carry.
 */
export function checkPassword(
  password: string,
  context: { username?: string; email?: string; isCommon?: (p: string) => boolean } = {},
): FieldErrorCode | undefined {
  if (password === '') return 'passwordRequired';
  if (password.length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'passwordTooLong';
  const lower = password.toLowerCase();
  const username = context.username?.trim().toLowerCase();
  const emailLocal = context.email ? normalizeEmail(context.email).split('@')[0] : undefined;
  if (
    (username && username.length >= USERNAME_MIN_LENGTH && lower.includes(username)) ||
    (emailLocal && emailLocal.length >= USERNAME_MIN_LENGTH && lower.includes(emailLocal))
  ) {
    return 'passwordContainsName';
  }
  if (context.isCommon?.(password)) return 'passwordTooCommon';
  return undefined;
}

export function checkRegistration(
  fields: RegistrationFields,
  isCommon?: (p: string) => boolean,
): FieldErrors<keyof RegistrationFields> {
  const errors: FieldErrors<keyof RegistrationFields> = {};
  const put = (field: keyof RegistrationFields, code: FieldErrorCode | undefined) => {
    if (code) errors[field] = code;
  };
  put('fullName', checkFullName(fields.fullName));
  put('username', checkUsername(fields.username));
  put('email', checkEmail(fields.email));
  put('phoneNumber', checkPhone(fields.phoneNumber));
  put(
    'password',
    checkPassword(fields.password, {
      username: fields.username,
      email: fields.email,
      ...(isCommon ? { isCommon } : {}),
    }),
  );
  return errors;
}

// KYC ---------------------------------------------------------------------------------------

/** docs/product.md §5: the countries a user may verify from, in the spec's order (UK, not GB). */
export const KYC_COUNTRIES = [
  'US',
  'UK',
  'CA',
  'DE',
  'FR',
  'CH',
  'NL',
  'SE',
  'NO',
  'FI',
  'DK',
  'AU',
  'NZ',
  'IE',
  'SG',
  'JP',
  'KR',
  'LU',
  'AE',
] as const;

export const EMPLOYMENT_STATUSES = [
  'Employed',
  'Self-employed',
  'Unemployed',
  'Student',
  'Retired',
] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];

export const KYC_DOCUMENT_TYPES = ['ID', 'Passport', 'DL'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

/** Letters, digits, spaces and hyphens, as postal codes of the listed countries are written. */
const KYC_POSTAL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
/** No living person was born earlier; anything before is a typing mistake. */
export const KYC_EARLIEST_DATE_OF_BIRTH = '1900-01-01';

/** The KYC form's fields as the form holds them (text), and as `POST /api/createKyc` takes them. */
export interface KycFields {
  firstName: string;
  middleName: string;
  lastName: string;
  dateOfBirth: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  employmentStatus: string;
  annualIncome: string | number;
  documentType: string;
  idFront: string;
  idBack: string;
  cameraRoll: string;
}
export type KycField = keyof KycFields;

/** YYYY-MM-DD of `date` in the device's own time zone: the date a person calls today. */
export function localIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * The latest calendar date anywhere on Earth at `nowMs` (UTC+14). The server does not know
 * the user's time zone, so a date of birth is "in the future" only when it is after this:
 * someone born today in Kiribati is not refused by a server running on UTC.
 */
export function latestIsoDateOnEarth(nowMs: number): string {
  return new Date(nowMs + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Timed trades are for adults only: KYC refuses anyone younger (docs/product.md §5 KYC). */
export const KYC_MINIMUM_AGE_YEARS = 18;

/**
 * The latest date of birth of someone who is `KYC_MINIMUM_AGE_YEARS` old on `today`: the
 * same month and day, that many years earlier. Someone born on 29 February turns 18 on
 * 1 March in a common year, which the string comparison gives by itself ("02-29" > "02-28").
 */
export function latestAdultDateOfBirth(today: string): string {
  const year = Number(today.slice(0, 4)) - KYC_MINIMUM_AGE_YEARS;
  return `${String(year).padStart(4, '0')}${today.slice(4)}`;
}

/**
 * A date of birth as YYYY-MM-DD: a real date, not before 1900, not after `today`, and at
 * least 18 years before it (the 18th birthday itself is allowed).
 */
export function checkDateOfBirth(value: string, today: string): FieldErrorCode | undefined {
  const v = value.trim();
  if (v === '') return 'dateOfBirthRequired';
  if (!isCalendarDate(v) || v < KYC_EARLIEST_DATE_OF_BIRTH) return 'dateOfBirthInvalid';
  // ISO dates of the same length compare as strings in calendar order.
  if (v > today) return 'dateOfBirthFuture';
  if (v > latestAdultDateOfBirth(today)) return 'dateOfBirthUnderAge';
  return undefined;
}

export type AnnualIncomeResult = { ok: true; micros: bigint } | { ok: false; code: FieldErrorCode };

/**
 * The annual income, exactly: a non-negative decimal (string or number, at most six
 * decimals), in micro-units. Never passes through a float (common/money.ts).
 */
export function parseAnnualIncome(value: unknown): AnnualIncomeResult {
  if (value === undefined || value === null) return { ok: false, code: 'annualIncomeRequired' };
  if (typeof value === 'string' && value.trim() === '') {
    return { ok: false, code: 'annualIncomeRequired' };
  }
  const text = typeof value === 'string' ? value.trim() : value;
  if (typeof text === 'number' && text < 0) return { ok: false, code: 'annualIncomeNegative' };
  if (typeof text === 'string' && /^-\s*\d*\.?\d+$/.test(text)) {
    return { ok: false, code: 'annualIncomeNegative' };
  }
  const parsed = parseAmount(text);
  if (parsed.ok) return { ok: true, micros: parsed.micros };
  const tooManyDigits = typeof text === 'string' && /^\d{14,}(\.\d*)?$/.test(text);
  if (parsed.reason === 'Amount is too large' || tooManyDigits) {
    return { ok: false, code: 'annualIncomeTooLarge' };
  }
  return { ok: false, code: 'annualIncomeNotNumber' };
}

function checkRequiredText(
  value: string,
  required: FieldErrorCode | null,
  maxLength = KYC_TEXT_MAX_LENGTH,
): FieldErrorCode | undefined {
  const v = value.trim();
  if (v === '') return required ?? undefined;
  if (v.length > maxLength) return 'kycTextTooLong';
  return undefined;
}

/**
 * The rule of one KYC field; `today` is YYYY-MM-DD (the device's date on the web, the
 * latest date on Earth on the server). The uploads (`idFront`, `idBack`, `cameraRoll`) are
 * checked for presence here; the server also checks that each is the caller's own upload.
 */
function checkKycField(
  field: KycField,
  fields: KycFields,
  today: string,
): FieldErrorCode | undefined {
  switch (field) {
    case 'firstName':
      return checkRequiredText(fields.firstName, 'firstNameRequired');
    case 'middleName':
      return checkRequiredText(fields.middleName, null);
    case 'lastName':
      return checkRequiredText(fields.lastName, 'lastNameRequired');
    case 'dateOfBirth':
      return checkDateOfBirth(fields.dateOfBirth, today);
    case 'street':
      return checkRequiredText(fields.street, 'streetRequired');
    case 'city':
      return checkRequiredText(fields.city, 'cityRequired');
    case 'state':
      return checkRequiredText(fields.state, 'stateRequired');
    case 'postalCode': {
      const v = fields.postalCode.trim();
      if (v === '') return 'postalCodeRequired';
      if (v.length > KYC_POSTAL_CODE_MAX_LENGTH || !KYC_POSTAL_CODE_PATTERN.test(v)) {
        return 'postalCodeInvalid';
      }
      return undefined;
    }
    case 'country': {
      const v = fields.country.trim();
      if (v === '') return 'countryRequired';
      return (KYC_COUNTRIES as readonly string[]).includes(v) ? undefined : 'countryInvalid';
    }
    case 'employmentStatus': {
      const v = fields.employmentStatus.trim();
      if (v === '') return 'employmentStatusRequired';
      return (EMPLOYMENT_STATUSES as readonly string[]).includes(v)
        ? undefined
        : 'employmentStatusInvalid';
    }
    case 'annualIncome': {
      const result = parseAnnualIncome(fields.annualIncome);
      return result.ok ? undefined : result.code;
    }
    case 'documentType':
      // The form always has one chosen; the contract refuses anything else.
      return undefined;
    case 'idFront':
      return fields.idFront.trim() === '' ? 'idFrontRequired' : undefined;
    case 'idBack':
      return fields.idBack.trim() === '' ? 'idBackRequired' : undefined;
    case 'cameraRoll':
      return fields.cameraRoll.trim() === '' ? 'cameraRollRequired' : undefined;
  }
}

export const KYC_FIELDS: readonly KycField[] = [
  'firstName',
  'middleName',
  'lastName',
  'dateOfBirth',
  'street',
  'city',
  'state',
  'postalCode',
  'country',
  'employmentStatus',
  'annualIncome',
  'documentType',
  'idFront',
  'idBack',
  'cameraRoll',
];

/** Every failing KYC field with its code, in form order. */
export function checkKyc(
  fields: KycFields,
  today: string,
  only: readonly KycField[] = KYC_FIELDS,
): FieldErrors<KycField> {
  const errors: FieldErrors<KycField> = {};
  for (const field of only) {
    const code = checkKycField(field, fields, today);
    if (code) errors[field] = code;
  }
  return errors;
}

/** What a user may change in their own profile (PUT /api/updateProfile). */
export interface ProfileFields {
  fullName: string;
  phoneNumber: string;
}

/** The profile rules: the same as at sign-up, so an edit can never store what sign-up refuses. */
export function checkProfile(fields: ProfileFields): FieldErrors<keyof ProfileFields> {
  const errors: FieldErrors<keyof ProfileFields> = {};
  const fullName = checkFullName(fields.fullName);
  if (fullName) errors.fullName = fullName;
  const phoneNumber = checkPhone(fields.phoneNumber);
  if (phoneNumber) errors.phoneNumber = phoneNumber;
  return errors;
}

/** The confirmation field of a new password (docs/product.md §5: required, and must match). */
export function checkPasswordConfirmation(
  password: string,
  confirmation: string,
): FieldErrorCode | undefined {
  if (confirmation === '') return 'confirmRequired';
  if (confirmation !== password) return 'passwordsMustMatch';
  return undefined;
}
