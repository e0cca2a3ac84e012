/**
 * View as user (`POST /api/userLogin/:id`): an admin gets a short-lived session of that
 * user, marked with the admin's id. The guard lets it read and sign out, and refuses every
 * other request with 403 `read_only_session`; opening one is audited.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ImpersonationResponse } from '../../../common/contract';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, notFound } from '../../http/errors';
import { createImpersonationSession } from '../auth';
import { loadUserView } from '../users';
import { isUuid } from '../../http/fields';
import { writeAudit } from '../audit';
import { findAccountRole } from './users-repository';

export const impersonationRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { id: string } }>(
    '/userLogin/:id',
    { config: { access: 'admin' } },
    async (request): Promise<ImpersonationResponse> => {
      const targetId = request.params.id;
      if (!isUuid(targetId)) throw notFound('User not found.');
      const target = await findAccountRole(app.db, targetId);
      if (!target || target.role !== 'user') throw notFound('User not found.');
      if (target.disabledAt !== null) {
        throw new ApiError(409, 'This account is disabled.', 'account_disabled');
      }
      const adminId = sessionOf(request).userId;
      const session = await app.db.transaction(async (tx) => {
        const created = await createImpersonationSession(tx, target.id, adminId);
        await writeAudit(tx, {
          actorId: adminId,
          action: 'user.impersonated',
          targetType: 'user',
          targetId: target.id,
          after: { readOnly: true, expiresAt: created.expiresAt.toISOString() },
          ip: request.ip,
        });
        return created;
      });
      const user = await loadUserView(app.db, target.id);
      if (!user) throw notFound('User not found.');
      request.log.info({ adminId, userId: target.id }, 'read-only view as user opened');
      return {
        token: session.token,
        user,
        expiresAt: session.expiresAt.toISOString(),
        readOnly: true,
      };
    },
  );
};
