import { Trans } from '@lingui/react/macro';
import { HistoryIcon } from '../../ui/icons';
import { List, ListLink } from '../../ui/list';
import { Page } from '../../ui/page';
import {
  ButtonSkeleton,
  DetailListSkeleton,
  FieldSkeleton,
  LoadingRegion,
} from '../shared/skeletons';
import { WithUser } from '../shared/with-user';
import { TransferForm } from './transfer-form';

/** Send USDT to another member by Pay ID (docs/product.md §2). */
export default function TransferPage() {
  return (
    <WithUser
      skeleton={
        <Page>
          <LoadingRegion>
            <FieldSkeleton />
            <FieldSkeleton />
            <DetailListSkeleton rows={3} />
            <ButtonSkeleton />
          </LoadingRegion>
        </Page>
      }
    >
      {(user) => (
        <Page>
          <TransferForm user={user} />
          <List>
            <ListLink to="/transfer/log" icon={<HistoryIcon sizePx={20} />}>
              <Trans>Transfer History</Trans>
            </ListLink>
          </List>
        </Page>
      )}
    </WithUser>
  );
}
