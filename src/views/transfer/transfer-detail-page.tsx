import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { useParams } from 'wouter';
import type { Transfer, User } from '../../../common/contract';
import { useTransferDetail } from '../../services/wallet-queries';
import { ButtonLink } from '../../ui/button';
import { useDateTime } from '../../ui/date-time';
import { CheckIcon } from '../../ui/icons';
import { Detail, DetailList } from '../../ui/list';
import { formatWireAmount } from '../../ui/money';
import { Card, Page } from '../../ui/page';
import { RecordDetailMissing } from '../shared/not-found-record';
import { RequestDetailSkeleton } from '../shared/request-outcome';
import { StatusText } from '../shared/request-status';
import { WithUser } from '../shared/with-user';
import { signedTransferAmount, transferDirection } from './transfer-direction';
import { iconDisc } from '../../ui/layout';
import { theme } from '../../ui/theme';

/** 'Transaction Details' of one transfer (docs/product.md §2). */
export default function TransferDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const detail = useTransferDetail(id);
  if (detail.data) {
    const transfer = detail.data;
    return (
      <WithUser skeleton={<RequestDetailSkeleton rows={8} />}>
        {(user) => <TransferDetail transfer={transfer} user={user} />}
      </WithUser>
    );
  }
  return (
    <RecordDetailMissing
      id={id}
      detail={detail}
      logPath="/transfer/log"
      errorText={<Trans>Error fetching transfer details. Please try again.</Trans>}
      skeletonRows={8}
    />
  );
}

function TransferDetail({ transfer, user }: { transfer: Transfer; user: User }) {
  const dateTime = useDateTime();
  const direction = transferDirection(transfer, user.payId);
  return (
    <Page>
      <Head>
        <Mark aria-hidden="true">
          <CheckIcon sizePx={28} />
        </Mark>
        <h2>
          {direction === 'received' ? (
            <Trans>You Received Funds</Trans>
          ) : (
            <Trans>You Sent Funds</Trans>
          )}
        </h2>
        <Amount $incoming={direction === 'received'}>
          {signedTransferAmount(transfer, direction)} USDT
        </Amount>
      </Head>
      <DetailList>
        <Detail label={<Trans>Sender</Trans>}>
          {transfer.senderUsername} <Muted>({transfer.senderPId})</Muted>
        </Detail>
        <Detail label={<Trans>Receiver</Trans>}>
          {transfer.receiverUsername} <Muted>({transfer.receivePId})</Muted>
        </Detail>
        <Detail label={<Trans>Amount</Trans>}>{formatWireAmount(transfer.amount, 2)} USDT</Detail>
        <Detail label={<Trans>Fee</Trans>}>
          {formatWireAmount(transfer.chargeAmount, 2)} USDT
        </Detail>
        <Detail label={<Trans>Net received</Trans>}>
          {formatWireAmount(transfer.needToPay, 2)} USDT
        </Detail>
        <Detail label={<Trans>Date & Time</Trans>}>
          <time dateTime={transfer.createdAt}>{dateTime(transfer.createdAt)}</time>
        </Detail>
        <Detail label={<Trans>Transaction ID</Trans>}>
          <code>{transfer._id}</code>
        </Detail>
        <Detail label={<Trans>Status</Trans>}>
          {/* docs/product.md §4: a transfer is always shown as Completed: it is booked when it is made. */}
          <StatusText status="Completed" />
        </Detail>
      </DetailList>
      <ButtonLink to="/transfer/log" variant="secondary" block>
        <Trans>Show Other Transactions</Trans>
      </ButtonLink>
    </Page>
  );
}

const Head = styled(Card)`
  align-items: center;
  gap: ${theme.space.sm};
  padding: ${theme.space.xl} ${theme.space.lg};
  text-align: center;

  h2 {
    font-size: ${theme.fontSizes.lg};
  }
`;

const Mark = styled.span`
  ${iconDisc(56)}
  color: ${theme.colors.success};
  background: ${theme.colors.successSoft};
`;

const Amount = styled.p<{ $incoming: boolean }>`
  font-size: ${theme.fontSizes.xxl};
  font-weight: ${theme.fontWeights.bold};
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $incoming }) => ($incoming ? theme.colors.success : theme.colors.text)};
`;

const Muted = styled.span`
  color: ${theme.colors.textMuted};
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.sm};
`;
