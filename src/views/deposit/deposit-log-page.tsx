import { Trans } from '@lingui/react/macro';
import { useDepositLog } from '../../services/wallet-queries';
import { ButtonLink } from '../../ui/button';
import { useDateTime } from '../../ui/date-time';
import { DepositIcon, HistoryIcon } from '../../ui/icons';
import { formatWireAmount } from '../../ui/money';
import { EmptyState, ErrorMessage, Page } from '../../ui/page';
import { LoadError } from '../shared/load-error';
import { LogList, LogListSkeleton, LogRow } from '../shared/log-list';
import { StatusDot } from '../shared/request-status';
import { useLoadView } from '../../services/load-view';

/** 'Deposit History' (docs/product.md §2), refreshed every 10 s. */
export default function DepositLogPage() {
  const log = useDepositLog();
  const logView = useLoadView(log);
  const dateTime = useDateTime();
  return (
    <Page>
      {log.isPending && !logView.failed && <LogListSkeleton />}
      {logView.failed &&
        (log.data ? (
          <ErrorMessage>
            <Trans>Error loading deposit log</Trans>
          </ErrorMessage>
        ) : (
          <LoadError onRetry={logView.retry} busy={logView.busy}>
            <Trans>Error loading deposit log</Trans>
          </LoadError>
        ))}
      {log.data?.length === 0 && (
        <EmptyState
          icon={<HistoryIcon sizePx={32} />}
          title={<Trans>No deposits found.</Trans>}
          action={
            <ButtonLink to="/deposit">
              <Trans>Make your first deposit</Trans>
            </ButtonLink>
          }
        >
          <Trans>Your deposits and their status will show here.</Trans>
        </EmptyState>
      )}
      {log.data && log.data.length > 0 && (
        <LogList>
          {log.data.map((deposit) => (
            <LogRow
              key={deposit._id}
              to={`/deposit/log/${encodeURIComponent(deposit._id)}`}
              icon={<DepositIcon sizePx={18} />}
              title={deposit.gateway}
              time={{ iso: deposit.createdAt, text: dateTime(deposit.createdAt) }}
              amount={`${formatWireAmount(deposit.amount, 2)} USDT`}
              end={<StatusDot status={deposit.status} />}
            />
          ))}
        </LogList>
      )}
    </Page>
  );
}
