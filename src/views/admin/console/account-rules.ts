import type { MessageDescriptor } from '@lingui/core';
import {
  checkPassword,
  checkPasswordConfirmation,
  type FieldErrorCode,
} from '../../../../common/validation';
import { fieldErrorMessages } from '../../../services/error-messages';

/**
 * The account-field rules both the users' and the admins' screens apply: the server's rules
 * from common/validation, checked first here so a mistake is shown under its field before
 * anything is sent, in the admin's language.
 */

/** A form's errors: a message for each field that fails its rule. */
export type FormErrors<F extends string> = Partial<Record<F, MessageDescriptor>>;

/** The message for a rule's failure code, or undefined when the field passed. */
export const fieldMessage = (code: FieldErrorCode | undefined) =>
  code === undefined ? undefined : fieldErrorMessages[code];

export const PASSWORD_RESET_FIELDS = ['password', 'confirmPassword'] as const;
export type PasswordResetField = (typeof PASSWORD_RESET_FIELDS)[number];

/**
 * A new password under the shared rules for the account it is set on (a user's, or an
 * admin's own or new one), and the same password again.
 */
export function newPasswordErrors(
  values: Record<PasswordResetField, string>,
  account: { username?: string; email?: string },
): FormErrors<PasswordResetField> {
  const errors: FormErrors<PasswordResetField> = {};
  const password = fieldMessage(checkPassword(values.password, account));
  if (password) errors.password = password;
  const repeat = fieldMessage(checkPasswordConfirmation(values.password, values.confirmPassword));
  if (repeat) errors.confirmPassword = repeat;
  return errors;
}
