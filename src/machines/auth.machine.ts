import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { LoginAnswer, LoginResponse, RegisterRequest } from '../../common/contract';
import { LOGOUT_REDIRECT_DELAY_MS, type Role } from '../../common/rules';
import { describeLoginError, describeRegistrationError } from '../services/error-messages';
import type { FormError } from '../services/messages';

/**
 * The session: the one stored on this device (the actor's input), signing in (user or
 * admin), signing up (then in), signing out, and ending it when any call answers 401.
 *
 * Implementations are referred to by name and supplied by the app with
 * `authMachine.provide({ actors, actions })`: the HTTP calls (`login`, `register`, `logout`),
 * token storage (`saveToken`, `clearSession`) and navigation (`goToSignIn`). Tests supply
 * fakes the same way.
 */

export interface Credentials {
  email: string;
  password: string;
}

export interface AuthInput {
  /**
   * The role whose session token this device holds, if any. Storage is read synchronously
   * before the actor starts, so its first snapshot is already signed in or out: the first
   * screen is drawn once, with its final header, instead of a second time a task later.
   */
  storedRole: Role | null;
}

export interface AuthContext {
  role: Role | null;
  /** The last sign-in or sign-up failure: a descriptor or a server text, never translated. */
  error: FormError | null;
  /**
   * The credentials of the sign-in under way, also carried from a successful sign-up to the
   * automatic sign-in that follows it; cleared as soon as that call settles.
   */
  pendingCredentials: Credentials | null;
  /**
   * The sign-in's second step: the password was right and the account has two-factor on,
   * so the server answered a challenge to answer with a code (5 minutes, one success).
   */
  challenge: string | null;
}

/** The second step of a sign-in: the challenge and a TOTP or recovery code. */
export interface TwoFactorAnswer {
  challenge: string;
  code: string;
}

export type AuthEvent =
  | { type: 'SIGN_IN'; email: string; password: string }
  | { type: 'SIGN_UP'; fields: RegisterRequest }
  /** The code (or a recovery code) of the sign-in's second step. */
  | { type: 'SUBMIT_CODE'; code: string }
  /** Back from the second step to the password. */
  | { type: 'CANCEL_CODE' }
  | { type: 'SIGN_OUT' }
  /** A call answered 401: the session is no longer valid. */
  | { type: 'UNAUTHORIZED' }
  /** The password changed, which revokes the session on the server. */
  | { type: 'PASSWORD_CHANGED' }
  | { type: 'CLEAR_ERROR' };

/** A short message for the user (a toast), emitted to whoever listens with `actor.on`. */
export interface AuthNotice {
  type: 'notice';
  tone: 'success' | 'error' | 'info';
  message: MessageDescriptor;
}

function notProvided(name: string): never {
  throw new Error(`auth machine: "${name}" must be supplied with authMachine.provide()`);
}

/** The token of a sign-in answer that is a session (the challenge branch is taken first). */
function tokenOf(answer: LoginAnswer): string {
  if (!('token' in answer)) throw new Error('a sign-in challenge has no token');
  return answer.token;
}

function isExpiredChallenge(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === 'challenge_invalid'
  );
}

