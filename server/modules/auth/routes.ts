/** Accounts and sessions: register, sign in, sign out, change password. */
import type { FastifyPluginAsync } from 'fastify';
import {
  LoginRequest,
  RegisterRequest,
  UpdatePasswordRequest,
  type LoginResponse,
  type RegisterResponse,
} from '../../../common/contract';
import { DEFAULT_LANGUAGE } from '../../../common/rules';
import { checkPassword, checkRegistration, normalizeEmail } from '../../../common/validation';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, conflict, fieldError, TooManyRequestsError } from '../../http/errors';
import { parseBody } from '../../http/validate';
import { loadUserView } from '../users';
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
    async (request): Promise<LoginResponse> => {
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
      const now = new Date();
      const signIn = await app.db.transaction(async (tx) => {
        // With the "sign-in from a new device" mail when the device is new.
        return completeSignIn(tx, user, client, now);
      });
      request.log.info(
        { userId: user.id, role: user.role, newDevice: signIn.newDevice },
        'signed in',
      );
      return { token: signIn.token, role: user.role, expiresAt: signIn.expiresAt.toISOString() };
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
      await afterPasswordChange(tx, userId, 'change');
    });
    request.log.info({ userId }, 'password changed; all sessions revoked');
    return { message: 'Password updated successfully', user: { _id: userId } };
  });
};
