import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { AdminUserDetail } from '../../../../common/contract';
import { microsFromWire } from '../../../../common/money';
import { useDateTime } from '../../../ui/date-time';
import { HistoryIcon } from '../../../ui/page-icons';
import { flexColumn } from '../../../ui/layout';
import { formatSignedMicros, formatWireAmount } from '../../../ui/money';
import { Badge, EmptyState, Figure } from '../../../ui/page';
import { theme } from '../../../ui/theme';
import { StatusText } from '../../shared/request-status';
import { Mono, RowLink, RowList } from '../console/admin-ui';
import { ledgerKindLabel } from './user-model';

/**
 * The lists of the user's history tabs. Each row says what happened (`main`: a bold title,
 * then smaller lines) and, at its end, the figures and the state; a row of a request leads
 * to that request's page.
 */

interface HistoryRow {
  key: string;
  href?: string;
  main: ReactNode;
  end: ReactNode;
}

/** `items` as rows, newest first as the server sends them; `empty` when there are none. */
function HistoryRows<T>({
  items,
  empty,
  row,
}: {
  items: readonly T[];
  empty: ReactNode;
  row: (item: T) => HistoryRow;
}) {
  if (items.length === 0) return <EmptyState icon={<HistoryIcon sizePx={28} />} title={empty} />;
  return (
    <RowList>
      {items.map((item) => {
        const { key, href, main, end } = row(item);
        const content = (
          <>
            <Main>{main}</Main>
            <End>{end}</End>
          </>
        );
        return (
          <li key={key}>
            {href === undefined ? <Row>{content}</Row> : <LinkRow href={href}>{content}</LinkRow>}
          </li>
        );
      })}
    </RowList>
  );
}

/** A signed amount, green in and red out; a true minus sign so the figures line up. */
function Signed({ micros }: { micros: bigint }) {
  return (
    <SignedFigure $tone={micros > 0n ? 'in' : micros < 0n ? 'out' : 'flat'}>
      {formatSignedMicros(micros)} USDT
    </SignedFigure>
  );
}

export function LedgerList({ lines }: { lines: AdminUserDetail['ledger'] }) {
  const { i18n } = useLingui();
  const dateTime = useDateTime();
  return (
    <HistoryRows
      items={lines}
      empty={<Trans>No ledger entries yet.</Trans>}
      row={(line) => {
        const kind = ledgerKindLabel(line.kind);
        return {
          key: `${line.entryId}-${line.amount}`,
          main: (
            <>
              <strong>{typeof kind === 'string' ? kind : i18n._(kind)}</strong>
              {line.memo && <Memo>{line.memo}</Memo>}
              <small>
                {line.referenceType} · <Mono>{line.referenceId}</Mono>
              </small>
            </>
          ),
          end: (
            <>
              <Signed micros={microsFromWire(line.amount)} />
              <small>{dateTime(line.createdAt)}</small>
            </>
          ),
        };
      }}
    />
  );
}

const DIRECTIONS: Record<string, MessageDescriptor> = { buy: msg`Buy`, sell: msg`Sell` };
const RESULTS: Record<string, MessageDescriptor> = {
  win: msg`Win`,
  loss: msg`Loss`,
  draw: msg`Draw`,
  void: msg`Void`,
};

export function TradeList({ trades }: { trades: AdminUserDetail['trades'] }) {
  const { i18n } = useLingui();
  const dateTime = useDateTime();
  const word = (table: Record<string, MessageDescriptor>, key: string) =>
    Object.hasOwn(table, key) ? i18n._(table[key] as MessageDescriptor) : key;
  return (
    <HistoryRows
      items={trades}
      empty={<Trans>No trades yet.</Trans>}
      row={(trade) => {
        const duration = i18n.number(trade.durationS, {
          style: 'unit',
          unit: 'second',
          unitDisplay: 'short',
        });
        return {
          key: trade._id,
          main: (
            <>
              <strong>
                {trade.symbol} · {word(DIRECTIONS, trade.direction)}
              </strong>
              <small>
                {duration} · {dateTime(trade.createdAt)}
              </small>
            </>
          ),
          end: (
            <>
              <Figure>{formatWireAmount(trade.amount)} USDT</Figure>
              {trade.result ? (
                <Badge
                  $tone={
                    trade.result === 'win'
                      ? 'success'
                      : trade.result === 'loss'
                        ? 'danger'
                        : 'neutral'
                  }
                >
                  {word(RESULTS, trade.result)}
                  {trade.returned !== null && ` · ${formatWireAmount(trade.returned)}`}
                </Badge>
              ) : (
                <StatusText status={trade.status} />
              )}
            </>
          ),
        };
      }}
    />
  );
}

