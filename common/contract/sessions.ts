import { array, boolean, enums, integer, nullable, object, string, type Infer } from 'superstruct';
import { LOGIN_RESULTS } from '../rules';
import { IsoDate } from './common';

/**
 * One live session of the caller, as `GET /api/getSessions` lists it. `id` names it for
 * `PUT /api/revokeSession/:id`; the token and its hash never leave the server. Browser and
 * system are parsed from its User-Agent on the server (null when unknown); `ip` is the
 * address it was last used from. `supportView`: an admin's read-only view of the account
 * (no browser, system or address: those would be the admin's), which ends by itself.
 */
export const SessionView = object({
  id: string(),
  browser: nullable(string()),
  system: nullable(string()),
  ip: nullable(string()),
  createdAt: IsoDate,
  lastSeenAt: IsoDate,
  current: boolean(),
  supportView: boolean(),
});
export type SessionView = Infer<typeof SessionView>;

/** GET /api/getSessions: newest first, at most SESSIONS_LIST_MAX. */
export const SessionsResponse = object({ sessions: array(SessionView) });
export type SessionsResponse = Infer<typeof SessionsResponse>;

/** PUT /api/revokeSession/:id */
export const RevokeSessionResponse = object({ message: string(), current: boolean() });
export type RevokeSessionResponse = Infer<typeof RevokeSessionResponse>;

/** PUT /api/revokeOtherSessions */
export const RevokeOtherSessionsResponse = object({ message: string(), revoked: integer() });
export type RevokeOtherSessionsResponse = Infer<typeof RevokeOtherSessionsResponse>;

/** One sign-in attempt on the caller's account. */
export const LoginAttemptView = object({
  attemptedAt: IsoDate,
  ip: string(),
  browser: nullable(string()),
  system: nullable(string()),
  result: enums(LOGIN_RESULTS),
  /** A successful sign-in from a device the account had not signed in from before. */
  newDevice: boolean(),
});
export type LoginAttemptView = Infer<typeof LoginAttemptView>;

/** GET /api/getLoginHistory: newest first, at most LOGIN_HISTORY_MAX. */
export const LoginHistoryResponse = object({ attempts: array(LoginAttemptView) });
export type LoginHistoryResponse = Infer<typeof LoginHistoryResponse>;
