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

export type PasswordField = 'password' | 'confirmPassword';
export const PASSWORD_FIELDS: readonly PasswordField[] = ['password', 'confirmPassword'];

export interface PasswordValues {
  password: string;
  confirmPassword: string;
}

/**
 * SPEC §5: the password is required and at least 6 characters; the confirmation is required
 * and must match. Like the server, it also refuses a password containing the username or the
 * email's name, when the account is known.
 */
export function validatePassword(
  values: PasswordValues,
  account: { username?: string; email?: string } = {},
): FieldErrors<PasswordField> {
  const errors: FieldErrors<PasswordField> = {};
  const password = checkPassword(values.password, account);
  if (password) errors.password = password;
  const confirmation = checkPasswordConfirmation(values.password, values.confirmPassword);
  if (confirmation) errors.confirmPassword = confirmation;
  return errors;
}
