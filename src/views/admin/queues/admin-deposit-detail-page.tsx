import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminDeposit } from '../../../../common/contract';
import { useAdminDeposit, useDecideDeposit } from '../../../services/admin-queries';
import { useDateTime } from '../../../ui/date-time';
import { Detail } from '../../../ui/list';
import { formatRate, formatWireAmount } from '../../../ui/money';
import { useToast } from '../../../ui/toast';
import { recordPage } from '../console/admin-detail';
import { Mono } from '../console/admin-ui';
import { coinText, DecidedDetail, DocumentImage, RequestPage, UserSummary } from './queue-ui';
import { DecisionPanel } from './decision-panel';

/** One deposit with its screenshot; approve it, or reject it with a reason. */
export default recordPage(useAdminDeposit, DepositDetail, {
  backTo: '/admin/deposits',
  errorText: msg`The deposit could not be loaded.`,
});

function DepositDetail({ record: deposit }: { record: AdminDeposit }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const toast = useToast();
  const decide = useDecideDeposit(deposit._id);
  const amount = `${formatWireAmount(deposit.amount)} USDT`;
  const coins = coinText(deposit.coinConversion, deposit.currency);
  const who = deposit.user.username;
  return (
    <RequestPage
      user={<UserSummary user={deposit.user} />}
      status={deposit.status}
      backTo="/admin/deposits"
      backLabel={<Trans>Back to the deposits</Trans>}
      aside={
        <>
          <DocumentImage src={deposit.transactionScreenshot} label={t`Transaction screenshot`} />
          <DecisionPanel
            pending={deposit.status === 'Pending'}
            approveLabel={<Trans>Approve</Trans>}
            approveTitle={<Trans>Approve this deposit?</Trans>}
            rejectTitle={<Trans>Reject this deposit?</Trans>}
            summary={
              <p>
                <Trans>
                  {amount} ({coins}) from {who}.
                </Trans>
              </p>
            }
            busy={decide.isPending}
            error={decide.error}
            onApprove={async () => {
              await decide.mutateAsync({ status: 'Completed' });
              toast({ tone: 'success', text: t`Deposit approved. The balance is credited.` });
            }}
            onReject={async (reason) => {
              await decide.mutateAsync({ status: 'Rejected', reason });
              toast({ tone: 'success', text: t`Deposit rejected.` });
            }}
          />
        </>
      }
    >
      <Detail label={<Trans>Method</Trans>}>
        {deposit.gateway} ({deposit.gatewayType.toUpperCase()})
      </Detail>
      <Detail label={<Trans>Amount</Trans>}>{amount}</Detail>
      <Detail label={<Trans>Coin amount</Trans>}>{coins}</Detail>
      <Detail label={<Trans>Conversion Rate</Trans>}>
        1 {deposit.currency} = {formatRate(deposit.conversionRate)} USDT
      </Detail>
      <Detail label={<Trans>Reference</Trans>}>
        <Mono>{deposit.transactionId}</Mono>
      </Detail>
      <Detail label={<Trans>Submitted</Trans>}>{dateTime(deposit.createdAt)}</Detail>
      <DecidedDetail at={deposit.decidedAt} by={deposit.decidedBy} />
      {deposit.reason && <Detail label={<Trans>Reason</Trans>}>{deposit.reason}</Detail>}
    </RequestPage>
  );
}
