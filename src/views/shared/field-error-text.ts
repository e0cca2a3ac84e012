import { useLingui } from '@lingui/react/macro';
import type { FieldErrorCode } from '../../../common/validation';
import { fieldErrorMessages } from '../../services/error-messages';

/** The text of a field rule's failure (a code of common/validation) in the user's language. */
export function useFieldErrorText(): (code: FieldErrorCode) => string {
  const { i18n } = useLingui();
  return (code) => i18n._(fieldErrorMessages[code]);
}
