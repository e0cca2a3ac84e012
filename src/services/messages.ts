import type { I18n, MessageDescriptor } from '@lingui/core';

/**
 * A text for the user, held untranslated so it follows the language picker: either a Lingui
 * message descriptor (translated when shown) or a text from the server, shown as it is.
 */
export type AppMessage = MessageDescriptor | string;

/** An error of a form, optionally tied to one of its fields. */
export interface FormError {
  message: AppMessage;
  field?: string;
}

/** The text of `message` in the active language. */
export function translate(i18n: I18n, message: AppMessage): string {
  return typeof message === 'string' ? message : i18n._(message);
}
