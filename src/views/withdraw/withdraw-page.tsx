import { Trans } from '@lingui/react/macro';
import { HistoryIcon, WithdrawIcon } from '../../ui/icons';
import { List, ListLink } from '../../ui/list';
import { EmptyState, Page, Section, SectionTitle } from '../../ui/page';

export default function WithdrawPage() {
  return (
    <Page>
      <Section aria-labelledby="withdraw-methods-title">
        <SectionTitle id="withdraw-methods-title">
          <Trans>Choose a withdraw method</Trans>
        </SectionTitle>
        <EmptyState
          icon={<WithdrawIcon sizePx={32} />}
          title={<Trans>No withdraw methods available.</Trans>}
        >
          <Trans>Methods appear here once an administrator adds them.</Trans>
        </EmptyState>
      </Section>
      <List>
        <ListLink to="/withdraw/log" icon={<HistoryIcon sizePx={20} />}>
          <Trans>Withdraw History</Trans>
        </ListLink>
      </List>
    </Page>
  );
}
