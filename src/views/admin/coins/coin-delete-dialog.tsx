import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminCoin } from '../../../../common/contract';
import { useDeleteCoin } from '../../../services/admin-queries';
import { Muted } from '../../../ui/page';
import { DeleteDialog } from '../console/delete-dialog';

/**
 * Unlisting a coin, after saying what it does: the coin leaves the markets, while past
 * trades and recorded prices keep its symbol. The server refuses while trades on it are
 * running (`coin_in_use`); the dialog then stays open with the reason.
 */
export function CoinDeleteDialog({ coin, onClose }: { coin: AdminCoin; onClose: () => void }) {
  const { t } = useLingui();
  const remove = useDeleteCoin();
  const symbol = coin.symbol;
  const name = coin.name;
  return (
    <DeleteDialog
      id={coin._id}
      remove={remove}
      title={<Trans>Delete {symbol}?</Trans>}
      confirmLabel={<Trans>Delete coin</Trans>}
      deletedText={t`${symbol} was removed from the coin list`}
      onClose={onClose}
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
    </DeleteDialog>
  );
}
