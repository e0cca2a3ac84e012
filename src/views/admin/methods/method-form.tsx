import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { DepositMethod, WithdrawMethod } from '../../../../common/contract';
import {
  useCreateDepositMethod,
  useCreateWithdrawMethod,
  useUpdateDepositMethod,
  useUpdateWithdrawMethod,
} from '../../../services/admin-queries';
import { describeAdminError } from '../../../services/error-messages';
import { translate, type AppMessage } from '../../../services/messages';
import { ConfirmDialog } from '../../../ui/dialog';
import { focusFirstInvalid } from '../../../ui/focus-first-invalid';
import { ErrorMessage } from '../../../ui/page';
import { TextAreaField, TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import {
  EMPTY_METHOD_FORM,
  METHOD_TEXT_MAX_LENGTH,
  checkMethodForm,
  depositMethodRequest,
  isMethodField,
  methodFields,
  methodFormValues,
  withdrawMethodRequest,
  type MethodField,
  type MethodFormValues,
  type MethodKind,
} from './method-form-model';
import { theme } from '../../../ui/theme';

/** The info text may be long; the field allows a little over the limit so the error shows. */
const INFO_INPUT_MAX_LENGTH = METHOD_TEXT_MAX_LENGTH.info + 100;

/** What the editor is open for: a new method of a kind, or a saved one. */
export interface MethodEditorTarget {
  kind: MethodKind;
  method: DepositMethod | WithdrawMethod | null;
}

interface SaveCallbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/** Creating or updating a method of either kind with the matching call. */
function useSaveMethod(kind: MethodKind) {
  const createDeposit = useCreateDepositMethod();
  const updateDeposit = useUpdateDepositMethod();
  const createWithdraw = useCreateWithdrawMethod();
  const updateWithdraw = useUpdateWithdrawMethod();
  const busy = [createDeposit, updateDeposit, createWithdraw, updateWithdraw].some(
    (mutation) => mutation.isPending,
  );
  const save = (values: MethodFormValues, id: string | null, callbacks: SaveCallbacks) => {
    if (kind === 'deposit') {
      const body = depositMethodRequest(values);
      if (id === null) createDeposit.mutate(body, callbacks);
      else updateDeposit.mutate({ id, ...body }, callbacks);
    } else {
      const body = withdrawMethodRequest(values);
      if (id === null) createWithdraw.mutate(body, callbacks);
      else updateWithdraw.mutate({ id, ...body }, callbacks);
    }
  };
  return { busy, save };
}

/**
 * The one form of both kinds of payment method, in a dialog (a sheet on a phone): coin,
 * network, address, currency, limits and conversion price; a withdraw method adds its fee
 * and the info shown at checkout. Checked as the server checks it; a refusal the server
 * ties to a field is shown under that field.
 */
export function MethodEditor({
  target,
  onClose,
}: {
  target: MethodEditorTarget;
  onClose: () => void;
}) {
  const { kind, method } = target;
  const { i18n, t } = useLingui();
  const toast = useToast();
  const formId = useId();
  const { busy, save } = useSaveMethod(kind);
  const [initial] = useState<MethodFormValues>(() =>
    method ? methodFormValues(method) : EMPTY_METHOD_FORM,
  );
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<MethodField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<MethodField, AppMessage>>>({});
  const [formError, setFormError] = useState<AppMessage | null>(null);
  const errors = checkMethodForm(values, kind);
  const withdraw = kind === 'withdraw';
  // Saving a method as it was would only write an audit entry: wait for a change.
  const changed =
    method === null || methodFields(kind).some((field) => values[field] !== initial[field]);

  const errorOf = (field: MethodField): string | undefined => {
    const own = errors[field];
    if (own && (submitted || touched[field])) return i18n._(own);
    const server = serverErrors[field];
    return server === undefined ? undefined : translate(i18n, server);
  };

  const bind = (field: MethodField) => ({
    name: field,
    value: values[field],
    error: errorOf(field),
    autoComplete: 'off',
    onChange: (event: { target: { value: string } }) => {
      const text = event.target.value;
      setValues((current) => ({ ...current, [field]: text }));
      setServerErrors((current) => ({ ...current, [field]: undefined }));
    },
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    focusFirstInvalid(event.currentTarget, methodFields(kind), errors);
    if (Object.keys(errors).length > 0 || busy) return;
    setServerErrors({});
    setFormError(null);
    save(values, method?._id ?? null, {
      onSuccess: () => {
        toast({ tone: 'success', text: savedText() });
        onClose();
      },
      onError: (error) => {
        const { message, field } = describeAdminError(error);
        if (isMethodField(kind, field)) setServerErrors({ [field]: message });
        else setFormError(message);
      },
    });
  };

  const savedText = () => {
    if (withdraw) return method ? t`Withdraw method saved` : t`Withdraw method added`;
    return method ? t`Deposit method saved` : t`Deposit method added`;
  };

  const title = withdraw ? (
    method ? (
      <Trans>Edit withdraw method</Trans>
    ) : (
      <Trans>New withdraw method</Trans>
    )
  ) : method ? (
    <Trans>Edit deposit method</Trans>
  ) : (
    <Trans>New deposit method</Trans>
  );

  const currency = values.currencyUsdt.trim().toUpperCase() || 'USDT';
  const coin = values.coinSymbol.trim().toUpperCase() || t`coin`;

  return (
    <ConfirmDialog
      title={title}
      confirmLabel={method ? <Trans>Save changes</Trans> : <Trans>Add method</Trans>}
      busy={busy}
      confirmDisabled={!changed}
      form={formId}
      onCancel={onClose}
    >
      <Form id={formId} noValidate onSubmit={onSubmit} aria-label={t`Payment method`}>
        <TextField label={<Trans>Coin name</Trans>} placeholder="Tether" {...bind('coinName')} />
        <TextField
          label={<Trans>Coin symbol</Trans>}
          placeholder="USDT"
          autoCapitalize="characters"
          spellCheck={false}
          {...bind('coinSymbol')}
        />
        <TextField
          label={<Trans>Network</Trans>}
          placeholder="TRC20"
          autoCapitalize="characters"
          spellCheck={false}
          {...bind('paymentAddressType')}
        />
        <TextField
          label={<Trans>Currency</Trans>}
          placeholder="USDT"
          autoCapitalize="characters"
          spellCheck={false}
          hint={<Trans>Of the amounts and limits</Trans>}
          {...bind('currencyUsdt')}
        />
        <Wide>
          <Mono>
            <TextField
              label={<Trans>Address</Trans>}
              spellCheck={false}
              autoCapitalize="off"
              {...bind('paymentAddress')}
            />
          </Mono>
        </Wide>
        <TextField
          label={<Trans>Minimum</Trans>}
          inputMode="decimal"
          suffix={currency}
          {...bind('minAmount')}
        />
        <TextField
          label={<Trans>Maximum</Trans>}
          inputMode="decimal"
          suffix={currency}
          {...bind('maxAmount')}
        />
        {/* Alone on its row for a deposit method, beside the fee for a withdraw method. */}
        <Cell $wide={!withdraw}>
          <TextField
            label={<Trans>Conversion price</Trans>}
            inputMode="decimal"
            suffix={currency}
            hint={<Trans>For 1 {coin}</Trans>}
            {...bind('conversionPrice')}
          />
        </Cell>
        {withdraw && (
          <>
            <TextField
              label={<Trans>Fee</Trans>}
              inputMode="decimal"
              suffix="%"
              hint={<Trans>Of each withdrawal</Trans>}
              {...bind('charge')}
            />
            <Wide>
              <InfoField
                label={<Trans>Info shown at checkout</Trans>}
                rows={3}
                maxLength={INFO_INPUT_MAX_LENGTH}
                reserveMessage={false}
                {...bind('info')}
              />
            </Wide>
          </>
        )}
        {formError !== null && (
          <Wide>
            <ErrorMessage>{translate(i18n, formError)}</ErrorMessage>
          </Wide>
        )}
      </Form>
    </ConfirmDialog>
  );
}

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  column-gap: ${theme.space.md};
  row-gap: ${theme.space.xs};
`;

const Wide = styled.div`
  grid-column: 1 / -1;
  min-width: 0;
`;

const Cell = styled.div<{ $wide: boolean }>`
  grid-column: ${({ $wide }) => ($wide ? '1 / -1' : 'auto')};
  min-width: 0;
`;

const Mono = styled.div`
  input {
    font-family: ${theme.fonts.mono};
    font-size: 15px;
  }
`;

/**
 * Padded like the inputs above it, without TextField's focus ring, and red while invalid even
 * when focused: as this form had it before the field was shared.
 */
const InfoField = styled(TextAreaField)`
  textarea {
    padding: ${theme.space.md} ${theme.space.lg};
  }
  textarea:focus {
    box-shadow: none;
  }
  textarea[aria-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
`;
