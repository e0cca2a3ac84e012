import { Trans } from '@lingui/react/macro';
import { HistoryIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export default function DepositLogPage() {
  return (
    <Page>
      <EmptyState icon={<HistoryIcon sizePx={32} />} title={<Trans>No deposits found.</Trans>} />
    </Page>
  );
}