function notice(tone: AuthNotice['tone'], message: MessageDescriptor): AuthNotice {
  return { type: 'notice', tone, message };
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    input: {} as AuthInput,
    events: {} as AuthEvent,
    emitted: {} as AuthNotice,
  },
  actors: {
    login: fromPromise<LoginAnswer, Credentials>(async () => notProvided('login')),
    loginTwoFactor: fromPromise<LoginResponse, TwoFactorAnswer>(async () =>
      notProvided('loginTwoFactor'),
    ),
    register: fromPromise<unknown, RegisterRequest>(async () => notProvided('register')),
    logout: fromPromise<void, { role: Role }>(async () => notProvided('logout')),
  },
  actions: {
    saveToken: (_, _params: { role: Role; token: string }) => notProvided('saveToken'),
    clearSession: () => notProvided('clearSession'),
    goToSignIn: () => notProvided('goToSignIn'),
    clearPendingCredentials: assign({ pendingCredentials: null }),
  },
  guards: {
    isAdmin: ({ context }) => context.role === 'admin',
  },
  delays: {
    logoutRedirect: LOGOUT_REDIRECT_DELAY_MS,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    role: input.storedRole,
    error: null,
    pendingCredentials: null,
    challenge: null,
  }),
  initial: 'restoring',
  states: {
    /** Passed through as the actor starts: no snapshot is ever in it. */
    restoring: {
      always: [
        { guard: ({ context }) => context.role === 'user', target: 'signedIn.user' },
        { guard: 'isAdmin', target: 'signedIn.admin' },
        { target: 'signedOut' },
      ],
    },

    signedOut: {
      entry: assign({ role: null }),
      initial: 'idle',
      on: {
        CLEAR_ERROR: { actions: assign({ error: null }) },
      },
      states: {
        idle: {
          on: {
            SIGN_IN: {
              target: 'signingIn',
              actions: assign({
                error: null,
                pendingCredentials: ({ event }) => ({
                  email: event.email,
                  password: event.password,
                }),
              }),
            },
            SIGN_UP: {
              target: 'signingUp',
              actions: assign({
                error: null,
                pendingCredentials: ({ event }) => ({
                  email: event.fields.email,
                  password: event.fields.password,
                }),
              }),
            },
          },
        },

        signingUp: {
          invoke: {
            src: 'register',
            input: ({ event }) => {
              assertEvent(event, 'SIGN_UP');
              return event.fields;
            },
            // Registered: sign in with the same credentials, landing on the Onchain screen.
            onDone: { target: 'signingIn' },
            onError: {
              target: 'idle',
              actions: [
                'clearPendingCredentials',
                assign({ error: ({ event }) => describeRegistrationError(event.error) }),
              ],
            },
          },
        },

        signingIn: {
          exit: 'clearPendingCredentials',
          invoke: {
            src: 'login',
            input: ({ context }) => {
              if (!context.pendingCredentials) throw new Error('signingIn without credentials');
              return context.pendingCredentials;
            },
            onDone: [
              {
                guard: ({ event }) => 'twoFactorRequired' in event.output,
                target: 'twoFactor',
                actions: assign({
                  challenge: ({ event }) =>
                    'challenge' in event.output ? event.output.challenge : null,
                }),
              },
              {
                guard: ({ event }) => 'role' in event.output && event.output.role === 'admin',
                target: '#auth.signedIn.admin',
                actions: [
                  {
                    type: 'saveToken',
                    params: ({ event }) => ({ role: 'admin', token: tokenOf(event.output) }),
                  },
                  assign({ role: 'admin' }),
                ],
              },
              {
                target: '#auth.signedIn.user',
                actions: [
                  {
                    type: 'saveToken',
                    params: ({ event }) => ({ role: 'user', token: tokenOf(event.output) }),
                  },
                  assign({ role: 'user' }),
                ],
              },
            ],
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => describeLoginError(event.error) }),
            },
          },
        },

        /** The password was right; the code from the authenticator app (or a recovery code). */
        twoFactor: {
          on: {
            SUBMIT_CODE: {
              target: 'verifyingCode',
              actions: assign({ error: null }),
            },
            CANCEL_CODE: {
              target: 'idle',
              actions: assign({ challenge: null, error: null }),
            },
          },
        },

        verifyingCode: {
          invoke: {
            src: 'loginTwoFactor',
            input: ({ context, event }) => {
              assertEvent(event, 'SUBMIT_CODE');
              if (!context.challenge) throw new Error('verifyingCode without a challenge');
              return { challenge: context.challenge, code: event.code };
            },
            onDone: [
              {
                guard: ({ event }) => event.output.role === 'admin',
                target: '#auth.signedIn.admin',
                actions: [
                  {
                    type: 'saveToken',
                    params: ({ event }) => ({ role: 'admin', token: event.output.token }),
                  },
                  assign({ role: 'admin', challenge: null }),
                ],
              },
              {
                target: '#auth.signedIn.user',
                actions: [
                  {
                    type: 'saveToken',
                    params: ({ event }) => ({ role: 'user', token: event.output.token }),
                  },
                  assign({ role: 'user', challenge: null }),
                ],
              },
            ],
            onError: [
              {
                // The challenge expired or was used: back to the password.
                guard: ({ event }) => isExpiredChallenge(event.error),
                target: 'idle',
                actions: assign({
                  challenge: null,
                  error: ({ event }) => describeLoginError(event.error),
                }),
              },
              {
                target: 'twoFactor',
                actions: assign({ error: ({ event }) => describeLoginError(event.error) }),
              },
            ],
          },
        },
      },
    },

    signedIn: {
      entry: assign({ error: null }),
      // Every way in names its child; `user` is only the formal default.
      initial: 'user',
      on: {
        SIGN_OUT: { target: 'signingOut' },
        UNAUTHORIZED: {
          target: 'signedOut',
          actions: [
            'clearSession',
            emit(notice('info', msg`Your session has ended. Please sign in again.`)),
          ],
        },
        PASSWORD_CHANGED: { target: 'loggedOut' },
      },
      states: {
        user: {},
        admin: {},
      },
    },

    signingOut: {
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ role: context.role ?? 'user' }),
        onDone: {
          target: 'loggedOut',
          actions: emit(notice('success', msg`Logged out successfully!`)),
        },
        onError: [
          {
            guard: 'isAdmin',
            target: 'signedIn.admin',
            actions: emit(notice('error', msg`Failed to logout. Please try again.`)),
          },
          {
            target: 'signedIn.user',
            actions: emit(notice('error', msg`Failed to logout. Please try again.`)),
          },
        ],
      },
      on: {
        // The server no longer knows the token: the session is over either way.
        UNAUTHORIZED: {
          target: 'loggedOut',
          actions: emit(notice('success', msg`Logged out successfully!`)),
        },
      },
    },

    /**
     * Signed out, with local storage already cleared, while the current screen stays for a
     * moment (LOGOUT_REDIRECT_DELAY_MS) so the user sees the confirmation; then to /signin.
     */
    loggedOut: {
      entry: 'clearSession',
      after: {
        logoutRedirect: { target: 'signedOut', actions: 'goToSignIn' },
      },
    },
  },
});
