import { lazy, Suspense } from 'react';
import { useUser } from '../../services/queries';

/**
 * For a user who has not confirmed the email yet: withdrawals and transfers wait for it.
 * "Resend" asks for a new link and says when it was sent; too soon, how long to wait.
 * Nothing once the email is confirmed (or while the user loads). The notice's code loads
 * only when there is something to confirm: this module is in the chunk every signed-in
 * first load shares, and most users confirmed long ago.
 */
const Notice = lazy(() =>
  import('./email-verification-box').then((module) => ({ default: module.Notice })),
);

export function EmailVerificationNotice() {
  const user = useUser();
  if (!user.data || user.data.emailVerified) return null;
  return (
    <Suspense fallback={null}>
      <Notice email={user.data.email} />
    </Suspense>
  );
}
