import { msg } from '@lingui/core/macro';
import type { CreateAdminRequest } from '../../../../common/contract';
import {
  checkEmail,
  checkFullName,
  checkPhone,
  checkUsername,
  normalizeEmail,
  type FieldErrorCode,
} from '../../../../common/validation';
import { ApiError } from '../../../services/api-error';
import { describeAdminError, fieldErrorMessages } from '../../../services/error-messages';
import type { FormError } from '../../../services/messages';
import { newPasswordErrors, type FormErrors } from '../console/account-rules';

/**
 * The admins screen's pure rules: the new-admin form (the sign-up rules of
 * common/validation, with the phone optional as the server has it) and the own-password
 * form, and how the server's refusals of each read.
 */

export const CREATE_ADMIN_FIELDS = [
  'fullName',
  'username',
  'email',
  'phoneNumber',
  'password',
  'confirmPassword',
] as const;
export type CreateAdminField = (typeof CREATE_ADMIN_FIELDS)[number];
export type CreateAdminValues = Record<CreateAdminField, string>;

function put<F extends string>(errors: FormErrors<F>, field: F, code: FieldErrorCode | undefined) {
  if (code) errors[field] = fieldErrorMessages[code];
}

export function validateCreateAdmin(values: CreateAdminValues): FormErrors<CreateAdminField> {
  const errors: FormErrors<CreateAdminField> = {};
  put(errors, 'fullName', checkFullName(values.fullName));
  put(errors, 'username', checkUsername(values.username));
  put(errors, 'email', checkEmail(values.email));
  const phone = values.phoneNumber.trim();
  put(errors, 'phoneNumber', phone === '' ? undefined : checkPhone(phone));
  const account = { username: values.username, email: values.email };
  return Object.assign(errors, newPasswordErrors(values, account));
}

/** The body of POST /api/admin/admins: trimmed, the phone left out when empty. */
export function createAdminRequest(values: CreateAdminValues): CreateAdminRequest {
  const phone = values.phoneNumber.trim();
  return {
    fullName: values.fullName.trim(),
    username: values.username.trim(),
    email: values.email.trim(),
    password: values.password,
    ...(phone === '' ? {} : { phoneNumber: phone }),
  };
}

export const OWN_PASSWORD_FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;
export type OwnPasswordField = (typeof OWN_PASSWORD_FIELDS)[number];
export type OwnPasswordValues = Record<OwnPasswordField, string>;

export function validateOwnPassword(
  values: OwnPasswordValues,
  account: { username?: string; email?: string },
): FormErrors<OwnPasswordField> {
  const errors: FormErrors<OwnPasswordField> = {};
  if (values.currentPassword === '') {
    errors.currentPassword = msg`Enter your current password`;
  }
  return Object.assign(errors, newPasswordErrors(values, account));
}

/** Why the own-password change was refused; a wrong current password goes under its field. */
export function ownPasswordRefusal(error: unknown): FormError {
  if (error instanceof ApiError && error.field === 'currentPassword') {
    return { message: msg`Your current password is not correct.`, field: 'currentPassword' };
  }
  return describeAdminError(error, msg`Failed to update password. Please try again.`);
}

/** Whether an admin account is the signed-in admin's own (emails compare case-blind). */
export function isOwnAccount(account: { email: string }, ownEmail: string | undefined): boolean {
  return ownEmail !== undefined && normalizeEmail(account.email) === normalizeEmail(ownEmail);
}

/**
 * What the reader may do to an admin account in the list: nothing to their own (nobody
 * disables themselves), disable an enabled one at once, or ask for a disabled one to be
 * enabled again (a second admin approves that).
 */
export function adminAccountAction(
  account: { email: string; disabledAt: string | null },
  ownEmail: string | undefined,
): 'none' | 'disable' | 'enable' {
  if (ownEmail === undefined || isOwnAccount(account, ownEmail)) return 'none';
  return account.disabledAt === null ? 'disable' : 'enable';
}
