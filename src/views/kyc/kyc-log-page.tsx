import { Page } from '../../ui/page';
import { WithUser } from '../shared/with-user';
import { KycStatus } from './kyc-status';

export default function KycLogPage() {
  return (
    <WithUser>
      {(user) => (
        <Page>
          <KycStatus user={user} />
        </Page>
      )}
    </WithUser>
  );
}
