import {
  LoginAnswer,
  LoginResponse,
  RegisterResponse,
  type LoginRequest,
  type LoginTwoFactorRequest,
  type RegisterRequest,
} from '../../common/contract/auth';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../common/rules';
import { api } from './api-client';
import { deviceId } from './device-id';

/*
 * Signing in and up. The auth machine loads this module when it starts (app/auth-provider.tsx),
 * so a visit that never signs in never loads these calls, their answers' contracts or the
 * device id.
 */

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

/** The language the page is shown in (the i18n layer marks the document with it). */
function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

function signalOption(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal ? { signal } : {};
}
