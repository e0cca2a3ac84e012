import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LoginAnswer, LoginResponse, RegisterRequest } from '../../common/contract';
import { LOGOUT_REDIRECT_DELAY_MS, STORAGE_KEYS, type Role } from '../../common/rules';
import { ApiError } from '../services/api-error';
import { describeLoginError, describeRegistrationError } from '../services/error-messages';
import { createTokenStorage } from '../services/token-storage';
import { MemoryStorage } from '../testing/memory-storage';
import {
  authMachine,
  type AuthNotice,
  type Credentials,
  type TwoFactorAnswer,
} from './auth.machine';
import { withFakeTimersPerTest } from '../testing/fake-timers';

const EXPIRES_AT = '2030-01-01T00:00:00.000Z';

const signUpFields: RegisterRequest = {
  fullName: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  phoneNumber: '+44 20 7946 0958',
  password: 'analytical-engine',
};

interface Fakes {
  login?: (credentials: Credentials) => Promise<LoginAnswer>;
  loginTwoFactor?: (answer: TwoFactorAnswer) => Promise<LoginResponse>;
  register?: (fields: RegisterRequest) => Promise<unknown>;
  logout?: (role: Role) => Promise<void>;
}

/** Starts the machine with fake calls and an in-memory local storage. */
function startAuth(fakes: Fakes = {}, stored: Record<string, string> = {}) {
  const storage = new MemoryStorage();
  for (const [key, value] of Object.entries(stored)) storage.setItem(key, value);
  const tokens = createTokenStorage(storage);
  const calls = {
    login: vi.fn(
      fakes.login ??
        (async () => ({ token: 'user-token', role: 'user' as const, expiresAt: EXPIRES_AT })),
    ),
    loginTwoFactor: vi.fn(
      fakes.loginTwoFactor ??
        (async () => ({ token: 'user-token', role: 'user' as const, expiresAt: EXPIRES_AT })),
    ),
    register: vi.fn(fakes.register ?? (async () => ({ message: 'created' }))),
    logout: vi.fn(fakes.logout ?? (async () => undefined)),
    goToSignIn: vi.fn(),
  };
  const logic = authMachine.provide({
    actors: {
      login: fromPromise(({ input }) => calls.login(input)),
      loginTwoFactor: fromPromise(({ input }) => calls.loginTwoFactor(input)),
      register: fromPromise(({ input }) => calls.register(input)),
      logout: fromPromise(({ input }) => calls.logout(input.role)),
    },
    actions: {
      saveToken: (_, { role, token }) => tokens.replace(role, token),
      clearSession: () => tokens.clearSession(),
      goToSignIn: () => calls.goToSignIn(),
    },
  });
  const actor = createActor(logic, { input: { storedRole: tokens.storedRole() } });
  const notices: AuthNotice[] = [];
  actor.on('notice', (notice) => notices.push(notice));
  actor.start();
  return { actor, storage, calls, notices };
}

