import { Trans } from '@lingui/react/macro';
import type { AdminDeposit } from '../../../../common/contract';
import { useAdminDeposits } from '../../../services/admin-queries';
import { useDateTime } from '../../../ui/date-time';
import { formatWireAmount } from '../../../ui/money';
import { StatusText } from '../../shared/request-status';
import { AdminQueue, AmountCell, Stack, useQueueView, type QueueRow } from './admin-queue';
import { coinText, UserSummary } from './queue-ui';

/** The deposit queue: pending first and oldest first, 20 a page. */
export default function AdminDepositsPage() {
  const view = useQueueView();
  const query = useAdminDeposits(view);
  const dateTime = useDateTime();
  const toRow = (deposit: AdminDeposit): QueueRow => ({
    href: `/admin/deposits/${encodeURIComponent(deposit._id)}`,
    user: <UserSummary user={deposit.user} />,
    what: (
      <Stack>
        <span>
          {deposit.gateway} ({deposit.gatewayType.toUpperCase()})
        </span>
        <small>{deposit.transactionId}</small>
      </Stack>
    ),
    amount: (
      <AmountCell
        main={`${formatWireAmount(deposit.amount)} USDT`}
        sub={coinText(deposit.coinConversion, deposit.currency)}
      />
    ),
    status: (
      <Stack>
        <StatusText status={deposit.status} />
        <small>{dateTime(deposit.decidedAt ?? deposit.createdAt)}</small>
      </Stack>
    ),
  });
  return (
    <AdminQueue
      base="/admin/deposits"
      heading={<Trans>Deposits</Trans>}
      view={view}
      query={query}
      headers={{ what: <Trans>Method</Trans>, amount: <Trans>Amount</Trans> }}
      toRow={toRow}
      errorText={<Trans>The deposits could not be loaded.</Trans>}
    />
  );
}
