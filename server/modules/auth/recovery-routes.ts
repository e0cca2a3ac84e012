/**
 * Proving the mailbox and recovering a forgotten password:
 * - POST /api/verifyEmail {token}: the verification mail's link;
 * - POST /api/resendVerificationEmail: a new link for the signed-in, unverified user;
 * - POST /api/requestPasswordReset {email}: a reset link by mail, answered the same way
 *   and at the same speed whatever the email (the work runs after the answer);
 * - POST /api/resetPassword {token, password}: sets the password, proves the mailbox,
 *   ends every session, and mails "password changed".
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import {
  PasswordResetRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
  type ResendVerificationResponse,
} from '../../../common/contract';
import { checkPassword, normalizeEmail } from '../../../common/validation';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, conflict, fieldError, notFound, tooManyRequests } from '../../http/errors';
import { parseBody } from '../../http/validate';
import type { Tx } from '../../ledger/types';
import { enqueueMail } from '../mail';
import { findUserById, setPasswordHash } from './accounts-repository';
import { isCommonPassword } from './common-passwords';
import {
  createMailToken,
  inspectMailToken,
  mailLinkWaitMs,
  retireMailTokens,
  useMailToken,
  type TokenState,
} from './mail-tokens';
import { afterPasswordChange } from './password-events';
import { hashPassword } from './passwords';
import { waitText } from './proof';
import { revokeAllSessions } from './sessions';

export interface RecoveryRoutesOptions {
  /** Password reset requests allowed per address per minute. */
  passwordResetPerMinute: number;
}

/** The one answer of requestPasswordReset, known email or not. */
const RESET_REQUESTED = {
  message: 'If an account uses this email, a link to reset its password is on its way.',
};

/** Reset requests being worked on after their answer, at most; beyond, one is dropped. */
const MAX_PENDING_RESET_REQUESTS = 64;

/** The 400 of a link that cannot be used, by why. */
function linkRefused(state: Exclude<TokenState['state'], 'valid'>): ApiError {
  switch (state) {
    case 'used':
      return new ApiError(400, 'This link was already used. Ask for a new one.', 'link_used');
    case 'expired':
      return new ApiError(400, 'This link has expired. Ask for a new one.', 'link_expired');
    case 'unknown':
      return new ApiError(400, 'This link is not valid. Ask for a new one.', 'link_invalid');
  }
}

/** A new link of `purpose` and its mail, in `tx`. */
async function mailLink(
  tx: Tx,
  userId: string,
  purpose: 'verify_email' | 'reset_password',
  nowMs: number,
): Promise<void> {
  const token = await createMailToken(tx, userId, purpose, nowMs);
  await enqueueMail(tx, { userId, kind: purpose, params: { token } });
}

/** The verification mail of a new account, in the transaction that inserts it. */
export async function mailVerificationLink(tx: Tx, userId: string, nowMs: number): Promise<void> {
  await mailLink(tx, userId, 'verify_email', nowMs);
}

/**
 * The work of a reset request, after its answer: a user account with this email gets a
 * link, unless it had one in the last minute or five today (then nothing, silently).
 */
async function mailResetLink(db: Db, email: string, nowMs: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    // The limit's statements run for an unknown email too (on no row), so the work that
    // follows the answer, and slows the next request a little, is the same either way.
    const waitMs = await mailLinkWaitMs(tx, user?.id ?? NO_USER_ID, 'reset_password', nowMs);
    // Admin accounts are not reset by mail: another admin or the operator resets them.
    if (!user || user.role !== 'user' || user.disabledAt !== null || waitMs > 0) return false;
    await mailLink(tx, user.id, 'reset_password', nowMs);
    return true;
  });
}

/** A user id no account has (the nil UUID). */
const NO_USER_ID = '00000000-0000-0000-0000-000000000000';

