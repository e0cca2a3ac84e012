import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'wouter';
import type { AdminDeposit } from '../../../../common/contract';
import { useAdminDeposit, useDecideDeposit } from '../../../services/admin-queries';
import { ButtonLink } from '../../../ui/button';
import { useDateTime } from '../../../ui/date-time';
import { Detail, DetailList } from '../../../ui/list';
import { formatRate, formatWireAmount } from '../../../ui/money';
import { useToast } from '../../../ui/toast';
import { StatusText } from '../../shared/request-status';
import { AdminDetailPending } from '../console/admin-detail';
import { AdminNav } from '../console/admin-nav';
import { AdminPage, DetailColumns, Mono } from '../console/admin-ui';
import { coinText, DocumentImage, UserSummary } from './queue-ui';
import { DecisionPanel } from './decision-panel';

/** One deposit with its screenshot; approve it, or reject it with a reason. */
export default function AdminDepositDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const query = useAdminDeposit(id);
  if (query.data) return <DepositDetail deposit={query.data} />;
  return (
    <AdminDetailPending
      query={query}
      backTo="/admin/deposits"
      errorText={<Trans>The deposit could not be loaded.</Trans>}
    />
  );
}

function DepositDetail({ deposit }: { deposit: AdminDeposit }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const toast = useToast();
  const decide = useDecideDeposit(deposit._id);
  const amount = `${formatWireAmount(deposit.amount)} USDT`;
  const coins = coinText(deposit.coinConversion, deposit.currency);
  const who = deposit.user.username;
  return (
    <AdminPage>
      <AdminNav />
      <DetailColumns>
        <div>
          <DetailList>
            <Detail label={<Trans>User</Trans>}>
              <UserSummary user={deposit.user} />
            </Detail>
            <Detail label={<Trans>Status</Trans>}>
              <StatusText status={deposit.status} />
            </Detail>
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
            {deposit.decidedAt && (
              <Detail label={<Trans>Decided</Trans>}>
                {dateTime(deposit.decidedAt)}
                {deposit.decidedBy && ` · ${deposit.decidedBy.username}`}
              </Detail>
            )}
            {deposit.reason && <Detail label={<Trans>Reason</Trans>}>{deposit.reason}</Detail>}
          </DetailList>
        </div>
        <div>
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
          <ButtonLink to="/admin/deposits" variant="secondary">
            <Trans>Back to the deposits</Trans>
          </ButtonLink>
        </div>
      </DetailColumns>
    </AdminPage>
  );
}
