import { Trans } from '@lingui/react/macro';
import type { AdminWithdraw } from '../../../../common/contract';
import { useAdminWithdrawals } from '../../../services/admin-queries';
import { useDateTime } from '../../../ui/date-time';
import { formatWireAmount } from '../../../ui/money';
import { Badge } from '../../../ui/page';
import { StatusText } from '../../shared/request-status';
import { AdminQueue, AmountCell, Stack, useQueueView, type QueueRow } from './admin-queue';
import { coinText, UserSummary } from './queue-ui';

/** The withdrawal queue; a pending one with a first approval says it waits for the second. */
export default function AdminWithdrawalsPage() {
  const view = useQueueView();
  const query = useAdminWithdrawals(view);
  const dateTime = useDateTime();
  const toRow = (withdraw: AdminWithdraw): QueueRow => ({
    href: `/admin/withdrawals/${encodeURIComponent(withdraw._id)}`,
    user: <UserSummary user={withdraw.user} />,
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
    amount: (
      <AmountCell
        main={`${formatWireAmount(withdraw.amount)} USDT`}
        sub={coinText(withdraw.coinConversion, withdraw.currency)}
      />
    ),
    status: (
      <Stack>
        <StatusText status={withdraw.status} />
        <small>{dateTime(withdraw.decidedAt ?? withdraw.createdAt)}</small>
      </Stack>
    ),
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
