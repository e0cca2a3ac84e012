import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminCoin } from '../../../../common/contract';
import { useDeleteCoin } from '../../../services/admin-queries';
import { describeAdminError } from '../../../services/error-messages';
import { translate } from '../../../services/messages';
import { ConfirmDialog } from '../../../ui/dialog';
import { ErrorMessage, Muted } from '../../../ui/page';
import { useToast } from '../../../ui/toast';

/**
 * Unlisting a coin, after saying what it does: the coin leaves the markets, while past
 * trades and recorded prices keep its symbol. The server refuses while trades on it are
 * running (`coin_in_use`); the dialog then stays open with the reason.
 */
export function CoinDeleteDialog({ coin, onClose }: { coin: AdminCoin; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const remove = useDeleteCoin();
  const symbol = coin.symbol;
  const name = coin.name;
  const failure = remove.isError ? describeAdminError(remove.error).message : null;

  const confirm = () =>
    remove.mutate(coin._id, {
      onSuccess: () => {
        toast({ tone: 'success', text: t`${symbol} was removed from the coin list` });
        onClose();
      },
    });

  return (
    <ConfirmDialog
      title={<Trans>Delete {symbol}?</Trans>}
      confirmLabel={<Trans>Delete coin</Trans>}
      tone="danger"
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <p>
        <Trans>
          {name} ({symbol}) will be unlisted: it leaves the markets and no new trades can be opened
          on it.
        </Trans>
      </p>
      <Muted>
        <Trans>
          Past trades and price history keep its symbol. Trades still running on it must settle
          first.
        </Trans>
      </Muted>
      {failure !== null && <ErrorMessage>{translate(i18n, failure)}</ErrorMessage>}
    </ConfirmDialog>
  );
}
