import { Trans } from '@lingui/react/macro';
import { useMemo } from 'react';
import styled from 'styled-components';
import { useAdminSettings } from '../../../services/admin-queries';
import { Card, Muted } from '../../../ui/page';
import { Skeleton } from '../../../ui/skeleton';
import { LoadError } from '../../shared/load-error';
import { AdminNav } from '../console/admin-nav';
import { AdminPage, PageHeading } from '../console/admin-ui';
import { SupportSection, TransfersSection, WithdrawalsSection } from './settings-groups';
import { formFromSettings } from './settings-model';
import { CountriesSection } from './settings-countries';
import { OutcomeNote, StakesSection, TradingSwitch } from './settings-trading';
import { theme } from '../../../ui/theme';
import { useLoadView } from '../../../services/load-view';
import { flexColumn } from '../../../ui/layout';

/**
 * The site settings in groups, each saved on its own: support links and the chat widget,
 * transfers, withdrawals (dual approval) and trading (switch, stakes and payouts, blocked
 * countries). Every change is audited by the server.
 */
export default function AdminSettingsPage() {
  const query = useAdminSettings();
  const queryView = useLoadView(query);
  const saved = useMemo(() => (query.data ? formFromSettings(query.data) : null), [query.data]);
  return (
    <AdminPage>
      <AdminNav />
      <div>
        <PageHeading>
          <Trans>Site settings</Trans>
        </PageHeading>
        <Muted>
          <Trans>Each group is saved on its own. Every change is recorded in the audit log.</Trans>
        </Muted>
      </div>
      {saved ? (
        <Columns>
          <div>
            <SupportSection saved={saved} />
            <TransfersSection saved={saved} />
            <WithdrawalsSection saved={saved} />
          </div>
          <div>
            <OutcomeNote />
            <TradingSwitch enabled={saved.tradingEnabled} />
            <StakesSection saved={saved} />
            <CountriesSection saved={saved} />
          </div>
        </Columns>
      ) : queryView.failed ? (
        <LoadError onRetry={queryView.retry} busy={queryView.busy}>
          <Trans>The site settings could not be loaded.</Trans>
        </LoadError>
      ) : (
        <Columns aria-busy="true">
          {[0, 1].map((column) => (
            <div key={column}>
              {[0, 1].map((card) => (
                <Card key={card}>
                  <Skeleton $heightPx={18} $widthPx={140} />
                  <Skeleton $heightPx={48} />
                  <Skeleton $heightPx={48} />
                </Card>
              ))}
            </div>
          ))}
        </Columns>
      )}
    </AdminPage>
  );
}

/** One column on a phone; two on a desktop, trading on the right. */
const Columns = styled.div`
  display: grid;
  gap: ${theme.space.lg};
  align-items: start;

  @media (min-width: 900px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  > div {
    ${flexColumn(theme.space.lg)}
    min-width: 0;
  }
`;
