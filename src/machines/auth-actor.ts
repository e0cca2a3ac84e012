import { fromPromise, type SnapshotFrom } from 'xstate';
import { createAppActor } from './actors';
import { authMachine, type AuthInput } from './auth.machine';
import { publishSession, type AuthServices, type SessionState } from './auth-session';

/**
 * The app-wide auth actor, loaded the first time the session needs it (auth-session.ts
 * says why). Its snapshots are mirrored into the session store, its notices go to the
 * toasts.
 */
type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export function sessionStateOf(snapshot: AuthSnapshot): SessionState {
  const holdsSession =
    snapshot.matches('signedIn') || snapshot.matches('signingOut') || snapshot.matches('loggedOut');
  return {
    role: holdsSession ? snapshot.context.role : null,
    signingOut: snapshot.matches('signingOut'),
    loggedOut: snapshot.matches('loggedOut'),
    busy:
      snapshot.matches({ signedOut: 'signingIn' }) ||
      snapshot.matches({ signedOut: 'signingUp' }) ||
      snapshot.matches({ signedOut: 'verifyingCode' }),
    twoFactorStep:
      snapshot.matches({ signedOut: 'twoFactor' }) ||
      snapshot.matches({ signedOut: 'verifyingCode' }),
    error: snapshot.context.error,
  };
}

/** The machine with the app's implementations. */
export function authLogic(services: AuthServices) {
  return authMachine.provide({
    actors: {
      login: fromPromise(({ input, signal }) => services.login(input, signal)),
      loginTwoFactor: fromPromise(({ input, signal }) => services.loginTwoFactor(input, signal)),
      register: fromPromise(({ input, signal }) => services.register(input, signal)),
      logout: fromPromise(({ input }) => services.logout(input.role)),
    },
    actions: {
      saveToken: (_, { role, token }) => services.saveToken(role, token),
      clearSession: () => services.clearSession(),
      goToSignIn: () => services.goToSignIn(),
    },
  });
}

export function startAuthActor({ services, input }: { services: AuthServices; input: AuthInput }) {
  const actor = createAppActor(authLogic(services), { id: 'auth', input });
  actor.subscribe((snapshot) => publishSession(sessionStateOf(snapshot)));
  actor.on('notice', (notice) => services.notify(notice));
  actor.start();
  return actor;
}
