/** Admin calls of the foundation: own password. The console overview is in overview.ts. */
import type { FastifyPluginAsync } from 'fastify';
import { UpdateAdminPasswordRequest } from '../../../common/contract';
import { checkPassword } from '../../../common/validation';
import { sessionOf } from '../../http/auth-guard';
import { fieldError, notFound } from '../../http/errors';
import { parseBody } from '../../http/validate';
import { hashPassword, isCommonPassword, provePassword, revokeAllSessions } from '../auth';
import { writeAudit } from '../audit';
import { findAccountById, updateUserPasswordHash } from './users-repository';

export const adminRoutes: FastifyPluginAsync = async (app) => {
  app.put('/updateAdminPassword', { config: { access: 'admin' } }, async (request) => {
    const body = parseBody(UpdateAdminPasswordRequest, request.body);
    const { userId } = sessionOf(request);
    const admin = await findAccountById(app.db, userId);
    if (!admin) throw notFound('Admin not found.');
    // Proved under the sign-in throttle: a stolen admin token cannot guess it quickly.
    if (!(await provePassword(request, admin.email, admin, body.currentPassword))) {
      throw fieldError('currentPassword', 'currentPasswordIncorrect');
    }
    const code = checkPassword(body.password, {
      username: admin.username,
      email: admin.email,
      isCommon: isCommonPassword,
    });
    if (code) throw fieldError('password', code);
    const passwordHash = await hashPassword(body.password);
    await app.db.transaction(async (tx) => {
      await updateUserPasswordHash(tx, userId, passwordHash);
      await revokeAllSessions(tx, userId);
      await writeAudit(tx, {
        actorId: userId,
        action: 'admin.password_changed',
        targetType: 'user',
        targetId: userId,
        ip: request.ip,
      });
    });
    return { message: 'Password updated successfully', user: { _id: userId } };
  });
};
