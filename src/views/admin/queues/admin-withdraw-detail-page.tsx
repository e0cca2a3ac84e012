import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { useParams } from 'wouter';
import type { AdminWithdraw } from '../../../../common/contract';
import { useAdminWithdraw, useDecideWithdraw } from '../../../services/admin-queries';
import { useAdminProfile } from '../../../services/queries';
import { ButtonLink, IconButton } from '../../../ui/button';
import { useDateTime } from '../../../ui/date-time';
import { CopyIcon } from '../../../ui/icons';
import { Detail, DetailList } from '../../../ui/list';
import { formatRate, formatWireAmount } from '../../../ui/money';
import { Badge } from '../../../ui/page';
import { useToast } from '../../../ui/toast';
import { useCopy } from '../../../ui/use-copy';
import { StatusText } from '../../shared/request-status';
import { AdminDetailPending } from '../console/admin-detail';
import { AdminNav } from '../console/admin-nav';
import { AdminPage, DetailColumns, Mono } from '../console/admin-ui';
import { coinText, UserSummary } from './queue-ui';
import { DecisionPanel } from './decision-panel';
import { withdrawApproval } from './queue-model';
import { theme } from '../../../ui/theme';

/**
 * One withdrawal: approve it with the on-chain hash, or reject it (the hold is released).
 * At or above the dual-approval threshold the first approval goes without a hash, and a
 * different admin gives the second, with the hash.
 */
export default function AdminWithdrawDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const query = useAdminWithdraw(id);
  if (query.data) return <WithdrawDetail withdraw={query.data} />;
  return (
    <AdminDetailPending
      query={query}
      backTo="/admin/withdrawals"
      errorText={<Trans>The withdrawal could not be loaded.</Trans>}
    />
  );
}

