import { Trans, useLingui } from '@lingui/react/macro';
import type { DepositMethod, WithdrawMethod } from '../../../../common/contract';
import { useDeleteDepositMethod, useDeleteWithdrawMethod } from '../../../services/admin-queries';
import { Muted } from '../../../ui/page';
import { DeleteDialog } from '../console/delete-dialog';
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
  const { t } = useLingui();
  const deleteDeposit = useDeleteDepositMethod();
  const deleteWithdraw = useDeleteWithdrawMethod();
  const deposit = kind === 'deposit';
  const name = method.coinName;
  const network = method.paymentAddressType.toUpperCase();
  return (
    <DeleteDialog
      id={method._id}
      remove={deposit ? deleteDeposit : deleteWithdraw}
      title={
        deposit ? (
          <Trans>Delete this deposit method?</Trans>
        ) : (
          <Trans>Delete this withdraw method?</Trans>
        )
      }
      confirmLabel={<Trans>Delete method</Trans>}
      deletedText={deposit ? t`Deposit method deleted` : t`Withdraw method deleted`}
      onClose={onClose}
    >
      <p>
        <Trans>
          {name} ({network}) disappears for users at once: nobody can choose it any more.
        </Trans>
      </p>
      <Muted>
        {deposit ? (
          <Trans>Deposits already made with it keep showing it in their history.</Trans>
        ) : (
          <Trans>Withdrawals already requested with it keep showing it in their history.</Trans>
        )}
      </Muted>
    </DeleteDialog>
  );
}
