/**
 * Field rules for accounts, shared by the sign-up form and the server. Each rule yields a
 * stable `code`; the server answers the English `message`, and the web app shows its own
 * translation of the code (see src/services/error-messages.ts).
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

export const FIELD_ERRORS = {
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
  confirmRequired: 'Confirm password is required',
  passwordsMustMatch: 'Passwords must match',
} as const;

export type FieldErrorCode = keyof typeof FIELD_ERRORS;

export interface RegistrationFields {
  fullName: string;
  username: string;
  email: string;
  phoneNumber: string;
  password: string;
}

export type FieldErrors<F extends string> = Partial<Record<F, FieldErrorCode>>;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
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
  const v = value.trim();
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
