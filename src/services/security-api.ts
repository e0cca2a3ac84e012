import {
  LoginHistoryResponse,
  RevokeOtherSessionsResponse,
  RevokeSessionResponse,
  SessionsResponse,
  type LoginAttemptView,
  type SessionView,
} from '../../common/contract/sessions';
import { api } from './api-client';

/**
 * The caller's sessions and sign-in history (docs/api.md, "Sessions"). Reads pass
 * `retries: 0` because TanStack Query retries them.
 */

/** GET /api/getSessions: newest first. */
export async function fetchSessions(signal?: AbortSignal): Promise<SessionView[]> {
  const options = { retries: 0, ...(signal ? { signal } : {}) };
  return (await api.get('/getSessions', SessionsResponse, options)).sessions;
}

/** GET /api/getLoginHistory: the last 50 attempts, newest first. */
export async function fetchLoginHistory(signal?: AbortSignal): Promise<LoginAttemptView[]> {
  const options = { retries: 0, ...(signal ? { signal } : {}) };
  return (await api.get('/getLoginHistory', LoginHistoryResponse, options)).attempts;
}

/** PUT /api/revokeSession/:id: signs that session out. */
export async function revokeSession(id: string): Promise<RevokeSessionResponse> {
  return api.put(`/revokeSession/${encodeURIComponent(id)}`, RevokeSessionResponse);
}

/** PUT /api/revokeOtherSessions: signs every other session out; answers how many. */
export async function revokeOtherSessions(): Promise<number> {
  return (await api.put('/revokeOtherSessions', RevokeOtherSessionsResponse)).revoked;
}