export const recoveryRoutes: FastifyPluginAsync<RecoveryRoutesOptions> = async (app, options) => {
  const pending = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  app.post('/verifyEmail', { config: { access: 'public' } }, async (request) => {
    const body = parseBody(VerifyEmailRequest, request.body);
    const nowMs = app.nowMs();
    const found = await inspectMailToken(app.db, body.token, 'verify_email', nowMs);
    if (found.state !== 'valid') throw linkRefused(found.state);
    await app.db.transaction(async (tx) => {
      const userId = await useMailToken(tx, body.token, 'verify_email', nowMs);
      if (userId === null) throw linkRefused('used');
      await tx
        .update(users)
        .set({
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${new Date(nowMs).toISOString()}::timestamptz)`,
        })
        .where(eq(users.id, userId));
    });
    request.log.info({ userId: found.userId }, 'email verified');
    return { message: 'Your email address is confirmed.' };
  });

  app.post(
    '/resendVerificationEmail',
    { config: { access: 'user' } },
    async (request): Promise<ResendVerificationResponse> => {
      const { userId } = sessionOf(request);
      const nowMs = app.nowMs();
      const user = await findUserById(app.db, userId);
      if (!user) throw notFound('User not found.');
      if (user.emailVerifiedAt !== null) {
        throw conflict('Your email address is already confirmed.', 'already_verified');
      }
      await app.db.transaction(async (tx) => {
        const waitMs = await mailLinkWaitMs(tx, userId, 'verify_email', nowMs);
        if (waitMs > 0) {
          throw tooManyRequests(
            `A confirmation mail was sent a short while ago. Please wait ${waitText(waitMs)} before asking for another.`,
            Math.max(1, Math.ceil(waitMs / 1000)),
          );
        }
        await mailLink(tx, userId, 'verify_email', nowMs);
      });
      return {
        message: 'A new confirmation mail is on its way.',
        sentAt: new Date(nowMs).toISOString(),
      };
    },
  );

  app.post(
    '/requestPasswordReset',
    {
      config: {
        access: 'public',
        rateLimit: { max: options.passwordResetPerMinute, timeWindow: 60_000 },
      },
    },
    async (request) => {
      const body = parseBody(PasswordResetRequest, request.body);
      const email = normalizeEmail(body.email);
      // The answer does not wait for the work: it is the same, and as fast, for an email
      // that has an account and one that has not. The work starts in a later turn of the
      // event loop: the embedded database runs a query's first steps at once, on this
      // thread, which would make the answer for a known email a millisecond slower.
      if (email.length <= 254 && pending.size < MAX_PENDING_RESET_REQUESTS) {
        const nowMs = app.nowMs();
        const work = new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => mailResetLink(app.db, email, nowMs))
          .then((sent) => {
            if (sent) request.log.info('password reset link queued');
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'password reset failed'))
          .finally(() => pending.delete(work));
        pending.add(work);
      }
      return RESET_REQUESTED;
    },
  );

  app.post('/resetPassword', { config: { access: 'public' } }, async (request) => {
    const body = parseBody(ResetPasswordRequest, request.body);
    const nowMs = app.nowMs();
    const found = await inspectMailToken(app.db, body.token, 'reset_password', nowMs);
    if (found.state !== 'valid') throw linkRefused(found.state);
    const user = await findUserById(app.db, found.userId);
    if (!user) throw linkRefused('unknown');
    const code = checkPassword(body.password, {
      username: user.username,
      email: user.email,
      isCommon: isCommonPassword,
    });
    if (code) throw fieldError('password', code);
    const passwordHash = await hashPassword(body.password);
    await app.db.transaction(async (tx) => {
      const userId = await useMailToken(tx, body.token, 'reset_password', nowMs);
      if (userId === null) throw linkRefused('used');
      await retireMailTokens(tx, userId, 'reset_password', nowMs);
      await setPasswordHash(tx, userId, passwordHash);
      // The link came to the mailbox: it is proven.
      await tx
        .update(users)
        .set({
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${new Date(nowMs).toISOString()}::timestamptz)`,
        })
        .where(eq(users.id, userId));
      await revokeAllSessions(tx, userId);
      await afterPasswordChange(tx, userId, 'reset', new Date(app.nowMs()));
    });
    request.log.info({ userId: user.id }, 'password reset; all sessions revoked');
    return { message: 'Your password was reset. Sign in with the new password.' };
  });
};
