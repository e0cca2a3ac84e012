import { lazy } from 'react';
import { Redirect } from 'wouter';
import { useSession } from '../machines/auth-session';

const HomePage = lazy(() => import('../views/home/home-page'));
const OnchainPage = lazy(() => import('../views/wallet/onchain-page'));

/** `/`: Onchain for a signed-in user, Home otherwise. */
export function RootPage() {
  const session = useSession();
  if (session.role === 'admin') return <Redirect to="/admin" replace />;
  return session.role === 'user' ? <OnchainPage /> : <HomePage />;
}
