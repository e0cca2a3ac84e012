import {
  LoginAnswer,
  LoginResponse,
  MessageResponse,
  RegisterResponse,
  type LoginRequest,
  type LoginTwoFactorRequest,
  type RegisterRequest,
} from '../../common/contract/auth';
import { DEFAULT_LANGUAGE, isLanguage, type Language, type Role } from '../../common/rules';
import { api } from './api-client';
import { tokenStorage } from './token-storage';
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

/** The language the page is shown in (the i18n layer marks the document with it). */
function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
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
