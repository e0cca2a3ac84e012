import { Trans } from '@lingui/react/macro';
import { HistoryIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export default function WithdrawLogPage() {
  return (
    <Page>
      <EmptyState
        icon={<HistoryIcon sizePx={32} />}
        title={<Trans>No withdraw logs found.</Trans>}
      />
    </Page>
  );
}