function WithdrawDetail({ withdraw }: { withdraw: AdminWithdraw }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const toast = useToast();
  const copy = useCopy();
  const profile = useAdminProfile();
  const decide = useDecideWithdraw(withdraw._id);
  const approval = withdrawApproval(withdraw);
  const gaveFirst =
    approval === 'second' &&
    profile.data !== undefined &&
    withdraw.firstApprovedBy?._id === profile.data._id;
  const amount = `${formatWireAmount(withdraw.amount)} USDT`;
  const net = `${formatWireAmount(withdraw.needToPay, 4)} USDT`;
  const coins = coinText(withdraw.coinConversion, withdraw.currency);
  const who = withdraw.user.username;
  const address = withdraw.paymentAddress;

  return (
    <AdminPage>
      <AdminNav />
      <DetailColumns>
        <div>
          <DetailList>
            <Detail label={<Trans>User</Trans>}>
              <UserSummary user={withdraw.user} />
            </Detail>
            <Detail label={<Trans>Status</Trans>}>
              <StatusText status={withdraw.status} />
            </Detail>
            <Detail label={<Trans>Method</Trans>}>
              {withdraw.gateway} ({withdraw.gatewayType.toUpperCase()})
            </Detail>
            <Detail label={<Trans>Amount</Trans>}>{amount}</Detail>
            <Detail label={<Trans>Fee</Trans>}>
              {formatWireAmount(withdraw.fee, 4)} USDT ({formatWireAmount(withdraw.charge)} %)
            </Detail>
            <Detail label={<Trans>Net to send</Trans>}>{net}</Detail>
            <Detail label={<Trans>Coin amount</Trans>}>
              <strong>{coins}</strong>
            </Detail>
            <Detail label={<Trans>Conversion Rate</Trans>}>
              1 {withdraw.currency} = {formatRate(withdraw.conversionRate)} USDT
            </Detail>
            <Detail label={<Trans>Submitted</Trans>}>{dateTime(withdraw.createdAt)}</Detail>
            {withdraw.firstApprovedBy && (
              <Detail label={<Trans>First approval</Trans>}>
                {withdraw.firstApprovedBy.username}
                {withdraw.firstApprovedAt && ` · ${dateTime(withdraw.firstApprovedAt)}`}
              </Detail>
            )}
            {withdraw.decidedAt && (
              <Detail label={<Trans>Decided</Trans>}>
                {dateTime(withdraw.decidedAt)}
                {withdraw.decidedBy && ` · ${withdraw.decidedBy.username}`}
              </Detail>
            )}
            {withdraw.transactionHash && (
              <Detail label={<Trans>Transaction hash</Trans>}>
                <Mono>{withdraw.transactionHash}</Mono>
              </Detail>
            )}
            {withdraw.reason && <Detail label={<Trans>Reason</Trans>}>{withdraw.reason}</Detail>}
          </DetailList>
        </div>
        <div>
          <AddressBox>
            <span>
              <Trans>Send to this address</Trans>
            </span>
            <AddressRow>
              <Mono>{address}</Mono>
              <IconButton
                type="button"
                aria-label={t`Copy the address`}
                onClick={() => void copy(address, t`Address copied.`)}
              >
                <CopyIcon sizePx={20} />
              </IconButton>
            </AddressRow>
            <small>
              <Trans>
                Send {coins} ({net}) on {withdraw.gatewayType.toUpperCase()}.
              </Trans>
            </small>
          </AddressBox>
          {withdraw.status === 'Pending' && approval !== 'single' && (
            <p>
              <Badge $tone="warning">
                {approval === 'first' ? (
                  <Trans>Needs two approvals</Trans>
                ) : (
                  <Trans>Awaiting second approval</Trans>
                )}
              </Badge>
            </p>
          )}
          <DecisionPanel
            pending={withdraw.status === 'Pending'}
            askHash={approval !== 'first'}
            blocked={gaveFirst}
            note={
              approval === 'first' ? (
                <Trans>
                  This amount needs two admins. Your approval is the first: send nothing yet. A
                  different admin gives the second approval with the transaction hash.
                </Trans>
              ) : gaveFirst ? (
                <Trans>You gave the first approval. Another admin must give the second.</Trans>
              ) : approval === 'second' ? (
                <Trans>
                  The first approval is given. Send the payment, then approve with its transaction
                  hash.
                </Trans>
              ) : (
                <Trans>Send the payment first, then approve with its transaction hash.</Trans>
              )
            }
            approveLabel={
              approval === 'first' ? <Trans>Approve (first of two)</Trans> : <Trans>Approve</Trans>
            }
            approveTitle={
              approval === 'first' ? (
                <Trans>Give the first approval?</Trans>
              ) : (
                <Trans>Approve this withdrawal?</Trans>
              )
            }
            rejectTitle={<Trans>Reject this withdrawal?</Trans>}
            summary={
              <p>
                <Trans>
                  {amount} from {who}: {coins} to {address}.
                </Trans>
              </p>
            }
            busy={decide.isPending}
            error={decide.error}
            onApprove={async (transactionHash) => {
              const answer = await decide.mutateAsync(
                transactionHash === undefined
                  ? { status: 'Completed' }
                  : { status: 'Completed', transactionHash },
              );
              toast({
                tone: 'success',
                text: answer.awaitingSecondApproval
                  ? t`First approval saved. Another admin must give the second.`
                  : t`Withdrawal approved.`,
              });
            }}
            onReject={async (reason) => {
              await decide.mutateAsync({ status: 'Rejected', reason });
              toast({ tone: 'success', text: t`Withdrawal rejected. The hold is released.` });
            }}
          />
          <ButtonLink to="/admin/withdrawals" variant="secondary">
            <Trans>Back to the withdrawals</Trans>
          </ButtonLink>
        </div>
      </DetailColumns>
    </AdminPage>
  );
}

const AddressBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  padding: ${theme.space.lg};
  border-radius: ${theme.radii.lg};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};

  > span,
  > small {
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.textMuted};
  }
`;

const AddressRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  padding-left: ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};

  > code {
    flex: 1;
  }
`;
