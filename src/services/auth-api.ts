import {
  LoginResponse,
  MessageResponse,
  RegisterResponse,
  ResendVerificationResponse,
  UpdatePasswordResponse,
  type LoginRequest,
  type RegisterRequest,
  type UpdatePasswordRequest,
} from '../../common/contract/auth';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type Role } from '../../common/rules';
import { api } from './api-client';
import { CALL_FAILURES } from './call-failures';
import { deviceId } from './device-id';
import { tokenStorage } from './token-storage';

/** POST /api/login: one endpoint for users and admins; the answer says which. */
export function login(credentials: LoginRequest, signal?: AbortSignal): Promise<LoginResponse> {
  return api.post('/login', LoginResponse, credentials, {
    auth: 'none',
    deviceId: deviceId(),
    ...signalOption(signal),
  });
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
  await api.put(
    '/updateUserPasswordByUser',
    UpdatePasswordResponse,
    { ...change },
    { callFailure: CALL_FAILURES.updateProfile },
  );
}

/** The language the page is shown in (the i18n layer marks the document with it). */
function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : DEFAULT_LANGUAGE;
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

function signalOption(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal ? { signal } : {};
}
