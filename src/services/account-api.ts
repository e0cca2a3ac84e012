import {
  EnableTwoFactorResponse,
  MessageResponse,
  ResendVerificationResponse,
  SetupTwoFactorResponse,
  UpdatePasswordResponse,
  type UpdatePasswordRequest,
} from '../../common/contract/auth';
import type { Role } from '../../common/rules';
import { api } from './api-client';
import { CALL_FAILURES } from './call-failures';
import { withStepUp } from './step-up';
import { tokenStorage } from './token-storage';

/*
 * The account's own calls (password, email proof, recovery, two-factor), apart from
 * auth-api.ts: signing in and out is in every first load, these only on their pages.
 */

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
