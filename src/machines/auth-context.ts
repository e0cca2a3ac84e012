import { createActorContext } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { Role } from '../../common/rules';
import { authMachine } from './auth.machine';

/**
 * The one app-wide auth actor. The app mounts `AuthContext.Provider` with the machine's
 * implementations supplied (`logic={authMachine.provide(...)}`); screens read and send
 * through the hooks below.
 */
export const AuthContext = createActorContext(authMachine);

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export interface Session {
  /**
   * The role whose screens may show. It stays set while signing out and during the short
   * pause after, so the current screen remains until the redirect to /signin.
   */
  role: Role | null;
  signingOut: boolean;
}

function selectSession(snapshot: AuthSnapshot): Session {
  const holdsSession =
    snapshot.matches('signedIn') || snapshot.matches('signingOut') || snapshot.matches('loggedOut');
  return {
    role: holdsSession ? snapshot.context.role : null,
    signingOut: snapshot.matches('signingOut'),
  };
}

const sameSession = (a: Session, b: Session) => a.role === b.role && a.signingOut === b.signingOut;

export function useSession(): Session {
  return AuthContext.useSelector(selectSession, sameSession);
}

/** The sign-in or sign-up call is under way. */
export function useAuthBusy(): boolean {
  return AuthContext.useSelector(
    (s) => s.matches({ signedOut: 'signingIn' }) || s.matches({ signedOut: 'signingUp' }),
  );
}

export function useAuthError() {
  return AuthContext.useSelector((s) => s.context.error);
}