describe('auth machine', () => {
  // From the first snapshot on, with nothing to wait for: the first screen is drawn once.
  it('starts signed out without a stored token', () => {
    const { actor } = startAuth();
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.role).toBeNull();
  });

  it('starts in a stored user session', () => {
    const { actor } = startAuth({}, { [STORAGE_KEYS.userToken]: 'stored-user' });
    expect(actor.getSnapshot().matches({ signedIn: 'user' })).toBe(true);
    expect(actor.getSnapshot().context.role).toBe('user');
  });

  it('starts in a stored admin session', () => {
    const { actor } = startAuth({}, { [STORAGE_KEYS.adminToken]: 'stored-admin' });
    expect(actor.getSnapshot().matches({ signedIn: 'admin' })).toBe(true);
    expect(actor.getSnapshot().context.role).toBe('admin');
  });

  it('signs a user in and stores the token under uToken', async () => {
    const { actor, storage, calls } = startAuth();
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'SIGN_IN', email: 'ada@example.com', password: 'secret1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'user' }));
    expect(calls.login).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret1' });
    expect(storage.getItem(STORAGE_KEYS.userToken)).toBe('user-token');
    expect(storage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    expect(actor.getSnapshot().context.pendingCredentials).toBeNull();
  });

  it('signs an admin in and stores the token under aToken', async () => {
    const { actor, storage } = startAuth({
      login: async () => ({ token: 'admin-token', role: 'admin', expiresAt: EXPIRES_AT }),
    });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'SIGN_IN', email: 'root@example.com', password: 'secret1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'admin' }));
    expect(actor.getSnapshot().context.role).toBe('admin');
    expect(storage.getItem(STORAGE_KEYS.adminToken)).toBe('admin-token');
    expect(storage.getItem(STORAGE_KEYS.userToken)).toBeNull();
  });

  it('stays signed out with the translated error when the credentials are refused', async () => {
    const refusal = new ApiError({
      status: 401,
      code: 'invalid_credentials',
      serverMessage: 'Invalid email or password',
    });
    const { actor, storage } = startAuth({ login: () => Promise.reject(refusal) });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'SIGN_IN', email: 'ada@example.com', password: 'wrong-password' });
    await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }) && s.context.error !== null);
    const { error, pendingCredentials } = actor.getSnapshot().context;
    expect(error).toEqual(describeLoginError(refusal));
    expect(typeof error?.message).toBe('object');
    expect(pendingCredentials).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.userToken)).toBeNull();
  });

  it('keeps the server text of an unknown login failure, and a fallback without one', async () => {
    const serverText = new ApiError({ status: 400, serverMessage: 'Account locked by operator' });
    expect(describeLoginError(serverText).message).toBe('Account locked by operator');
    const offline = new ApiError({ status: 0 });
    const fallback = describeLoginError(offline).message;
    expect(typeof fallback).toBe('object');
    expect(fallback).toMatchObject({ message: 'An error occurred' });
  });

  it('signs up, then signs in with the same credentials', async () => {
    const { actor, storage, calls } = startAuth();
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'SIGN_UP', fields: signUpFields });
    await waitFor(actor, (s) => s.matches({ signedIn: 'user' }));
    expect(calls.register).toHaveBeenCalledWith(signUpFields);
    expect(calls.login).toHaveBeenCalledWith({
      email: signUpFields.email,
      password: signUpFields.password,
    });
    expect(storage.getItem(STORAGE_KEYS.userToken)).toBe('user-token');
    expect(actor.getSnapshot().context.pendingCredentials).toBeNull();
  });

  it('reports a refused sign-up on its field and does not sign in', async () => {
    const taken = new ApiError({
      status: 409,
      code: 'email_taken',
      field: 'email',
      serverMessage: 'Email already registered',
    });
    const { actor, calls } = startAuth({ register: () => Promise.reject(taken) });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'SIGN_UP', fields: signUpFields });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(describeRegistrationError(taken));
    expect(actor.getSnapshot().context.error?.field).toBe('email');
    expect(calls.login).not.toHaveBeenCalled();
  });

  describe('signing out', () => {
    withFakeTimersPerTest();

    it('revokes the session, clears storage but the language, then goes to /signin after 1 s', async () => {
      const { actor, storage, calls, notices } = startAuth(
        {},
        { [STORAGE_KEYS.userToken]: 'stored-user', [STORAGE_KEYS.language]: 'fr', other: 'x' },
      );
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ signedIn: 'user' })).toBe(true));
      actor.send({ type: 'SIGN_OUT' });
      await vi.waitFor(() => expect(actor.getSnapshot().matches('loggedOut')).toBe(true));
      expect(calls.logout).toHaveBeenCalledWith('user');
      expect(storage.getItem(STORAGE_KEYS.userToken)).toBeNull();
      expect(storage.getItem('other')).toBeNull();
      expect(storage.getItem(STORAGE_KEYS.language)).toBe('fr');
      expect(notices.map((n) => [n.tone, n.message.message])).toEqual([
        ['success', 'Logged out successfully!'],
      ]);
      expect(calls.goToSignIn).not.toHaveBeenCalled();

      await vi.advanceTimersByTimeAsync(LOGOUT_REDIRECT_DELAY_MS);
      expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
      expect(calls.goToSignIn).toHaveBeenCalledTimes(1);
    });

    it('stays signed in and says so when the logout call fails', async () => {
      const { actor, storage, notices } = startAuth(
        { logout: () => Promise.reject(new ApiError({ status: 0 })) },
        { [STORAGE_KEYS.userToken]: 'stored-user' },
      );
      await vi.waitFor(() => expect(actor.getSnapshot().matches('signedIn')).toBe(true));
      actor.send({ type: 'SIGN_OUT' });
      await vi.waitFor(() => expect(notices).toHaveLength(1));
      expect(actor.getSnapshot().matches({ signedIn: 'user' })).toBe(true);
      expect(notices[0]?.tone).toBe('error');
      expect(notices[0]?.message.message).toBe('Failed to logout. Please try again.');
      expect(storage.getItem(STORAGE_KEYS.userToken)).toBe('stored-user');
    });
  });

  it('signs out when a call answers 401', async () => {
    const { actor, storage } = startAuth({}, { [STORAGE_KEYS.userToken]: 'stale-token' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'user' }));
    actor.send({ type: 'UNAUTHORIZED' });
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.role).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.userToken)).toBeNull();
  });

  it('ignores a late 401 while signed out', async () => {
    const { actor } = startAuth();
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'UNAUTHORIZED' });
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
  });

  describe('the second factor', () => {
    const challenged = async () => ({
      twoFactorRequired: true as const,
      challenge: 'c'.repeat(43),
    });

    it('asks for a code after the password, then signs in with the challenge and the code', async () => {
      const { actor, storage, calls } = startAuth({ login: challenged });
      actor.send({ type: 'SIGN_IN', email: 'ada@example.com', password: 'pw' });
      await waitFor(actor, (s) => s.matches({ signedOut: 'twoFactor' }));
      expect(storage.getItem(STORAGE_KEYS.userToken)).toBeNull();
      actor.send({ type: 'SUBMIT_CODE', code: '123456' });
      await waitFor(actor, (s) => s.matches({ signedIn: 'user' }));
      expect(calls.loginTwoFactor).toHaveBeenCalledWith({
        challenge: 'c'.repeat(43),
        code: '123456',
      });
      expect(storage.getItem(STORAGE_KEYS.userToken)).toBe('user-token');
      expect(actor.getSnapshot().context.challenge).toBeNull();
    });

    it('keeps the code step with the error after a wrong code', async () => {
      const { actor } = startAuth({
        login: challenged,
        loginTwoFactor: async () => {
          throw new ApiError({ status: 403, code: 'two_factor_invalid' });
        },
      });
      actor.send({ type: 'SIGN_IN', email: 'ada@example.com', password: 'pw' });
      await waitFor(actor, (s) => s.matches({ signedOut: 'twoFactor' }));
      actor.send({ type: 'SUBMIT_CODE', code: '000000' });
      await waitFor(
        actor,
        (s) => s.matches({ signedOut: 'twoFactor' }) && s.context.error !== null,
      );
      expect(actor.getSnapshot().context.challenge).not.toBeNull();
    });

    it('goes back to the password when the challenge expired, and on Back', async () => {
      const { actor } = startAuth({
        login: challenged,
        loginTwoFactor: async () => {
          throw new ApiError({ status: 400, code: 'challenge_invalid' });
        },
      });
      actor.send({ type: 'SIGN_IN', email: 'ada@example.com', password: 'pw' });
      await waitFor(actor, (s) => s.matches({ signedOut: 'twoFactor' }));
      actor.send({ type: 'SUBMIT_CODE', code: '123456' });
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      expect(actor.getSnapshot().context.challenge).toBeNull();
      expect(actor.getSnapshot().context.error).not.toBeNull();

      actor.send({ type: 'SIGN_IN', email: 'ada@example.com', password: 'pw' });
      await waitFor(actor, (s) => s.matches({ signedOut: 'twoFactor' }));
      actor.send({ type: 'CANCEL_CODE' });
      expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    });
  });
});
