/** Accounts and sessions: register, sign in, sign out, change password. */
import type { FastifyPluginAsync } from 'fastify';
import {
  LoginRequest,
  LoginTwoFactorRequest,
  RegisterRequest,
  UpdatePasswordRequest,
  type LoginAnswer,
  type LoginResponse,
  type RegisterResponse,
} from '../../../common/contract';
import { checkPassword, checkRegistration, normalizeEmail } from '../../../common/validation';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, conflict, fieldError } from '../../http/errors';
import { parseBody } from '../../http/validate';
import {
  answerLoginChallenge,
  createLoginChallenge,
  isTwoFactorEnabled,
  loadUserView,
  lockWithdrawals,
  requireStepUp,
} from '../users';
import {
  findUserByEmail,
  findUserById,
  recordSignIn,
  setPasswordHash,
} from './accounts-repository';
import { createAccount } from './new-account';
import { isCommonPassword } from './common-passwords';
import { hashPassword } from './passwords';
import { provePassword } from './proof';
import { createSession, revokeAllSessions, revokeSession } from './sessions';

export interface AuthRoutesOptions {
  /** Registrations allowed per address per minute. */
  registerPerMinute: number;
}

const INVALID_CREDENTIALS = 'Invalid email or password.';

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  app.post(
    '/registerUser',
    {
      config: {
        access: 'public',
        personal: true,
        rateLimit: { max: options.registerPerMinute, timeWindow: 60_000 },
      },
    },
    async (request, reply) => {
      const body = parseBody(RegisterRequest, request.body);
      const errors = checkRegistration(body, isCommonPassword);
      const first = Object.entries(errors)[0];
      if (first) throw fieldError(first[0], first[1]);

      const result = await createAccount(app.db, { ...body, role: 'user' });
      if (!result.ok) {
        throw result.conflict === 'email'
          ? conflict('An account with this email already exists.', 'email_taken', 'email')
          : conflict('This username is already taken.', 'username_taken', 'username');
      }
      const user = await loadUserView(app.db, result.userId);
      if (!user) throw new Error('Registered user vanished');
      request.log.info({ userId: user._id }, 'user registered');
      const response: RegisterResponse = { message: 'Registration successful', user };
      return reply.code(201).send(response);
    },
  );

  app.post(
    '/login',
    { config: { access: 'public', personal: true } },
    async (request): Promise<LoginAnswer> => {
      const body = parseBody(LoginRequest, request.body);
      const email = normalizeEmail(body.email);
      const user = await findUserByEmail(app.db, email);
      if (!(await provePassword(request, email, user, body.password)) || !user) {
        throw new ApiError(401, INVALID_CREDENTIALS, 'invalid_credentials');
      }
      if (user.disabledAt !== null) {
        throw new ApiError(
          403,
          'This account is disabled. Please contact support.',
          'account_disabled',
        );
      }
      // With a second factor, the password alone opens no session: a challenge to answer
      // with a code at /loginTwoFactor.
      if (await isTwoFactorEnabled(app.db, user.id)) {
        const challenge = await createLoginChallenge(app.db, user.id, app.nowMs());
        request.log.info({ userId: user.id }, 'password proved; second factor asked');
        return { twoFactorRequired: true, challenge };
      }
      const answer = await signIn(user);
      request.log.info({ userId: user.id, role: user.role }, 'signed in');
      return answer;
    },
  );

  async function signIn(user: { id: string; role: LoginResponse['role'] }): Promise<LoginResponse> {
    const now = new Date();
    await recordSignIn(app.db, user.id, now);
    const session = await createSession(app.db, user.id, user.role, now);
    return { token: session.token, role: user.role, expiresAt: session.expiresAt.toISOString() };
  }

  app.post(
    '/loginTwoFactor',
    { config: { access: 'public', personal: true } },
    async (request): Promise<LoginResponse> => {
      const body = parseBody(LoginTwoFactorRequest, request.body);
      const userId = await answerLoginChallenge(app.db, body.challenge, body.code, app.nowMs());
      const user = await findUserById(app.db, userId);
      if (!user) throw new ApiError(401, INVALID_CREDENTIALS, 'invalid_credentials');
      if (user.disabledAt !== null) {
        throw new ApiError(
          403,
          'This account is disabled. Please contact support.',
          'account_disabled',
        );
      }
      const answer = await signIn(user);
      request.log.info({ userId: user.id, role: user.role }, 'signed in with a second factor');
      return answer;
    },
  );

  app.post('/logout', { config: { access: 'any' } }, async (request) => {
    await revokeSession(app.db, sessionOf(request).tokenHash);
    return { message: 'Logged out successfully!' };
  });

  // Users only: an admin changes their password through updateAdminPassword, which always
  // asks for the current one.
  app.put('/updateUserPasswordByUser', { config: { access: 'user' } }, async (request) => {
    const body = parseBody(UpdatePasswordRequest, request.body);
    const { userId } = sessionOf(request);
    const user = await findUserById(app.db, userId);
    if (!user) throw new ApiError(404, 'User not found.', 'not_found');
    // With two-factor on, a fresh code too (X-Two-Factor-Code), checked before the password.
    await requireStepUp(request);
    // A stolen token alone must not become a permanent takeover: the password is proved
    // first, under the same throttle as a sign-in.
    if (body.currentPassword === '') throw fieldError('currentPassword', 'currentPasswordRequired');
    if (!(await provePassword(request, user.email, user, body.currentPassword))) {
      throw fieldError('currentPassword', 'currentPasswordIncorrect');
    }
    const code = checkPassword(body.password, {
      username: user.username,
      email: user.email,
      isCommon: isCommonPassword,
    });
    if (code) throw fieldError('password', code);
    const passwordHash = await hashPassword(body.password);
    await app.db.transaction(async (tx) => {
      await setPasswordHash(tx, userId, passwordHash);
      await revokeAllSessions(tx, userId);
      // The cooling period: whoever changed the password cannot withdraw for 24 hours.
      await lockWithdrawals(tx, userId, new Date(app.nowMs()));
    });
    request.log.info({ userId }, 'password changed; all sessions revoked; withdrawals paused');
    return { message: 'Password updated successfully', user: { _id: userId } };
  });
};
