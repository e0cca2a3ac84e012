import { Trans } from '@lingui/react/macro';
import { useWithdrawLog } from '../../services/wallet-queries';
import { useDateTime } from '../../ui/date-time';
import { HistoryIcon, WithdrawIcon } from '../../ui/icons';
import { formatWireAmount } from '../../ui/money';
import { EmptyState, ErrorMessage, Page } from '../../ui/page';
import { LoadError } from '../shared/load-error';
import { LogList, LogListSkeleton, LogRow } from '../shared/log-list';
import { StatusDot } from '../shared/request-status';
import { useLoadView } from '../../services/load-view';

/** 'Withdraw History' (docs/product.md §2), refreshed every 10 s. */
export default function WithdrawLogPage() {
  const log = useWithdrawLog();
  const logView = useLoadView(log);
  const dateTime = useDateTime();
  return (
    <Page>
      {log.isPending && !logView.failed && <LogListSkeleton />}
      {logView.failed &&
        (log.data ? (
          <ErrorMessage>
            <Trans>Error loading withdraw logs. Please try again later.</Trans>
          </ErrorMessage>
        ) : (
          <LoadError onRetry={logView.retry} busy={logView.busy}>
            <Trans>Error loading withdraw logs. Please try again later.</Trans>
          </LoadError>
        ))}
      {log.data?.length === 0 && (
        <EmptyState
          icon={<HistoryIcon sizePx={32} />}
          title={<Trans>No withdraw logs found.</Trans>}
        >
          <Trans>Your withdrawals and their status will show here.</Trans>
        </EmptyState>
      )}
      {log.data && log.data.length > 0 && (
        <LogList>
          {log.data.map((withdraw) => (
            <LogRow
              key={withdraw._id}
              to={`/withdraw/log/${encodeURIComponent(withdraw._id)}`}
              icon={<WithdrawIcon sizePx={18} />}
              title={withdraw.gateway}
              time={{ iso: withdraw.createdAt, text: dateTime(withdraw.createdAt) }}
              amount={`${formatWireAmount(withdraw.amount, 2)} USDT`}
              end={<StatusDot status={withdraw.status} />}
            />
          ))}
        </LogList>
      )}
    </Page>
  );
}
