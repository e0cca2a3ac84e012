/** Accounts and sessions: register, sign in, sign out, change password. */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  LoginRequest,
  LoginTwoFactorRequest,
  RegisterRequest,
  UpdatePasswordRequest,
  type LoginAnswer,
  type LoginResponse,
  type RegisterResponse,
} from '../../../common/contract';
import { DEFAULT_LANGUAGE } from '../../../common/rules';
import { checkPassword, checkRegistration, normalizeEmail } from '../../../common/validation';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, conflict, fieldError, TooManyRequestsError } from '../../http/errors';
import { parseBody } from '../../http/validate';
import {
  answerLoginChallenge,
  createLoginChallenge,
  isTwoFactorEnabled,
  loadUserView,
  requireStepUp,
} from '../users';
import { findUserByEmail, findUserById, setPasswordHash } from './accounts-repository';
import { createAccount } from './new-account';
import { afterPasswordChange } from './password-events';
import { mailVerificationLink } from './recovery-routes';
import { isCommonPassword } from './common-passwords';
import { hashPassword } from './passwords';
import { provePassword } from './proof';
import { recordLoginAttempt, recordThrottledAttempt } from './login-history';
import { revokeAllSessions, revokeSession } from './sessions';
import { completeSignIn, signInClientOf } from './sign-in';

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

      const { language, ...fields } = body;
      // The verification mail is written in the transaction that makes the account.
      const result = await createAccount(
        app.db,
        { ...fields, language: language ?? DEFAULT_LANGUAGE, role: 'user', emailVerified: false },
        (tx, userId) => mailVerificationLink(tx, userId, app.nowMs()),
      );
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
      const client = signInClientOf(request);
      // Attempts on an existing account go into its sign-in history; an unknown email's
      // belong to no one.
      const record = async (result: 'wrong_password' | 'account_disabled') => {
        if (!user) return;
        await recordLoginAttempt(app.db, {
          userId: user.id,
          result,
          ipAddress: client.ipAddress,
          userAgent: client.userAgent,
          at: new Date(),
        });
      };
      let proved: boolean;
      try {
        proved = await provePassword(request, email, user, body.password);
      } catch (error) {
        if (error instanceof TooManyRequestsError && user) {
          await recordThrottledAttempt(app.db, {
            userId: user.id,
            ipAddress: client.ipAddress,
            userAgent: client.userAgent,
            at: new Date(),
          });
        }
        throw error;
      }
      if (!proved || !user) {
        await record('wrong_password');
        throw new ApiError(401, INVALID_CREDENTIALS, 'invalid_credentials');
      }
      if (user.disabledAt !== null) {
        await record('account_disabled');
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
      return signIn(request, user);
    },
  );

  /**
   * Opens the session of a proved sign-in (sign-in.ts: the session, the device, the history
   * and, for a new device, its mail, in one transaction).
   */
  async function signIn(
    request: FastifyRequest,
    user: { id: string; role: LoginResponse['role'] },
  ): Promise<LoginResponse> {
    const now = new Date();
    const client = signInClientOf(request);
    const completed = await app.db.transaction((tx) => completeSignIn(tx, user, client, now));
    request.log.info(
      { userId: user.id, role: user.role, newDevice: completed.newDevice },
      'signed in',
    );
    return {
      token: completed.token,
      role: user.role,
      expiresAt: completed.expiresAt.toISOString(),
    };
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
      return signIn(request, user);
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
      await afterPasswordChange(tx, userId, 'change', new Date(app.nowMs()));
    });
    request.log.info({ userId }, 'password changed; all sessions revoked; withdrawals paused');
    return { message: 'Password updated successfully', user: { _id: userId } };
  });
};
