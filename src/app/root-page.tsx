import { Redirect } from 'wouter';
import { useSession } from '../machines/auth-session';
import { tokenStorage } from '../services/token-storage';
import { SHELL_PAGES } from './i18n/shell-catalog';
import { preloadable } from './preloadable';

const HomePage = preloadable(SHELL_PAGES.home);
const OnchainPage = preloadable(SHELL_PAGES.onchain);

/** `/`: Onchain for a signed-in user, Home otherwise. */
export function RootPage() {
  const session = useSession();
  if (session.role === 'admin') return <Redirect to="/admin" replace />;
  return session.role === 'user' ? <OnchainPage /> : <HomePage />;
}

/** Starts loading the page `/` will show for the session stored on this device. */
export function preloadRootPage(): Promise<unknown> {
  const role = tokenStorage.storedRole();
  if (role === 'admin') return Promise.resolve();
  return role === 'user' ? OnchainPage.preload() : HomePage.preload();
}
