/**
 * PUT /api/updateUser, the contract's admin profile edit: exactly the profile fields and the
 * personal notice. The contract refuses anything else (balance, role, payId, flags) as an
 * unknown field.
 */
import type { FastifyPluginAsync } from 'fastify';
import { APP_NOTICE_MAX_LENGTH, AdminUpdateUserRequest } from '../../../common/contract';
import {
  checkEmail,
  checkFullName,
  checkPhone,
  checkUsername,
  normalizeEmail,
  type FieldErrorCode,
} from '../../../common/validation';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, conflict, fieldError } from '../../http/errors';
import { parseBody } from '../../http/validate';
import { writeAudit } from '../audit';
import { summaryById, targetUser } from './user-views';
import { findTakenAccountKeys, updateUserProfile } from './users-repository';

function firstFieldError(checks: [string, FieldErrorCode | undefined][]): void {
  for (const [field, code] of checks) if (code) throw fieldError(field, code);
}

/** The notice as sent: undefined keeps it, blank removes it (null). */
function appNoticeOf(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const text = value?.trim() ?? '';
  if (text.length > APP_NOTICE_MAX_LENGTH) {
    throw new ApiError(
      400,
      `The notice must be at most ${APP_NOTICE_MAX_LENGTH} characters`,
      'invalid_body',
      'appNotice',
    );
  }
  return text === '' ? null : text;
}

const emailTaken = () =>
  conflict('An account with this email already exists.', 'email_taken', 'email');
const usernameTaken = () =>
  conflict('This username is already taken.', 'username_taken', 'username');

const UNIQUE_VIOLATION = '23505';
/** The constraint a unique violation names ('' if none), or null for any other error. */
function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e instanceof Error; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: string; constraint?: string };
    if (pgError.code === UNIQUE_VIOLATION) return pgError.constraint ?? '';
  }
  return null;
}

export const userProfileRoutes: FastifyPluginAsync = async (app) => {
  app.put('/updateUser', { config: { access: 'admin' } }, async (request) => {
    const body = parseBody(AdminUpdateUserRequest, request.body);
    firstFieldError([
      ['fullName', checkFullName(body.fullName)],
      ['username', checkUsername(body.username)],
      ['email', checkEmail(body.email)],
      ['phoneNumber', checkPhone(body.phoneNumber)],
    ]);
    const appNotice = appNoticeOf(body.appNotice);
    const next = {
      fullName: body.fullName.trim(),
      username: body.username.trim(),
      email: normalizeEmail(body.email),
      phoneNumber: body.phoneNumber.trim(),
    };
    const actorId = sessionOf(request).userId;
    try {
      await app.db.transaction(async (tx) => {
        const before = await targetUser(tx, body.id, true);
        const taken = await findTakenAccountKeys(tx, before.id, next.email, next.username);
        if (taken.emailTaken) throw emailTaken();
        if (taken.usernameTaken) throw usernameTaken();
        const notice = appNotice === undefined ? before.app_notice : appNotice;
        await updateUserProfile(tx, before.id, { ...next, appNotice: notice });
        await writeAudit(tx, {
          actorId,
          action: 'user.updated',
          targetType: 'user',
          targetId: before.id,
          before: {
            fullName: before.full_name,
            username: before.username,
            email: before.email,
            phoneNumber: before.phone_number,
            appNotice: before.app_notice,
          },
          after: { ...next, appNotice: notice },
          ip: request.ip,
        });
      });
    } catch (error) {
      // Two edits racing past the check meet the unique indexes instead.
      const constraint = uniqueViolation(error);
      if (constraint === null) throw error;
      throw constraint.includes('username') ? usernameTaken() : emailTaken();
    }
    return { user: await summaryById(app.db, body.id) };
  });
};
