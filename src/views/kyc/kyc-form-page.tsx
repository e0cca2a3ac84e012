import { useKycDetails } from '../../services/kyc-queries';
import { Page } from '../../ui/page';
import { PageSpinner } from '../../ui/spinner';
import { WithUser } from '../shared/with-user';
import { KycStatusView } from './kyc-status';
import { KycWizard } from './kyc-wizard';

/** SPEC §2 /kyc/submit-form: verified or pending users see their status; others the form. */
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

/** The form, with the reason of a rejected previous request above it. */
function KycForm() {
  const details = useKycDetails({ poll: false });
  if (details.isPending) return <PageSpinner />;
  return <KycWizard previous={details.data ?? null} />;
}
