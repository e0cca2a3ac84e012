import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { Transfer, User } from '../../../common/contract';
import { useUser } from '../../services/queries';
import { useTransferLog } from '../../services/wallet-queries';
import { ButtonLink } from '../../ui/button';
import { useDateTime } from '../../ui/date-time';
import { TransferIcon } from '../../ui/icons';
import { DepositIcon, HistoryIcon, WithdrawIcon } from '../../ui/page-icons';
import { EmptyState, Page } from '../../ui/page';
import { LogLoadError } from '../shared/load-error';
import { LogList, LogListSkeleton, LogRow } from '../shared/log-list';
import { useStatusLabel } from '../shared/request-status';
import { UserLoadError } from '../shared/with-user';
import {
  signedTransferAmount,
  transferDirection,
  type TransferDirection,
} from './transfer-direction';
import { theme } from '../../ui/theme';
import { useLoadView } from '../../services/load-view';

const DIRECTION_LABELS: Record<TransferDirection, MessageDescriptor> = {
  sent: msg`Sent`,
  received: msg`Received`,
  unknown: msg`Unknown`,
};

/** 'Transfer History' (docs/product.md §2): every 10 s, asked only once the user (their Pay ID) is known. */
export default function TransferLogPage() {
  const user = useUser();
  const log = useTransferLog({ enabled: user.isSuccess });
  const logView = useLoadView(log);
  const userView = useLoadView(user);
  if (userView.failed && !user.data) return <UserLoadError />;
  return (
    <Page>
      {(!user.data || log.isPending) && !logView.failed && <LogListSkeleton />}
      <LogLoadError hasRows={Boolean(log.data)} view={logView}>
        <Trans>Error loading transfer logs.</Trans>
      </LogLoadError>
      {log.data?.length === 0 && (
        <EmptyState
          icon={<HistoryIcon sizePx={32} />}
          title={<Trans>No transfer logs found.</Trans>}
          action={
            <ButtonLink to="/transfer">
              <Trans>Send a transfer</Trans>
            </ButtonLink>
          }
        >
          <Trans>Transfers you send or receive will show here.</Trans>
        </EmptyState>
      )}
      {user.data && log.data && log.data.length > 0 && (
        <LogList>
          {log.data.map((transfer) => (
            <TransferRow key={transfer._id} transfer={transfer} user={user.data} />
          ))}
        </LogList>
      )}
    </Page>
  );
}

function TransferRow({ transfer, user }: { transfer: Transfer; user: User }) {
  const { i18n } = useLingui();
  const dateTime = useDateTime();
  const statusLabel = useStatusLabel();
  const direction = transferDirection(transfer, user.payId);
  const receiver = transfer.receiverUsername;
  const sender = transfer.senderUsername;
  const title =
    direction === 'sent' ? (
      <Trans>To {receiver}</Trans>
    ) : direction === 'received' ? (
      <Trans>From {sender}</Trans>
    ) : (
      <Trans>
        {sender} to {receiver}
      </Trans>
    );
  const icon =
    direction === 'sent' ? (
      <WithdrawIcon sizePx={18} />
    ) : direction === 'received' ? (
      <DepositIcon sizePx={18} />
    ) : (
      <TransferIcon sizePx={18} />
    );
  return (
    <LogRow
      to={`/transfer/log/${encodeURIComponent(transfer._id)}`}
      icon={icon}
      title={
        <>
          <Direction $direction={direction}>{i18n._(DIRECTION_LABELS[direction])}</Direction>{' '}
          {title}
        </>
      }
      time={{ iso: transfer.createdAt, text: dateTime(transfer.createdAt) }}
      amount={
        <Signed $direction={direction}>{signedTransferAmount(transfer, direction)} USDT</Signed>
      }
      end={<Status>{statusLabel(transfer.status)}</Status>}
    />
  );
}

const Direction = styled.span<{ $direction: TransferDirection }>`
  margin-right: ${theme.space.xs};
  color: ${({ theme, $direction }) =>
    $direction === 'sent'
      ? theme.colors.danger
      : $direction === 'received'
        ? theme.colors.success
        : theme.colors.textMuted};
`;

const Signed = styled.span<{ $direction: TransferDirection }>`
  color: ${({ theme, $direction }) =>
    $direction === 'sent'
      ? theme.colors.danger
      : $direction === 'received'
        ? theme.colors.success
        : theme.colors.text};
`;

const Status = styled.span`
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.regular};
  color: ${theme.colors.textMuted};
`;
