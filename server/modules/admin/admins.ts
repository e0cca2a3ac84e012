/** Admin accounts: an admin creates another, under the sign-up rules; audited. */
import type { FastifyPluginAsync } from 'fastify';
import { CreateAdminRequest } from '../../../common/contract';
import {
  checkEmail,
  checkFullName,
  checkPassword,
  checkPhone,
  checkUsername,
  type FieldErrorCode,
} from '../../../common/validation';
import { sessionOf } from '../../http/auth-guard';
import { conflict, fieldError } from '../../http/errors';
import { parseBody } from '../../http/validate';
import { isCommonPassword } from '../auth/common-passwords';
import { createAccount } from '../users/accounts';
import { loadUserView } from '../users/user-view';
import { writeAudit } from './audit';

export const adminAccountRoutes: FastifyPluginAsync = async (app) => {
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
