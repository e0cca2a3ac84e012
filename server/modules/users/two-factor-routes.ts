/**
 * The signed-in account's second factor: set-up, enabling, turning off. Set-up and enabling
 * are open to admins too (an admin without two-factor may call nothing else); turning it off
 * is for users only, since every admin must keep one.
 */
import { enqueueMail } from '../mail';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import {
  SetupTwoFactorRequest,
  TwoFactorCodeRequest,
  type EnableTwoFactorResponse,
  type SetupTwoFactorResponse,
} from '../../../common/contract';
import { users } from '../../db/schema';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, notFound } from '../../http/errors';
import { perUserRateLimit } from '../../http/rate-limit';
import { parseBody } from '../../http/validate';
import {
  checkTwoFactorCode,
  enableTwoFactor,
  lockWithdrawals,
  refusalOfCheck,
  removeTwoFactor,
  setupTwoFactor,
} from './two-factor';

/** Set-ups per account per minute: each makes and stores a new key. */
const SETUPS_PER_MINUTE = 10;

export const twoFactorRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/setupTwoFactor',
    {
      config: { access: 'any', rateLimit: perUserRateLimit(SETUPS_PER_MINUTE, 60_000) },
    },
    async (request): Promise<SetupTwoFactorResponse> => {
      // No body, or an empty one: any field is refused (unknown_field), nothing is taken.
      parseBody(SetupTwoFactorRequest, request.body ?? {});
      const { userId } = sessionOf(request);
      const [user] = await app.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user) throw notFound('User not found.');
      const setup = await setupTwoFactor(app.db, userId, user.email, app.nowMs());
      request.log.info({ userId }, 'two-factor set-up started');
      return setup;
    },
  );

  app.post(
    '/enableTwoFactor',
    { config: { access: 'any' } },
    async (request): Promise<EnableTwoFactorResponse> => {
      const body = parseBody(TwoFactorCodeRequest, request.body);
      const { userId } = sessionOf(request);
      const recoveryCodes = await enableTwoFactor(app.db, userId, body.code, app.nowMs());
      // The "two-factor turned on" mail went out in enabling's transaction.
      request.log.info({ userId }, 'two-factor turned on');
      return { recoveryCodes };
    },
  );

  app.post('/disableTwoFactor', { config: { access: 'user' } }, async (request) => {
    const body = parseBody(TwoFactorCodeRequest, request.body);
    const { userId } = sessionOf(request);
    const nowMs = app.nowMs();
    // The body's code is this call's step-up: a TOTP or a recovery code, checked (and spent)
    // under the same lock as every other code.
    const check = await checkTwoFactorCode(app.db, userId, body.code, nowMs);
    if (check === null) {
      throw new ApiError(409, 'Two-factor authentication is not on.', 'two_factor_not_enabled');
    }
    if (!check.ok) throw refusalOfCheck(check);
    const opensAt = await app.db.transaction(async (tx) => {
      await removeTwoFactor(tx, userId);
      await enqueueMail(tx, { userId, kind: 'two_factor_disabled', params: {} });
      return lockWithdrawals(tx, userId, new Date(nowMs));
    });
    request.log.info({ userId }, 'two-factor turned off; withdrawals paused');
    return {
      message: 'Two-factor authentication is off.',
      withdrawalsLockedUntil: opensAt.toISOString(),
    };
  });
};
