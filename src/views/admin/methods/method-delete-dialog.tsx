import { Trans, useLingui } from '@lingui/react/macro';
import type { DepositMethod, WithdrawMethod } from '../../../../common/contract';
import { useDeleteDepositMethod, useDeleteWithdrawMethod } from '../../../services/admin-queries';
import { describeAdminError } from '../../../services/error-messages';
import { translate } from '../../../services/messages';
import { ConfirmDialog } from '../../../ui/dialog';
import { ErrorMessage, Muted } from '../../../ui/page';
import { useToast } from '../../../ui/toast';
import type { MethodKind } from './method-form-model';

/**
 * Deleting a payment method, after saying what it does: users no longer see it, while the
 * deposits or withdrawals already made with it keep showing it (the server only hides it).
 */
export function MethodDeleteDialog({
  kind,
  method,
  onClose,
}: {
  kind: MethodKind;
  method: DepositMethod | WithdrawMethod;
  onClose: () => void;
}) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const deleteDeposit = useDeleteDepositMethod();
  const deleteWithdraw = useDeleteWithdrawMethod();
  const remove = kind === 'deposit' ? deleteDeposit : deleteWithdraw;
  const failure = remove.isError ? describeAdminError(remove.error).message : null;
  const name = method.coinName;
  const network = method.paymentAddressType.toUpperCase();

  const confirm = () =>
    remove.mutate(method._id, {
      onSuccess: () => {
        toast({
          tone: 'success',
          text: kind === 'deposit' ? t`Deposit method deleted` : t`Withdraw method deleted`,
        });
        onClose();
      },
    });

  return (
    <ConfirmDialog
      title={
        kind === 'deposit' ? (
          <Trans>Delete this deposit method?</Trans>
        ) : (
          <Trans>Delete this withdraw method?</Trans>
        )
      }
      confirmLabel={<Trans>Delete method</Trans>}
      tone="danger"
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <p>
        <Trans>
          {name} ({network}) disappears for users at once: nobody can choose it any more.
        </Trans>
      </p>
      <Muted>
        {kind === 'deposit' ? (
          <Trans>Deposits already made with it keep showing it in their history.</Trans>
        ) : (
          <Trans>Withdrawals already requested with it keep showing it in their history.</Trans>
        )}
      </Muted>
      {failure !== null && <ErrorMessage>{translate(i18n, failure)}</ErrorMessage>}
    </ConfirmDialog>
  );
}
