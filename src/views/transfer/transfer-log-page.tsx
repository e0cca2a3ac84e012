import { Trans } from '@lingui/react/macro';
import { HistoryIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export default function TransferLogPage() {
  return (
    <Page>
      <EmptyState
        icon={<HistoryIcon sizePx={32} />}
        title={<Trans>No transfer logs found.</Trans>}
      />
    </Page>
  );
}
