import {
  EnableTwoFactorResponse,
  LoginAnswer,
  LoginResponse,
  MessageResponse,
  RegisterResponse,
  SetupTwoFactorResponse,
  UpdatePasswordResponse,
  type LoginRequest,
  type LoginTwoFactorRequest,
  type RegisterRequest,
  type UpdatePasswordRequest,
} from '../../common/contract/auth';
import type { Role } from '../../common/rules';
import { api } from './api-client';
import { withStepUp } from './step-up';
import { tokenStorage } from './token-storage';
import { CALL_FAILURES } from './call-failures';

/**
 * POST /api/login: one endpoint for users and admins; the answer says which, or (two-factor
 * on) asks for a code with a challenge.
 */
export function login(credentials: LoginRequest, signal?: AbortSignal): Promise<LoginAnswer> {
  return api.post('/login', LoginAnswer, credentials, { auth: 'none', ...signalOption(signal) });
}

/** POST /api/loginTwoFactor: the challenge and a code; the usual sign-in answer. */
export function loginTwoFactor(
  answer: LoginTwoFactorRequest,
  signal?: AbortSignal,
): Promise<LoginResponse> {
  return api.post(
    '/loginTwoFactor',
    LoginResponse,
    { ...answer },
    {
      auth: 'none',
      ...signalOption(signal),
    },
  );
}

/** POST /api/registerUser */
export function register(fields: RegisterRequest, signal?: AbortSignal): Promise<RegisterResponse> {
  return api.post('/registerUser', RegisterResponse, fields, {
    auth: 'none',
    ...signalOption(signal),
  });
}

/** POST /api/logout: revokes the token of `role` on the server. */
export async function logout(role: Role): Promise<void> {
  await api.post('/logout', MessageResponse, undefined, { auth: role });
}

/** PUT /api/updateUserPasswordByUser: the new password, proved by the current one. */
export async function updatePassword(change: UpdatePasswordRequest): Promise<void> {
  // With two-factor on, the change takes a fresh code too (services/step-up.ts).
  await withStepUp((twoFactorCode) =>
    api.put(
      '/updateUserPasswordByUser',
      UpdatePasswordResponse,
      { ...change },
      {
        callFailure: CALL_FAILURES.updateProfile,
        ...(twoFactorCode === undefined ? {} : { twoFactorCode }),
      },
    ),
  );
}

/** POST /api/setupTwoFactor: a new pending key and its otpauth:// address. */
export function setupTwoFactor(): Promise<SetupTwoFactorResponse> {
  return api.post('/setupTwoFactor', SetupTwoFactorResponse, undefined, { auth: authOfSession() });
}

/** POST /api/enableTwoFactor: a code of the pending key; the ten recovery codes, once. */
export function enableTwoFactor(code: string): Promise<EnableTwoFactorResponse> {
  return api.post('/enableTwoFactor', EnableTwoFactorResponse, { code }, { auth: authOfSession() });
}

/** POST /api/disableTwoFactor: a code or a recovery code. */
export async function disableTwoFactor(code: string): Promise<void> {
  await api.post('/disableTwoFactor', MessageResponse, { code });
}

/** The signed-in role's token: an admin sets two-factor up with the admin session. */
function authOfSession(): Role {
  return tokenStorage.read('admin') ? 'admin' : 'user';
}

function signalOption(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal ? { signal } : {};
}
