import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import type { AdminUserDetail } from '../../../../common/contract';
import { microsFromWire } from '../../../../common/money';
import { useDateTime } from '../../../ui/date-time';
import { HistoryIcon } from '../../../ui/icons';
import { formatSignedMicros, formatWireAmount } from '../../../ui/money';
import { Badge, EmptyState, Figure, SectionTitle } from '../../../ui/page';
import { StatusText } from '../../shared/request-status';
import { Mono, RowLink, RowList } from '../console/admin-ui';
import { ledgerKindLabel } from './user-model';
import { theme } from '../../../ui/theme';

type Section = 'ledger' | 'trades' | 'deposits' | 'withdrawals' | 'transfers' | 'kyc';

const SECTIONS: readonly { id: Section; label: MessageDescriptor }[] = [
  { id: 'ledger', label: msg`Ledger` },
  { id: 'trades', label: msg`Trades` },
  { id: 'deposits', label: msg`Deposits` },
  { id: 'withdrawals', label: msg`Withdrawals` },
  { id: 'transfers', label: msg`Transfers` },
  { id: 'kyc', label: msg`KYC` },
];

/**
 * The user's history in tabs: the wallet's ledger lines, then trades, deposits, withdrawals,
 * transfers and KYC requests, each newest first and bounded by the server. The tabs scroll
 * sideways on a phone; arrow keys move between them.
 */
