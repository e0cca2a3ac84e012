/**
 * The caller's own sessions and sign-in history (issue 20, "visible sessions"): list them,
 * end one or all others, and read the last sign-in attempts. Every call works on the caller's
 * account only; a session id of another account is unknown (404) and nothing changes. An
 * admin's read-only view of the account reads these like the user, and may change nothing
 * (the guard's read-only rule).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { object } from 'superstruct';
import type {
  LoginHistoryResponse,
  RevokeOtherSessionsResponse,
  RevokeSessionResponse,
  SessionsResponse,
} from '../../../common/contract';
import { sessionOf } from '../../http/auth-guard';
import { forbidden, notFound } from '../../http/errors';
import { isUuid } from '../../http/fields';
import { parseBody } from '../../http/validate';
import { listLoginAttempts } from './login-history';
import { listSessions, revokeOtherSessions, revokeSessionById } from './sessions';
import { parseUserAgent } from './user-agent';

const SESSION_NOT_FOUND = 'Session not found.';

/** The changes take no body; one with any field (`{ userId }`, say) is refused, not ignored. */
const EmptyBody = object({});
function refuseBodyFields(request: FastifyRequest): void {
  if (request.body !== undefined && request.body !== null) parseBody(EmptyBody, request.body);
}

export const sessionRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/getSessions',
    { config: { access: 'any' } },
    async (request): Promise<SessionsResponse> => {
      const session = sessionOf(request);
      const rows = await listSessions(app.db, session.userId, session.tokenHash);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          ...parseUserAgent(row.userAgent),
          ip: row.ipAddress,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.current,
          supportView: row.supportView,
        })),
      };
    },
  );

  /** Ends one of the caller's sessions; ending the current one signs this device out. */
  app.put<{ Params: { id: string } }>(
    '/revokeSession/:id',
    { config: { access: 'any' } },
    async (request): Promise<RevokeSessionResponse> => {
      const session = sessionOf(request);
      refuseBodyFields(request);
      const sessionId = request.params.id;
      if (!isUuid(sessionId)) throw notFound(SESSION_NOT_FOUND);
      const result = await revokeSessionById(app.db, session.userId, sessionId, session.tokenHash);
      if (result.outcome === 'not_found') throw notFound(SESSION_NOT_FOUND);
      if (result.outcome === 'support_view') {
        throw forbidden('A support view of your account ends by itself within 15 minutes.');
      }
      request.log.info(
        { userId: session.userId, sessionId, current: result.current },
        'session revoked',
      );
      return { message: 'Session signed out.', current: result.current };
    },
  );

  app.put(
    '/revokeOtherSessions',
    { config: { access: 'any' } },
    async (request): Promise<RevokeOtherSessionsResponse> => {
      const session = sessionOf(request);
      refuseBodyFields(request);
      const revoked = await revokeOtherSessions(app.db, session.userId, session.tokenHash);
      request.log.info({ userId: session.userId, revoked }, 'other sessions revoked');
      return { message: 'Signed out everywhere else.', revoked };
    },
  );

  app.get(
    '/getLoginHistory',
    { config: { access: 'any' } },
    async (request): Promise<LoginHistoryResponse> => {
      const rows = await listLoginAttempts(app.db, sessionOf(request).userId);
      return {
        attempts: rows.map((row) => ({
          attemptedAt: row.attemptedAt.toISOString(),
          ip: row.ipAddress,
          ...parseUserAgent(row.userAgent),
          result: row.result,
          newDevice: row.newDevice,
        })),
      };
    },
  );
};
