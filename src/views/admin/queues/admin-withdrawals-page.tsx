import { Trans } from '@lingui/react/macro';
import type { AdminWithdraw } from '../../../../common/contract';
import { useAdminWithdrawals } from '../../../services/admin-queries';
import { Badge } from '../../../ui/page';
import { AdminQueue, MoneyCell, Stack, useQueueView, type QueueRow } from './admin-queue';

/** The withdrawal queue; a pending one with a first approval says it waits for the second. */
export default function AdminWithdrawalsPage() {
  const view = useQueueView();
  const query = useAdminWithdrawals(view);
  const toRow = (withdraw: AdminWithdraw): QueueRow => ({
    what: (
      <Stack>
        <span>
          {withdraw.gateway} ({withdraw.gatewayType.toUpperCase()})
        </span>
        {withdraw.status === 'Pending' && withdraw.firstApprovedBy ? (
          <span>
            <Badge $tone="warning">
              <Trans>Awaiting second approval</Trans>
            </Badge>
          </span>
        ) : withdraw.status === 'Pending' && withdraw.needsSecondApproval ? (
          <span>
            <Badge>
              <Trans>Needs two approvals</Trans>
            </Badge>
          </span>
        ) : null}
      </Stack>
    ),
    amount: <MoneyCell request={withdraw} />,
  });
  return (
    <AdminQueue
      base="/admin/withdrawals"
      heading={<Trans>Withdrawals</Trans>}
      view={view}
      query={query}
      headers={{ what: <Trans>Method</Trans>, amount: <Trans>Amount</Trans> }}
      toRow={toRow}
      errorText={<Trans>The withdrawals could not be loaded.</Trans>}
    />
  );
}
