import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type FormEvent } from 'react';
import styled from 'styled-components';
import type { AdminCoin } from '../../../../common/contract';
import { useCreateCoin, useUpdateCoin } from '../../../services/admin-queries';
import { describeAdminError } from '../../../services/error-messages';
import { translate, type AppMessage } from '../../../services/messages';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/dialog';
import { ErrorMessage } from '../../../ui/page';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { useFormFields } from '../../../ui/use-form-fields';
import {
  COIN_FIELDS,
  EMPTY_COIN_FORM,
  checkCoinForm,
  coinFormValues,
  createCoinRequest,
  symbolInput,
  updateCoinRequest,
} from './coin-form-model';
import { flexColumn } from '../../../ui/layout';
import { theme } from '../../../ui/theme';
import { FieldsForm } from '../console/admin-ui';

/** What the editor is open for: a new coin, or a listed one. */
export type CoinEditorTarget = { mode: 'create' } | { mode: 'edit'; coin: AdminCoin };

/**
 * Adding a coin, or changing a listed coin's name and sort order, in a dialog (a sheet on a
 * phone). The symbol is typed only when adding: trades and recorded prices refer to it, so
 * it never changes afterwards. A listed coin's dialog also leads to deleting it.
 */
export function CoinEditor({
  target,
  onClose,
  onDelete,
}: {
  target: CoinEditorTarget;
  onClose: () => void;
  onDelete: (coin: AdminCoin) => void;
}) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const formId = useId();
  const create = useCreateCoin();
  const update = useUpdateCoin();
  const editing = target.mode === 'edit' ? target.coin : null;
  const symbol = editing?.symbol ?? '';
  const form = useFormFields({
    fields: COIN_FIELDS,
    initial: () => (editing ? coinFormValues(editing) : EMPTY_COIN_FORM),
    validate: (values) => checkCoinForm(values, target.mode),
    describe: (message: AppMessage) => translate(i18n, message),
  });
  const { values, bind } = form;

  const busy = create.isPending || update.isPending;
  const changed =
    editing === null ||
    values.name.trim() !== editing.name ||
    values.sortOrder.trim() !== String(editing.sortOrder);

  // The server's refusal: under its field until that field is edited, else above the buttons.
  const refused = (error: unknown) => {
    const { message, field } = describeAdminError(error);
    form.refuse(field, message);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event) || busy) return;
    form.clearRefusals();
    if (editing === null) {
      const request = createCoinRequest(values);
      create.mutate(request, {
        onSuccess: ({ coin }) => {
          const added = coin.symbol;
          toast({ tone: 'success', text: t`${added} added to the coin list` });
          onClose();
        },
        onError: refused,
      });
      return;
    }
    const request = updateCoinRequest(editing, values);
    if (request === null) {
      onClose();
      return;
    }
    update.mutate(request, {
      onSuccess: () => {
        toast({ tone: 'success', text: t`${symbol} saved` });
        onClose();
      },
      onError: refused,
    });
  };

  return (
    <ConfirmDialog
      title={editing ? <Trans>Edit {symbol}</Trans> : <Trans>Add a coin</Trans>}
      confirmLabel={editing ? <Trans>Save changes</Trans> : <Trans>Add coin</Trans>}
      busy={busy}
      confirmDisabled={!changed}
      form={formId}
      onCancel={onClose}
    >
      <FieldsForm id={formId} noValidate onSubmit={onSubmit} aria-label={t`Coin`}>
        {editing ? (
          <FixedSymbol>
            <span>
              <Trans>Symbol</Trans>
            </span>
            <strong>{editing.symbol}</strong>
            <small>
              <Trans>The symbol cannot change: trades and price history refer to it.</Trans>
            </small>
          </FixedSymbol>
        ) : (
          <TextField
            label={<Trans>Symbol</Trans>}
            placeholder="BTC"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            hint={<Trans>2 to 15 letters or digits. It cannot be changed later.</Trans>}
            {...bind('symbol', symbolInput)}
          />
        )}
        <TextField
          label={<Trans>Name</Trans>}
          placeholder="Bitcoin"
          autoComplete="off"
          maxLength={100}
          {...bind('name')}
        />
        <TextField
          label={<Trans>Sort order</Trans>}
          inputMode="numeric"
          autoComplete="off"
          placeholder={editing ? undefined : '0'}
          hint={
            editing ? (
              <Trans>Lower numbers are listed first.</Trans>
            ) : (
              <Trans>Lower numbers are listed first. Optional: 0 when left empty.</Trans>
            )
          }
          {...bind('sortOrder')}
        />
        {form.formError && <ErrorMessage>{form.formError}</ErrorMessage>}
        {editing && (
          <DeleteRow>
            <Button variant="ghost" onClick={() => onDelete(editing)} disabled={busy}>
              <Danger>
                <Trans>Delete this coin…</Trans>
              </Danger>
            </Button>
          </DeleteRow>
        )}
      </FieldsForm>
    </ConfirmDialog>
  );
}

/**
 * The symbol of a listed coin, shown as text rather than a read-only input: nothing to
 * focus or type in, so the cursor starts in the name.
 */
const FixedSymbol = styled.p`
  ${flexColumn(theme.space.xs)}
  padding-bottom: ${theme.space.md};

  > span {
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.medium};
    color: ${theme.colors.textMuted};
  }
  > strong {
    font-family: ${theme.fonts.mono};
    font-size: ${theme.fontSizes.lg};
    font-weight: ${theme.fontWeights.semibold};
  }
  > small {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textFaint};
  }
`;

const DeleteRow = styled.div`
  display: flex;
  justify-content: flex-start;
  padding-top: ${theme.space.sm};
  border-top: 1px solid ${theme.colors.border};

  > button {
    padding: 0 ${theme.space.md};
  }
`;

const Danger = styled.span`
  color: ${theme.colors.danger};
`;
