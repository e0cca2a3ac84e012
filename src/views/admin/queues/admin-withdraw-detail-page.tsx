import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { AdminWithdraw } from '../../../../common/contract';
import { useAdminWithdraw, useDecideWithdraw } from '../../../services/admin-queries';
import { useAdminProfile } from '../../../services/queries';
import { IconButton } from '../../../ui/button';
import { useDateTime } from '../../../ui/date-time';
import { CopyIcon } from '../../../ui/page-icons';
import { Detail } from '../../../ui/list';
import { formatRate, formatWireAmount } from '../../../ui/money';
import { Badge, Card } from '../../../ui/page';
import { useToast } from '../../../ui/toast';
import { useCopy } from '../../../ui/use-copy';
import { recordPage } from '../console/admin-detail';
import { Mono } from '../console/admin-ui';
import { coinText, DecidedDetail, RequestPage, UserSummary } from './queue-ui';
import { DecisionPanel } from './decision-panel';
import { withdrawApproval } from './queue-model';
import { flexRow } from '../../../ui/layout';
import { theme } from '../../../ui/theme';

/**
 * One withdrawal: approve it with the on-chain hash, or reject it (the hold is released).
 * At or above the dual-approval threshold the first approval goes without a hash, and a
 * different admin gives the second, with the hash.
 */
export default recordPage(useAdminWithdraw, WithdrawDetail, {
  backTo: '/admin/withdrawals',
  errorText: msg`The withdrawal could not be loaded.`,
});

function WithdrawDetail({ record: withdraw }: { record: AdminWithdraw }) {
  const dateTime = useDateTime();
  const amount = `${formatWireAmount(withdraw.amount)} USDT`;
  const net = `${formatWireAmount(withdraw.needToPay, 4)} USDT`;
  const coins = coinText(withdraw.coinConversion, withdraw.currency);
  return (
    <RequestPage
      user={<UserSummary user={withdraw.user} />}
      status={withdraw.status}
      backTo="/admin/withdrawals"
      backLabel={<Trans>Back to the withdrawals</Trans>}
      aside={
        <>
          <AddressToPay withdraw={withdraw} coins={coins} net={net} />
          <WithdrawDecision withdraw={withdraw} amount={amount} coins={coins} />
        </>
      }
    >
      <Detail label={<Trans>Method</Trans>}>
        {withdraw.gateway} ({withdraw.gatewayType.toUpperCase()})
      </Detail>
      <Detail label={<Trans>Amount</Trans>}>{amount}</Detail>
      <Detail label={<Trans>Fee</Trans>}>
        {formatWireAmount(withdraw.fee, 4)} USDT ({formatWireAmount(withdraw.charge)}&nbsp;%)
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
      <DecidedDetail at={withdraw.decidedAt} by={withdraw.decidedBy} />
      {withdraw.transactionHash && (
        <Detail label={<Trans>Transaction hash</Trans>}>
          <Mono>{withdraw.transactionHash}</Mono>
        </Detail>
      )}
      {withdraw.reason && <Detail label={<Trans>Reason</Trans>}>{withdraw.reason}</Detail>}
    </RequestPage>
  );
}

/** Where the admin sends the coins, with a copy button, and what to send there. */
function AddressToPay({
  withdraw,
  coins,
  net,
}: {
  withdraw: AdminWithdraw;
  coins: string;
  net: string;
}) {
  const { t } = useLingui();
  const copy = useCopy();
  const address = withdraw.paymentAddress;
  return (
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
  );
}

/**
 * The decision, by the approval it would be: the only one, the first of two (no hash yet) or
 * the second (with the hash, never by the admin who gave the first).
 */
function WithdrawDecision({
  withdraw,
  amount,
  coins,
}: {
  withdraw: AdminWithdraw;
  amount: string;
  coins: string;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const profile = useAdminProfile();
  const decide = useDecideWithdraw(withdraw._id);
  const approval = withdrawApproval(withdraw);
  const gaveFirst =
    approval === 'second' &&
    profile.data !== undefined &&
    withdraw.firstApprovedBy?._id === profile.data._id;
  const who = withdraw.user.username;
  const address = withdraw.paymentAddress;
  return (
    <>
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
              The first approval is given. Send the payment, then approve with its transaction hash.
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
    </>
  );
}

const AddressBox = styled(Card)`
  gap: ${theme.space.sm};

  > span,
  > small {
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.textMuted};
  }
`;

const AddressRow = styled.div`
  ${flexRow(theme.space.sm)}
  padding-left: ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};

  > code {
    flex: 1;
  }
`;
