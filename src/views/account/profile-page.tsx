import { Trans } from '@lingui/react/macro';
import { Detail, DetailList } from '../../ui/list';
import { Page } from '../../ui/page';
import { WithUser } from '../shared/with-user';

export default function ProfilePage() {
  return (
    <WithUser>
      {(user) => (
        <Page>
          <DetailList>
            <Detail label={<Trans>Full name</Trans>}>{user.fullName}</Detail>
            <Detail label={<Trans>Username</Trans>}>{user.username}</Detail>
            <Detail label={<Trans>Email</Trans>}>{user.email}</Detail>
            <Detail label={<Trans>Phone number</Trans>}>{user.phoneNumber}</Detail>
            <Detail label={<Trans>Pay ID</Trans>}>{user.payId}</Detail>
          </DetailList>
        </Page>
      )}
    </WithUser>
  );
}
