import { lazy, Suspense } from 'react';
import { useSession } from '../../machines/auth-session';
import { tokenStorage } from '../../services/token-storage';
import { SHELL_PARTS } from '../i18n/shell-catalog';

/** The strip itself loads only in the tab that needs it: an admin's view of a user. */
const ViewAsStrip = lazy(SHELL_PARTS.viewAsStrip);

/**
 * The strip across the top of a tab that shows the app as a user for an admin: whose view
 * it is, when it ends, and the way out. Shown only in that tab, for as long as the view
 * lasts; when it expires the tab goes back to the console by itself.
 */
export function ViewAsBanner() {
  const session = useSession();
  // Read on every render (a session storage read): a sign-out from the drawer ends the view.
  const view = session.role === 'user' ? tokenStorage.viewAs() : null;
  if (!view) return null;
  return (
    <Suspense fallback={null}>
      <ViewAsStrip view={view} />
    </Suspense>
  );
}
