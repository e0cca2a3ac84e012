import { useState, type ReactNode } from 'react';
import { useAdminProfile } from '../../../services/queries';
import { PageSpinner } from '../../../ui/spinner';
import { RecoveryCodes, SetUp } from '../../shared/two-factor-setup';

/**
 * The console's gate: every admin must have two-factor authentication. An admin without it
 * sees only the set-up (the server answers every other admin call 403
 * `two_factor_setup_required`), then the recovery codes, then the console.
 */
export default function TwoFactorGate({ children }: { children: ReactNode }) {
  const profile = useAdminProfile();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (recoveryCodes) {
    return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  }
  if (!profile.data) return profile.isError ? children : <PageSpinner />;
  if (!profile.data.twoFactorEnabled) {
    return <SetUp admin email={profile.data.email} onEnabled={setRecoveryCodes} />;
  }
  return children;
}
