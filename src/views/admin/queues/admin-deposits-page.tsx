import { Trans } from '@lingui/react/macro';
import type { AdminDeposit } from '../../../../common/contract';
import { useAdminDeposits } from '../../../services/admin-queries';
import { AdminQueue, MoneyCell, Stack, useQueueView, type QueueRow } from './admin-queue';

/** The deposit queue: pending first and oldest first, 20 a page. */
export default function AdminDepositsPage() {
  const view = useQueueView();
  const query = useAdminDeposits(view);
  const toRow = (deposit: AdminDeposit): QueueRow => ({
    what: (
      <Stack>
        <span>
          {deposit.gateway} ({deposit.gatewayType.toUpperCase()})
        </span>
        <small>{deposit.transactionId}</small>
      </Stack>
    ),
    amount: <MoneyCell request={deposit} />,
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
