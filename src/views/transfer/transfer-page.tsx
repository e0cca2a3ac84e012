import { Trans } from '@lingui/react/macro';
import { HistoryLink } from '../shared/method-choice-page';
import { Page } from '../../ui/page';
import {
  ButtonSkeleton,
  DetailListSkeleton,
  FieldSkeleton,
  LoadingRegion,
} from '../shared/skeletons';
import { EmailVerificationNotice } from '../shared/email-verification-notice';
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
          <EmailVerificationNotice />
          <TransferForm user={user} />
          <HistoryLink to="/transfer/log">
            <Trans>Transfer History</Trans>
          </HistoryLink>
        </Page>
      )}
    </WithUser>
  );
}
