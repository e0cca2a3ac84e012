import {
  EnableTwoFactorResponse,
  LoginAnswer,
  LoginResponse,
  MessageResponse,
  RegisterResponse,
  ResendVerificationResponse,
  SetupTwoFactorResponse,
  UpdatePasswordResponse,
  type LoginRequest,
  type LoginTwoFactorRequest,
  type RegisterRequest,
  type UpdatePasswordRequest,
} from '../../common/contract/auth';
import { DEFAULT_LANGUAGE, isLanguage, type Language, type Role } from '../../common/rules';
import { api } from './api-client';
import { withStepUp } from './step-up';
import { tokenStorage } from './token-storage';
import { CALL_FAILURES } from './call-failures';
import { deviceId } from './device-id';

/**
 * POST /api/login: one endpoint for users and admins; the answer says which, or (two-factor
 * on) asks for a code with a challenge.
 */
export function login(credentials: LoginRequest, signal?: AbortSignal): Promise<LoginAnswer> {
  return api.post('/login', LoginAnswer, credentials, {
    auth: 'none',
    deviceId: deviceId(),
    ...signalOption(signal),
  });
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
      // The second step opens the session: the device it is opened on.
      deviceId: deviceId(),
      ...signalOption(signal),
    },
  );
}

/** POST /api/registerUser */
export function register(fields: RegisterRequest, signal?: AbortSignal): Promise<RegisterResponse> {
  return api.post(
    '/registerUser',
    RegisterResponse,
    { ...fields, language: pageLanguage() },
    {
      auth: 'none',
      ...signalOption(signal),
    },
  );
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

/** The language the page is shown in (the i18n layer marks the document with it). */
function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** POST /api/verifyEmail: the token of the verification mail's link. */
export async function verifyEmail(token: string): Promise<void> {
  await api.post('/verifyEmail', MessageResponse, { token }, { auth: 'none' });
}

/** POST /api/resendVerificationEmail: a new link for the signed-in user; answers when. */
export function resendVerificationEmail(): Promise<ResendVerificationResponse> {
  return api.post('/resendVerificationEmail', ResendVerificationResponse, undefined);
}

/** POST /api/requestPasswordReset: the same answer whether the email has an account or not. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/requestPasswordReset', MessageResponse, { email }, { auth: 'none' });
}

/** POST /api/resetPassword: the reset mail's token and the new password. */
export async function resetPassword(request: { token: string; password: string }): Promise<void> {
  await api.post('/resetPassword', MessageResponse, { ...request }, { auth: 'none' });
}

/**
 * PUT /api/updateLanguage: a signed-in user's mails follow the language chosen in the app.
 * Nothing for a guest, an admin or an admin's read-only view; a failure only leaves the
 * mails in the previous language, so it is not shown.
 */
export function rememberLanguageOnServer(language: Language): void {
  if (tokenStorage.storedRole() !== 'user' || tokenStorage.viewAs() !== null) return;
  api.put('/updateLanguage', MessageResponse, { language }).catch(() => undefined);
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
