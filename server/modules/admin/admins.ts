/** Admin accounts: the list, and an admin creates another under the sign-up rules; audited. */
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { CreateAdminRequest, type AdminAccountList } from '../../../common/contract';
import {
  checkEmail,
  checkFullName,
  checkPassword,
  checkPhone,
  checkUsername,
  type FieldErrorCode,
} from '../../../common/validation';
import { users } from '../../db/schema';
import { sessionOf } from '../../http/auth-guard';
import { conflict, fieldError } from '../../http/errors';
import { parseBody } from '../../http/validate';
import { isCommonPassword } from '../auth/common-passwords';
import { createAccount } from '../users/accounts';
import { loadUserView } from '../users/user-view';
import { writeAudit } from './audit';

/** More admins than this is not a team but a mistake; the list stops there. */
const MAX_ADMINS = 200;

export const adminAccountRoutes: FastifyPluginAsync = async (app) => {
  app.get('/admin/admins', { config: { access: 'admin' } }, async (): Promise<AdminAccountList> => {
    const rows = await app.db
      .select({
        id: users.id,
        fullName: users.fullName,
        username: users.username,
        email: users.email,
        lastLoginAt: users.lastLoginAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(MAX_ADMINS);
    return {
      admins: rows.map((row) => ({
        _id: row.id,
        fullName: row.fullName,
        username: row.username,
        email: row.email,
        lastLoginDate: row.lastLoginAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  });

  app.post('/admin/admins', { config: { access: 'admin' } }, async (request, reply) => {
    const body = parseBody(CreateAdminRequest, request.body);
    const phoneNumber = body.phoneNumber?.trim() ?? '';
    const checks: [string, FieldErrorCode | undefined][] = [
      ['fullName', checkFullName(body.fullName)],
      ['username', checkUsername(body.username)],
      ['email', checkEmail(body.email)],
      ['phoneNumber', phoneNumber === '' ? undefined : checkPhone(phoneNumber)],
      [
        'password',
        checkPassword(body.password, {
          username: body.username,
          email: body.email,
          isCommon: isCommonPassword,
        }),
      ],
    ];
    for (const [field, code] of checks) if (code) throw fieldError(field, code);

    const result = await createAccount(app.db, {
      fullName: body.fullName,
      username: body.username,
      email: body.email,
      phoneNumber,
      password: body.password,
      role: 'admin',
    });
    if (!result.ok) {
      throw result.conflict === 'email'
        ? conflict('An account with this email already exists.', 'email_taken', 'email')
        : conflict('This username is already taken.', 'username_taken', 'username');
    }
    const admin = await loadUserView(app.db, result.userId);
    if (!admin) throw new Error('Created admin vanished');
    await writeAudit(app.db, {
      actorId: sessionOf(request).userId,
      action: 'admin.created',
      targetType: 'user',
      targetId: admin._id,
      after: { fullName: admin.fullName, username: admin.username, email: admin.email },
      ip: request.ip,
    });
    return reply.code(201).send({
      admin: {
        _id: admin._id,
        fullName: admin.fullName,
        username: admin.username,
        email: admin.email,
        createdAt: admin.createdAt,
      },
    });
  });
};
