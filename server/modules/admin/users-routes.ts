/**
 * The console's users: the search here, and the routes of one user registered with it: the
 * user's page (user-detail-routes.ts), the profile edit (user-profile-routes.ts), flags and
 * password reset (user-account-routes.ts) and balance adjustments (user-money-routes.ts).
 * Every change is audited in the transaction that makes it.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  ADMIN_USER_SEARCH_MAX_LENGTH,
  ADMIN_USERS_MAX_PAGE,
  ADMIN_USERS_PAGE_SIZE,
  type AdminUserList,
} from '../../../common/contract';
import { badRequest } from '../../http/errors';
import { userAccountRoutes } from './user-account-routes';
import { userDetailRoutes } from './user-detail-routes';
import { userMoneyRoutes } from './user-money-routes';
import { userProfileRoutes } from './user-profile-routes';
import { summaryOf } from './user-views';
import { searchUserSummaries } from './users-repository';

function parseListQuery(query: unknown): { q: string | null; page: number } {
  const raw = (query ?? {}) as Record<string, unknown>;
  const qText = raw.q ?? '';
  if (typeof qText !== 'string') throw badRequest('q must be text.', 'invalid_body', 'q');
  const q = qText.trim();
  if (q.length > ADMIN_USER_SEARCH_MAX_LENGTH) {
    throw badRequest(
      `q must be at most ${ADMIN_USER_SEARCH_MAX_LENGTH} characters.`,
      'invalid_body',
      'q',
    );
  }
  const pageText = raw.page ?? '1';
  if (typeof pageText !== 'string' || !/^[1-9]\d{0,4}$/.test(pageText)) {
    throw badRequest('page must be a whole number from 1.', 'invalid_body', 'page');
  }
  const page = Number(pageText);
  if (page > ADMIN_USERS_MAX_PAGE)
    throw badRequest(`page must be at most ${ADMIN_USERS_MAX_PAGE}.`, 'invalid_body', 'page');
  return { q: q === '' ? null : q, page };
}

export const adminUserRoutes: FastifyPluginAsync = async (app) => {
  await app.register(userDetailRoutes);
  await app.register(userProfileRoutes);
  await app.register(userAccountRoutes);
  await app.register(userMoneyRoutes);

  app.get('/admin/users', { config: { access: 'admin' } }, async (request) => {
    const { q, page } = parseListQuery(request.query);
    const { rows, total } = await searchUserSummaries(app.db, q, page);
    const list: AdminUserList = {
      users: rows.map(summaryOf),
      page,
      pageSize: ADMIN_USERS_PAGE_SIZE,
      total,
    };
    return list;
  });
};
