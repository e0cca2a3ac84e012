import { Trans } from '@lingui/react/macro';
import { useDepositLog } from '../../services/wallet-queries';
import { ButtonLink } from '../../ui/button';
import { DepositIcon, HistoryIcon } from '../../ui/page-icons';
import { EmptyState } from '../../ui/page';
import { RequestLogPage } from '../shared/request-log';

/** 'Deposit History' (docs/product.md §2), refreshed every 10 s. */
export default function DepositLogPage() {
  const log = useDepositLog();
  return (
    <RequestLogPage
      log={log}
      rowPath="/deposit/log"
      icon={<DepositIcon sizePx={18} />}
      errorText={<Trans>Error loading deposit log</Trans>}
      empty={
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
      }
    />
  );
}
