import type { Session } from '../machines/auth-session';
import type { Access } from './route-table';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

/**
 * The route guards of docs/product.md §2: the user area needs a user session (uToken), /admin/* an
 * admin session (aToken); otherwise to /signin. Signed-in visitors of the sign-in and
 * sign-up pages move on to their home.
 */
export function guardRoute(access: Access, session: Session): GuardDecision {
  if (access === 'public') return { kind: 'allow' };
  if (access === 'guest') {
    if (session.role === 'user') return { kind: 'redirect', to: '/' };
    if (session.role === 'admin') return { kind: 'redirect', to: '/admin' };
    return { kind: 'allow' };
  }
  return session.role === access ? { kind: 'allow' } : { kind: 'redirect', to: '/signin' };
}
