/** The signed-in user's own account. */
import type { FastifyPluginAsync } from 'fastify';
import {
  UpdateLanguageRequest,
  UpdateProfileRequest,
  type UserResponse,
} from '../../../common/contract';
import { checkProfile } from '../../../common/validation';
import { sessionOf } from '../../http/auth-guard';
import { fieldError, notFound } from '../../http/errors';
import { parseBody } from '../../http/validate';
import { updateLanguage, updateProfile } from './profile-repository';
import { loadUserView } from './user-view';

export const userRoutes: FastifyPluginAsync = async (app) => {
  app.get('/getUserById', { config: { access: 'any' } }, async (request): Promise<UserResponse> => {
    const user = await loadUserView(app.db, sessionOf(request).userId, app.nowMs());
    if (!user) throw notFound('User not found.');
    return { user };
  });

  /**
   * The user edits their own full name and phone number with their own token. The body
   * holds exactly those two fields (anything else is an unknown field), so username, email,
   * role, balance, Pay ID and verification can never be set here. Same rules as sign-up.
   */
  app.put(
    '/updateProfile',
    { config: { access: 'user' } },
    async (request): Promise<UserResponse> => {
      const body = parseBody(UpdateProfileRequest, request.body);
      const first = Object.entries(checkProfile(body))[0];
      if (first) throw fieldError(first[0], first[1]);
      const { userId } = sessionOf(request);
      const found = await updateProfile(app.db, userId, {
        fullName: body.fullName.trim(),
        phoneNumber: body.phoneNumber.trim(),
      });
      if (!found) throw notFound('User not found.');
      const user = await loadUserView(app.db, userId);
      if (!user) throw notFound('User not found.');
      request.log.info({ userId }, 'profile updated');
      return { user };
    },
  );

  /** The web app tells its language at sign-in and on every change: mails follow it. */
  app.put('/updateLanguage', { config: { access: 'user' } }, async (request) => {
    const body = parseBody(UpdateLanguageRequest, request.body);
    await updateLanguage(app.db, sessionOf(request).userId, body.language);
    return { message: 'Language updated' };
  });
};
