import { useKycDetails } from '../../services/kyc-queries';
import { useLoadView } from '../../services/load-view';
import { Page } from '../../ui/page';
import { FormSkeleton } from '../shared/skeletons';
import { WithUser } from '../shared/with-user';
import { KycStatusView } from './kyc-status';
import { KycWizard } from './kyc-wizard';

/** docs/product.md §2 /kyc/submit-form: verified or pending users see their status; others the form. */
export default function KycFormPage() {
  return (
    <WithUser>
      {(user) =>
        user.isVerified || user.isVerificationPending ? (
          <Page>
            <KycStatusView user={user} />
          </Page>
        ) : (
          <KycForm />
        )
      }
    </WithUser>
  );
}

/** The first step's fields: first, middle and last name, and date of birth. */
const FIRST_STEP_FIELDS = 4;

/** The form, with the reason of a rejected previous request above it. */
function KycForm() {
  const details = useKycDetails({ poll: false });
  // A read that keeps failing does not hold the form back: it shows without the reason.
  const detailsView = useLoadView(details);
  if (details.isPending && !detailsView.failed) {
    return (
      <Page>
        <FormSkeleton fields={FIRST_STEP_FIELDS} />
      </Page>
    );
  }
  return <KycWizard previous={details.data ?? null} />;
}
