import { Trans } from '@lingui/react/macro';
import { DepositIcon, HistoryIcon } from '../../ui/icons';
import { List, ListLink } from '../../ui/list';
import { EmptyState, Page, Section, SectionTitle } from '../../ui/page';

export default function DepositPage() {
  return (
    <Page>
      <Section aria-labelledby="deposit-methods-title">
        <SectionTitle id="deposit-methods-title">
          <Trans>Choose a deposit method</Trans>
        </SectionTitle>
        <EmptyState
          icon={<DepositIcon sizePx={32} />}
          title={<Trans>No deposit methods available.</Trans>}
        >
          <Trans>Methods appear here once an administrator adds them.</Trans>
        </EmptyState>
      </Section>
      <List>
        <ListLink to="/deposit/log" icon={<HistoryIcon sizePx={20} />}>
          <Trans>Deposit History</Trans>
        </ListLink>
      </List>
    </Page>
  );
}
