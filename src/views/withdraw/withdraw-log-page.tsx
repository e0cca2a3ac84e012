import { Trans } from '@lingui/react/macro';
import { useWithdrawLog } from '../../services/wallet-queries';
import { HistoryIcon, WithdrawIcon } from '../../ui/page-icons';
import { EmptyState } from '../../ui/page';
import { RequestLogPage } from '../shared/request-log';

/** 'Withdraw History' (docs/product.md §2), refreshed every 10 s. */
export default function WithdrawLogPage() {
  const log = useWithdrawLog();
  return (
    <RequestLogPage
      log={log}
      rowPath="/withdraw/log"
      icon={<WithdrawIcon sizePx={18} />}
      errorText={<Trans>Error loading withdraw logs. Please try again later.</Trans>}
      empty={
        <EmptyState
          icon={<HistoryIcon sizePx={32} />}
          title={<Trans>No withdraw logs found.</Trans>}
        >
          <Trans>Your withdrawals and their status will show here.</Trans>
        </EmptyState>
      }
    />
  );
}
