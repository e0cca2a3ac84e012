import { Trans } from '@lingui/react/macro';
import { UsersIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';
import { AdminNav } from './admin-nav';

export default function AdminUsersPage() {
  return (
    <Page>
      <AdminNav />
      <EmptyState icon={<UsersIcon sizePx={32} />} title={<Trans>No users to show.</Trans>} />
    </Page>
  );
}
