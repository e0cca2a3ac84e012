/**
 * The rules of the profile and password forms, as pure functions of the field values. They
 * use the shared rules of common/validation, so the forms refuse exactly what the server
 * refuses (except the list of common passwords, which only the server holds).
 */
import {
  checkPassword,
  checkPasswordConfirmation,
  checkProfile,
  type FieldErrors,
  type ProfileFields,
} from '../../../common/validation';

export type ProfileField = keyof ProfileFields;
export const PROFILE_FIELDS: readonly ProfileField[] = ['fullName', 'phoneNumber'];

export function validateProfile(values: ProfileFields): FieldErrors<ProfileField> {
  return checkProfile(values);
}

/** Whether the form holds a change worth sending (spaces around a value do not count). */
export function profileChanged(values: ProfileFields, saved: ProfileFields): boolean {
  return PROFILE_FIELDS.some((field) => values[field].trim() !== saved[field].trim());
}

export type PasswordField = 'currentPassword' | 'password' | 'confirmPassword';
export const PASSWORD_FIELDS: readonly PasswordField[] = [
  'currentPassword',
  'password',
  'confirmPassword',
];

export function isPasswordField(field: string | undefined): field is PasswordField {
  return (PASSWORD_FIELDS as readonly (string | undefined)[]).includes(field);
}

export interface PasswordValues {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

/**
 * The current password is required (the server checks it: a session alone must not be
 * enough to change the password). docs/product.md §5: the new password is required and at least 6
 * characters; the confirmation is required and must match. Like the server, it also refuses
 * a password containing the username or the email's name, when the account is known.
 */
export function validatePassword(
  values: PasswordValues,
  account: { username?: string; email?: string } = {},
): FieldErrors<PasswordField> {
  const errors: FieldErrors<PasswordField> = {};
  if (values.currentPassword === '') errors.currentPassword = 'currentPasswordRequired';
  const password = checkPassword(values.password, account);
  if (password) errors.password = password;
  const confirmation = checkPasswordConfirmation(values.password, values.confirmPassword);
  if (confirmation) errors.confirmPassword = confirmation;
  return errors;
}
