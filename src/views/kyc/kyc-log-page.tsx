import { Page } from '../../ui/page';
import { WithUser } from '../shared/with-user';
import { KycStatusView } from './kyc-status';

/** docs/product.md §2 /kyc/log: the verification status, refreshed every 10 s. */
export default function KycLogPage() {
  return (
    <WithUser>
      {(user) => (
        <Page>
          <KycStatusView user={user} />
        </Page>
      )}
    </WithUser>
  );
}
