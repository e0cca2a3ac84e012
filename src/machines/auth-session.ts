import { useSyncExternalStore } from 'react';
import type { LoginAnswer, LoginResponse, RegisterRequest } from '../../common/contract/auth';
import type { Role } from '../../common/rules';
import type { FormError } from '../services/messages';
import type {
  AuthEvent,
  AuthInput,
  AuthNotice,
  Credentials,
  TwoFactorAnswer,
} from './auth.machine';

/**
 * The session as screens see it, and the way to the app-wide auth actor.
 *
 * The auth machine (`auth.machine.ts`) owns signing in, up and out. Its actor is created
 * the first time something needs it: a sign-in or sign-up page opening, a sign-out, a
 * password change, a call answering 401. Until then the session is what the device stores,
 * which is exactly the machine's first snapshot for that input, so the screens, the guards
 * and the header read it from here without the state-machine library in the first load
 * (about 13 kB gzip, 9 % of what the signed-out home page loads). Once the actor runs,
 * every snapshot it takes is mirrored here.
 *
 * This module imports only types from the machine: `./auth-actor.ts`, which imports the
 * machine and xstate, is loaded on demand.
 */

/** What the auth machine needs from the app: HTTP, storage, navigation and the toasts. */
export interface AuthServices {
  login(credentials: Credentials, signal: AbortSignal): Promise<LoginAnswer>;
  loginTwoFactor(answer: TwoFactorAnswer, signal: AbortSignal): Promise<LoginResponse>;
  register(fields: RegisterRequest, signal: AbortSignal): Promise<unknown>;
  logout(role: Role): Promise<void>;
  saveToken(role: Role, token: string): void;
  clearSession(): void;
  goToSignIn(): void;
  notify(notice: AuthNotice): void;
  /**
   * Loads what the auth flow needs beyond the first load, before the actor starts: the texts
   * it shows beyond the shell's (its errors and notices) and the sign-in calls; the toasts'
   * look starts loading too.
   */
  loadTexts(): Promise<void>;
}

export interface Session {
  /**
   * The role whose screens may show. It stays set while signing out and during the short
   * pause after, so the current screen remains until the redirect to /signin.
   */
  role: Role | null;
  signingOut: boolean;
}

/** Everything screens read of the auth machine's state. */
export interface SessionState extends Session {
  /** Signed out a moment ago; the redirect to /signin is pending (the drawer closes). */
  loggedOut: boolean;
  /** The sign-in or sign-up call is under way. */
  busy: boolean;
  /** The last sign-in or sign-up failure. */
  error: FormError | null;
  /** The sign-in asks for the second factor's code (the password was right). */
  twoFactorStep: boolean;
}

let services: AuthServices | null = null;
let state: SessionState = stateOfStoredRole(null);
const listeners = new Set<() => void>();
let actorLoad: Promise<AuthActorHandle> | null = null;

/** The part of the auth actor this module uses (the actor itself lives in auth-actor.ts). */
interface AuthActorHandle {
  send(event: AuthEvent): void;
}

function stateOfStoredRole(role: Role | null): SessionState {
  return {
    role,
    signingOut: false,
    loggedOut: false,
    busy: false,
    error: null,
    twoFactorStep: false,
  };
}

/**
 * Called as the app starts, with the session stored on the device. React's strict mode
 * runs the caller's initializer twice in development: the second call only renews the
 * services, and only until the actor exists.
 */
export function startAuthSession(input: AuthInput, appServices: AuthServices): void {
  if (services !== null) {
    if (actorLoad === null) services = appServices;
    return;
  }
  services = appServices;
  publishSession(stateOfStoredRole(input.storedRole));
}

/** The auth actor's mirror: called with each of its snapshots (auth-actor.ts). */
export function publishSession(next: SessionState): void {
  if (sameState(state, next)) return;
  state = next;
  for (const listener of [...listeners]) listener();
}

/** The auth actor, created and started on first use. */
function loadAuthActor(): Promise<AuthActorHandle> {
  const appServices = services;
  if (!appServices) return Promise.reject(new Error('startAuthSession must run first'));
  // The actor starts from the session as it is now, which is what this store shows.
  actorLoad ??= Promise.all([import('./auth-actor'), appServices.loadTexts()]).then(
    ([{ startAuthActor }]) =>
      startAuthActor({ services: appServices, input: { storedRole: state.role } }),
  );
  return actorLoad;
}

/** Sends `event` to the auth actor, loading it first when it has not run yet. */
export function sendAuth(event: AuthEvent): void {
  void loadAuthActor().then((actor) => actor.send(event));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getState = () => state;

function sameState(a: SessionState, b: SessionState): boolean {
  return (
    a.role === b.role &&
    a.signingOut === b.signingOut &&
    a.loggedOut === b.loggedOut &&
    a.busy === b.busy &&
    a.error === b.error &&
    a.twoFactorStep === b.twoFactorStep
  );
}

function useSessionState(): SessionState {
  return useSyncExternalStore(subscribe, getState);
}

export function useSession(): Session {
  const { role, signingOut } = useSessionState();
  return { role, signingOut };
}

export function useLoggedOut(): boolean {
  return useSessionState().loggedOut;
}

export function useAuthBusy(): boolean {
  return useSessionState().busy;
}

export function useTwoFactorStep(): boolean {
  return useSessionState().twoFactorStep;
}

export function useAuthError(): FormError | null {
  return useSessionState().error;
}
