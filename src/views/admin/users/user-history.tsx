import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { AdminUserDetail } from '../../../../common/contract';
import { SectionTitle } from '../../../ui/page';
import { SegmentedTab } from '../../../ui/segmented-tabs';
import {
  DepositList,
  KycList,
  LedgerList,
  TradeList,
  TransferList,
  WithdrawalList,
} from './history-lists';
import { flexColumn } from '../../../ui/layout';
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

const Box = styled.section`
  ${flexColumn(theme.space.md)}
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

/** A tab that keeps its label on one line, with the count beside it. */
const Tab = styled(SegmentedTab)`
  flex: 1 0 auto;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.xs};
  padding: 0 ${theme.space.md};
  white-space: nowrap;
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
