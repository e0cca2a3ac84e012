/** The signed-in user's own account. */
import type { FastifyPluginAsync } from 'fastify';
import type { UserResponse } from '../../../common/contract';
import { sessionOf } from '../../http/auth-guard';
import { notFound } from '../../http/errors';
import { loadUserView } from './user-view';

export const userRoutes: FastifyPluginAsync = async (app) => {
  app.get('/getUserById', { config: { access: 'any' } }, async (request): Promise<UserResponse> => {
    const user = await loadUserView(app.db, sessionOf(request).userId);
    if (!user) throw notFound('User not found.');
    return { user };
  });
};
