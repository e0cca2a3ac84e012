/** Admin calls of the foundation: own password and the console overview. */
import { count, eq, gte, and } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { UpdateAdminPasswordRequest, type AdminOverview } from '../../../common/contract';
import { checkPassword } from '../../../common/validation';
import { users } from '../../db/schema';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, fieldError, notFound } from '../../http/errors';
import { parseBody } from '../../http/validate';
import { isCommonPassword } from '../auth/common-passwords';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeAllSessions } from '../auth/sessions';
import { writeAudit } from './audit';

export const adminRoutes: FastifyPluginAsync = async (app) => {
  app.put('/updateAdminPassword', { config: { access: 'admin' } }, async (request) => {
    const body = parseBody(UpdateAdminPasswordRequest, request.body);
    const { userId } = sessionOf(request);
    const rows = await app.db.select().from(users).where(eq(users.id, userId)).limit(1);
    const admin = rows[0];
    if (!admin) throw notFound('Admin not found.');
    if (!(await verifyPassword(body.currentPassword, admin.passwordHash))) {
      throw new ApiError(400, 'Your current password is not correct.', 'field', 'currentPassword');
    }
    const code = checkPassword(body.password, {
      username: admin.username,
      email: admin.email,
      isCommon: isCommonPassword,
    });
    if (code) throw fieldError('password', code);
    const passwordHash = await hashPassword(body.password);
    await app.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(users.id, userId));
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

  app.get(
    '/admin/overview',
    { config: { access: 'admin' } },
    async (request): Promise<AdminOverview> => {
      const { userId } = sessionOf(request);
      const startOfDay = new Date();
      startOfDay.setUTCHours(0, 0, 0, 0);
      const [total, today, me] = await Promise.all([
        app.db.select({ n: count() }).from(users).where(eq(users.role, 'user')),
        app.db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.role, 'user'), gte(users.createdAt, startOfDay))),
        app.db
          .select({ fullName: users.fullName, email: users.email })
          .from(users)
          .where(eq(users.id, userId))
          .limit(1),
      ]);
      if (!me[0]) throw notFound('Admin not found.');
      return { users: { total: total[0]?.n ?? 0, newToday: today[0]?.n ?? 0 }, admin: me[0] };
    },
  );
};
