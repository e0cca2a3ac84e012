import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ChangeEvent } from 'react';
import type { KycField } from '../../../common/validation';
import { type KycActorRef } from '../../machines/kyc.machine';
import { visibleKycErrors, type KycInputField } from '../../machines/kyc-form';
import { translate } from '../../services/messages';

/** A text or select field's props, bound to the wizard's machine. */
export interface KycFieldProps {
  name: KycInputField;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  onBlur: () => void;
  error: string | undefined;
}

/** What a step needs of the machine to show its fields. */
export interface KycFields {
  /** A field's value, CHANGE and BLUR, and its message. */
  bind(field: KycInputField): KycFieldProps;
  /** The message to show for a field (a touched field's rule, or the server's), translated. */
  errorOf(field: KycField): string | undefined;
}

/** The steps' view of the machine's fields, made once per render of the wizard. */
export function useKycFields(actor: KycActorRef): KycFields {
  const { i18n } = useLingui();
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const errors = visibleKycErrors(context);
  const errorOf = (field: KycField) => {
    const message = errors[field];
    return message === undefined ? undefined : translate(i18n, message);
  };
  return {
    errorOf,
    bind: (field) => ({
      name: field,
      value: context.values[field],
      onChange: (event) => actor.send({ type: 'CHANGE', field, value: event.target.value }),
      onBlur: () => actor.send({ type: 'BLUR', field }),
      error: errorOf(field),
    }),
  };
}