export function DepositList({ deposits }: { deposits: AdminUserDetail['deposits'] }) {
  const dateTime = useDateTime();
  return (
    <HistoryRows
      items={deposits}
      empty={<Trans>No deposits yet.</Trans>}
      row={(deposit) => ({
        key: deposit._id,
        href: `/admin/deposits/${encodeURIComponent(deposit._id)}`,
        main: (
          <>
            <strong>{deposit.gateway}</strong>
            {deposit.reason && <Memo>{deposit.reason}</Memo>}
            <small>{dateTime(deposit.createdAt)}</small>
          </>
        ),
        end: (
          <>
            <Figure>{formatWireAmount(deposit.amount)} USDT</Figure>
            <StatusText status={deposit.status} />
          </>
        ),
      })}
    />
  );
}

export function WithdrawalList({ withdrawals }: { withdrawals: AdminUserDetail['withdrawals'] }) {
  const dateTime = useDateTime();
  return (
    <HistoryRows
      items={withdrawals}
      empty={<Trans>No withdrawals yet.</Trans>}
      row={(withdrawal) => {
        const net = formatWireAmount(withdrawal.net);
        return {
          key: withdrawal._id,
          href: `/admin/withdrawals/${encodeURIComponent(withdrawal._id)}`,
          main: (
            <>
              <strong>{withdrawal.gateway}</strong>
              <small>
                <Mono>{withdrawal.paymentAddress}</Mono>
              </small>
              {withdrawal.reason && <Memo>{withdrawal.reason}</Memo>}
              <small>{dateTime(withdrawal.createdAt)}</small>
            </>
          ),
          end: (
            <>
              <Figure>{formatWireAmount(withdrawal.amount)} USDT</Figure>
              <small>
                <Trans>Net {net}</Trans>
              </small>
              <StatusText status={withdrawal.status} />
            </>
          ),
        };
      }}
    />
  );
}

export function TransferList({ transfers }: { transfers: AdminUserDetail['transfers'] }) {
  const dateTime = useDateTime();
  return (
    <HistoryRows
      items={transfers}
      empty={<Trans>No transfers yet.</Trans>}
      row={(transfer) => {
        const sent = transfer.direction === 'sent';
        // The wallet moved by the whole amount when sending, by the net when receiving.
        const moved = sent ? -microsFromWire(transfer.amount) : microsFromWire(transfer.net);
        const who = transfer.counterpartyUsername;
        const payId = transfer.counterpartyPayId;
        const fee = formatWireAmount(transfer.fee);
        return {
          key: transfer._id,
          main: (
            <>
              <strong>
                {sent ? <Trans>Sent to {who}</Trans> : <Trans>Received from {who}</Trans>}
              </strong>
              <small>
                <Trans>Pay ID</Trans> <Mono>{payId}</Mono>
              </small>
              <small>{dateTime(transfer.createdAt)}</small>
            </>
          ),
          end: (
            <>
              <Signed micros={moved} />
              {sent && microsFromWire(transfer.fee) > 0n && (
                <small>
                  <Trans>Fee {fee}</Trans>
                </small>
              )}
            </>
          ),
        };
      }}
    />
  );
}

export function KycList({ requests }: { requests: AdminUserDetail['kyc'] }) {
  const dateTime = useDateTime();
  return (
    <HistoryRows
      items={requests}
      empty={<Trans>No KYC requests yet.</Trans>}
      row={(request) => ({
        key: request._id,
        href: `/admin/kyc/${encodeURIComponent(request._id)}`,
        main: (
          <>
            <strong>
              {request.documentType} · {request.country}
            </strong>
            {request.reason && <Memo>{request.reason}</Memo>}
            <small>{dateTime(request.createdAt)}</small>
          </>
        ),
        end: (
          <>
            <StatusText status={request.status} />
            {request.decidedAt && <small>{dateTime(request.decidedAt)}</small>}
          </>
        ),
      })}
    />
  );
}

const rowStyle = `
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 16px;
  padding: 12px 16px;
`;

const Row = styled.div`
  ${rowStyle}
`;

const LinkRow = styled(RowLink)`
  ${rowStyle}
`;

const Main = styled.div`
  ${flexColumn('2px')}
  min-width: 0;

  strong {
    font-weight: ${theme.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
  small {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
  code {
    font-size: ${theme.fontSizes.xs};
  }
`;

/** A recorded memo or reason: the admin's or the user's words, as plain text. */
const Memo = styled.span`
  font-size: ${theme.fontSizes.sm};
  overflow-wrap: anywhere;
  white-space: pre-line;
`;

const End = styled.div`
  ${flexColumn('4px')}
  align-items: flex-end;
  flex: none;
  max-width: 50%;
  text-align: right;
  font-variant-numeric: tabular-nums;

  small {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
  }
`;

const SignedFigure = styled(Figure)<{ $tone: 'in' | 'out' | 'flat' }>`
  font-weight: ${theme.fontWeights.semibold};
  color: ${({ theme, $tone }) =>
    $tone === 'in'
      ? theme.colors.success
      : $tone === 'out'
        ? theme.colors.danger
        : theme.colors.text};
`;
