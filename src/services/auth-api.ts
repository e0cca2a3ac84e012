import {
  LoginResponse,
  MessageResponse,
  RegisterResponse,
  UpdatePasswordResponse,
  type LoginRequest,
  type RegisterRequest,
  type UpdatePasswordRequest,
} from '../../common/contract/auth';
import type { Role } from '../../common/rules';
import { api } from './api-client';
import { CALL_FAILURES } from './call-failures';
import { deviceId } from './device-id';

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
  await api.put(
    '/updateUserPasswordByUser',
    UpdatePasswordResponse,
    { ...change },
    { callFailure: CALL_FAILURES.updateProfile },
  );
}

function signalOption(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal ? { signal } : {};
}