export function UserHistory({ detail }: { detail: AdminUserDetail }) {
  const { i18n, t } = useLingui();
  const baseId = useId();
  const [section, setSection] = useState<Section>('ledger');
  const counts: Record<Section, number> = {
    ledger: detail.ledger.length,
    trades: detail.trades.length,
    deposits: detail.deposits.length,
    withdrawals: detail.withdrawals.length,
    transfers: detail.transfers.length,
    kyc: detail.kyc.length,
  };
  const tabId = (id: Section) => `${baseId}-tab-${id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = SECTIONS.findIndex((item) => item.id === section);
    const next = SECTIONS[(index + step + SECTIONS.length) % SECTIONS.length];
    if (!next) return;
    setSection(next.id);
    document.getElementById(tabId(next.id))?.focus();
  };

  return (
    <Box aria-labelledby={`${baseId}-title`}>
      <SectionTitle id={`${baseId}-title`}>
        <Trans>History</Trans>
      </SectionTitle>
      <Tabs role="tablist" aria-label={t`History`} onKeyDown={onKeyDown}>
        {SECTIONS.map(({ id, label }) => (
          <Tab
            key={id}
            id={tabId(id)}
            type="button"
            role="tab"
            aria-selected={section === id}
            aria-controls={`${baseId}-panel`}
            tabIndex={section === id ? 0 : -1}
            onClick={() => setSection(id)}
          >
            {i18n._(label)}
            <Count>{counts[id]}</Count>
          </Tab>
        ))}
      </Tabs>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={tabId(section)}>
        {section === 'ledger' && <LedgerList lines={detail.ledger} />}
        {section === 'trades' && <TradeList trades={detail.trades} />}
        {section === 'deposits' && <DepositList deposits={detail.deposits} />}
        {section === 'withdrawals' && <WithdrawalList withdrawals={detail.withdrawals} />}
        {section === 'transfers' && <TransferList transfers={detail.transfers} />}
        {section === 'kyc' && <KycList requests={detail.kyc} />}
      </div>
    </Box>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <EmptyState icon={<HistoryIcon sizePx={28} />} title={children} />;
}

/** A signed amount, green in and red out; a true minus sign so the figures line up. */
function Signed({ micros }: { micros: bigint }) {
  return (
    <SignedFigure $tone={micros > 0n ? 'in' : micros < 0n ? 'out' : 'flat'}>
      {formatSignedMicros(micros)} USDT
    </SignedFigure>
  );
}

function LedgerList({ lines }: { lines: AdminUserDetail['ledger'] }) {
  const { i18n } = useLingui();
  const dateTime = useDateTime();
  if (lines.length === 0) return <Empty>{<Trans>No ledger entries yet.</Trans>}</Empty>;
  return (
    <RowList>
      {lines.map((line) => {
        const kind = ledgerKindLabel(line.kind);
        return (
          <li key={`${line.entryId}-${line.amount}`}>
            <Row>
              <Main>
                <strong>{typeof kind === 'string' ? kind : i18n._(kind)}</strong>
                {line.memo && <Memo>{line.memo}</Memo>}
                <small>
                  {line.referenceType} · <Mono>{line.referenceId}</Mono>
                </small>
              </Main>
              <End>
                <Signed micros={microsFromWire(line.amount)} />
                <small>{dateTime(line.createdAt)}</small>
              </End>
            </Row>
          </li>
        );
      })}
    </RowList>
  );
}

const DIRECTIONS: Record<string, MessageDescriptor> = { buy: msg`Buy`, sell: msg`Sell` };
const RESULTS: Record<string, MessageDescriptor> = {
  win: msg`Win`,
  loss: msg`Loss`,
  draw: msg`Draw`,
  void: msg`Void`,
};

function TradeList({ trades }: { trades: AdminUserDetail['trades'] }) {
  const { i18n } = useLingui();
  const dateTime = useDateTime();
  const word = (table: Record<string, MessageDescriptor>, key: string) =>
    Object.hasOwn(table, key) ? i18n._(table[key] as MessageDescriptor) : key;
  if (trades.length === 0) return <Empty>{<Trans>No trades yet.</Trans>}</Empty>;
  return (
    <RowList>
      {trades.map((trade) => {
        const duration = i18n.number(trade.durationS, {
          style: 'unit',
          unit: 'second',
          unitDisplay: 'short',
        });
        return (
          <li key={trade._id}>
            <Row>
              <Main>
                <strong>
                  {trade.symbol} · {word(DIRECTIONS, trade.direction)}
                </strong>
                <small>
                  {duration} · {dateTime(trade.createdAt)}
                </small>
              </Main>
              <End>
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
              </End>
            </Row>
          </li>
        );
      })}
    </RowList>
  );
}

function DepositList({ deposits }: { deposits: AdminUserDetail['deposits'] }) {
  const dateTime = useDateTime();
  if (deposits.length === 0) return <Empty>{<Trans>No deposits yet.</Trans>}</Empty>;
  return (
    <RowList>
      {deposits.map((deposit) => (
        <li key={deposit._id}>
          <LinkRow href={`/admin/deposits/${encodeURIComponent(deposit._id)}`}>
            <Main>
              <strong>{deposit.gateway}</strong>
              {deposit.reason && <Memo>{deposit.reason}</Memo>}
              <small>{dateTime(deposit.createdAt)}</small>
            </Main>
            <End>
              <Figure>{formatWireAmount(deposit.amount)} USDT</Figure>
              <StatusText status={deposit.status} />
            </End>
          </LinkRow>
        </li>
      ))}
    </RowList>
  );
}

function WithdrawalList({ withdrawals }: { withdrawals: AdminUserDetail['withdrawals'] }) {
  const dateTime = useDateTime();
  if (withdrawals.length === 0) return <Empty>{<Trans>No withdrawals yet.</Trans>}</Empty>;
  return (
    <RowList>
      {withdrawals.map((withdrawal) => {
        const net = formatWireAmount(withdrawal.net);
        return (
          <li key={withdrawal._id}>
            <LinkRow href={`/admin/withdrawals/${encodeURIComponent(withdrawal._id)}`}>
              <Main>
                <strong>{withdrawal.gateway}</strong>
                <small>
                  <Mono>{withdrawal.paymentAddress}</Mono>
                </small>
                {withdrawal.reason && <Memo>{withdrawal.reason}</Memo>}
                <small>{dateTime(withdrawal.createdAt)}</small>
              </Main>
              <End>
                <Figure>{formatWireAmount(withdrawal.amount)} USDT</Figure>
                <small>
                  <Trans>Net {net}</Trans>
                </small>
                <StatusText status={withdrawal.status} />
              </End>
            </LinkRow>
          </li>
        );
      })}
    </RowList>
  );
}

function TransferList({ transfers }: { transfers: AdminUserDetail['transfers'] }) {
  const dateTime = useDateTime();
  if (transfers.length === 0) return <Empty>{<Trans>No transfers yet.</Trans>}</Empty>;
  return (
    <RowList>
      {transfers.map((transfer) => {
        const sent = transfer.direction === 'sent';
        // The wallet moved by the whole amount when sending, by the net when receiving.
        const moved = sent ? -microsFromWire(transfer.amount) : microsFromWire(transfer.net);
        const who = transfer.counterpartyUsername;
        const payId = transfer.counterpartyPayId;
        const fee = formatWireAmount(transfer.fee);
        return (
          <li key={transfer._id}>
            <Row>
              <Main>
                <strong>
                  {sent ? <Trans>Sent to {who}</Trans> : <Trans>Received from {who}</Trans>}
                </strong>
                <small>
                  <Trans>Pay ID</Trans> <Mono>{payId}</Mono>
                </small>
                <small>{dateTime(transfer.createdAt)}</small>
              </Main>
              <End>
                <Signed micros={moved} />
                {sent && microsFromWire(transfer.fee) > 0n && (
                  <small>
                    <Trans>Fee {fee}</Trans>
                  </small>
                )}
              </End>
            </Row>
          </li>
        );
      })}
    </RowList>
  );
}

function KycList({ requests }: { requests: AdminUserDetail['kyc'] }) {
  const dateTime = useDateTime();
  if (requests.length === 0) return <Empty>{<Trans>No KYC requests yet.</Trans>}</Empty>;
  return (
    <RowList>
      {requests.map((request) => (
        <li key={request._id}>
          <LinkRow href={`/admin/kyc/${encodeURIComponent(request._id)}`}>
            <Main>
              <strong>
                {request.documentType} · {request.country}
              </strong>
              {request.reason && <Memo>{request.reason}</Memo>}
              <small>{dateTime(request.createdAt)}</small>
            </Main>
            <End>
              <StatusText status={request.status} />
              {request.decidedAt && <small>{dateTime(request.decidedAt)}</small>}
            </End>
          </LinkRow>
        </li>
      ))}
    </RowList>
  );
}

const Box = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  min-width: 0;
`;

const Tabs = styled.div`
  display: flex;
  gap: ${theme.space.xs};
  overflow-x: auto;
  scrollbar-width: none;
  padding: ${theme.space.xs};

  /* A phone scrolls the tabs sideways; wider screens show all six, three to a row. */
  @media (min-width: 600px) {
    display: grid;
    grid-template-columns: repeat(3, minmax(0, 1fr));
    overflow-x: visible;
  }
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
`;

const Tab = styled.button`
  flex: 1 0 auto;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.xs};
  min-height: 40px;
  padding: 0 ${theme.space.md};
  border: 0;
  border-radius: ${theme.radii.sm};
  background: transparent;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  white-space: nowrap;
  cursor: pointer;

  &[aria-selected='true'] {
    background: ${theme.colors.surfaceRaised};
    color: ${theme.colors.text};
  }
`;

const Count = styled.span`
  min-width: 1.5em;
  padding: 0 ${theme.space.xs};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.background};
  color: ${theme.colors.textFaint};
  font-size: ${theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
`;

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
  display: flex;
  flex-direction: column;
  gap: 2px;
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
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 4px;
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
