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
import { ErrorMessage } from '../../../ui/page';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { useFormFields } from '../../../ui/use-form-fields';
import {
  EMPTY_METHOD_FORM,
  checkMethodForm,
  depositMethodRequest,
  formFieldOf,
  methodFields,
  methodFormValues,
  withdrawMethodRequest,
  type MethodField,
  type MethodFormValues,
  type MethodKind,
} from './method-form-model';
import { MethodInfoField, firstInfoTabWith, infoFieldOf, type InfoTab } from './method-info-field';
import { theme } from '../../../ui/theme';

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
  const form = useFormFields({
    fields: methodFields(kind),
    initial,
    validate: (values) => checkMethodForm(values, kind),
    describe: (message: AppMessage) => translate(i18n, message),
  });
  const values = form.values;
  const withdraw = kind === 'withdraw';
  const [infoTab, setInfoTab] = useState<InfoTab>('en');
  /** A refused text in a language not on screen: its tab opens, so the problem shows. */
  const showInfoProblem = (hasError: (field: MethodField) => boolean) => {
    const tab = firstInfoTabWith(hasError);
    if (tab && !hasError(infoFieldOf(infoTab))) setInfoTab(tab);
  };
  // Saving a method as it was would only write an audit entry: wait for a change.
  const changed =
    method === null || methodFields(kind).some((field) => values[field] !== initial[field]);

  const bind = (field: MethodField) => ({ ...form.bind(field), autoComplete: 'off' });
  /** A code (a symbol, a network, a currency): typed in capitals, without corrections. */
  const bindCode = (field: MethodField) => ({
    ...bind(field),
    autoCapitalize: 'characters',
    spellCheck: false,
  });
  /** An amount in `unit`, on the decimal keyboard. */
  const bindAmount = (field: MethodField, unit: string) => ({
    ...bind(field),
    inputMode: 'decimal' as const,
    suffix: unit,
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const errors = checkMethodForm(values, kind);
    if (!form.check(event)) showInfoProblem((field) => errors[field] !== undefined);
    if (Object.keys(errors).length > 0 || busy) return;
    form.clearRefusals();
    save(values, method?._id ?? null, {
      onSuccess: () => {
        toast({ tone: 'success', text: savedText() });
        onClose();
      },
      onError: (error) => {
        const { message, field } = describeAdminError(error);
        const own = formFieldOf(field);
        form.refuse(own, message);
        showInfoProblem((name) => name === own);
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
          {...bindCode('coinSymbol')}
        />
        <TextField
          label={<Trans>Network</Trans>}
          placeholder="TRC20"
          {...bindCode('paymentAddressType')}
        />
        <TextField
          label={<Trans>Currency</Trans>}
          placeholder="USDT"
          hint={<Trans>Of the amounts and limits</Trans>}
          {...bindCode('currencyUsdt')}
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
        <TextField label={<Trans>Minimum</Trans>} {...bindAmount('minAmount', currency)} />
        <TextField label={<Trans>Maximum</Trans>} {...bindAmount('maxAmount', currency)} />
        {/* Alone on its row for a deposit method, beside the fee for a withdraw method. */}
        <Cell $wide={!withdraw}>
          <TextField
            label={<Trans>Conversion price</Trans>}
            hint={<Trans>For 1 {coin}</Trans>}
            {...bindAmount('conversionPrice', currency)}
          />
        </Cell>
        {withdraw && (
          <>
            <TextField
              label={<Trans>Fee</Trans>}
              hint={<Trans>Of each withdrawal</Trans>}
              {...bindAmount('charge', '%')}
            />
            <Wide>
              <MethodInfoField bind={bind} tab={infoTab} onTab={setInfoTab} />
            </Wide>
          </>
        )}
        {form.formError && (
          <Wide>
            <ErrorMessage>{form.formError}</ErrorMessage>
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
