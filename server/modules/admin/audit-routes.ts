/**
 * GET /api/admin/audit: the audit trail, newest first, 50 a page, filtered by actor (user id
 * or username), action (exact, or a prefix ending in ".*": `withdrawal.*`), target type
 * and target id. The log itself is append-only; this only reads it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { AUDIT_PAGE_SIZE, type AuditEntryView, type AuditPage } from '../../../common/contract';
import { queryRows } from '../../db/client';
import { badRequest } from '../../http/errors';
import { isUuid } from '../../http/fields';
import { countOf, isoOf, pageCountOf, pageParam, queryParams } from './query-params';

const ACTION_PATTERN = /^[a-z0-9_]+(\.[a-z0-9_]+)*(\.\*)?$/;
const TARGET_TYPE_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
const TARGET_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;
const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/** The filters as SQL conditions; a bad value answers 400 naming the parameter. */
function filtersOf(
  params: Partial<Record<'actor' | 'action' | 'targetType' | 'targetId', string>>,
) {
  const conditions: SQL[] = [];
  const { actor, action, targetType, targetId } = params;
  if (actor !== undefined) {
    if (isUuid(actor)) conditions.push(sql`l.actor_id = ${actor}::uuid`);
    else if (USERNAME_PATTERN.test(actor)) {
      conditions.push(
        sql`l.actor_id = (select id from users where lower(username) = lower(${actor}))`,
      );
    } else {
      throw badRequest('actor must be a user id or a username.', 'invalid_body', 'actor');
    }
  }
  if (action !== undefined) {
    if (action.length > 64 || !ACTION_PATTERN.test(action)) {
      throw badRequest(
        'action must look like "withdrawal.approved", or end in ".*" for every action of a kind ("withdrawal.*").',
        'invalid_body',
        'action',
      );
    }
    if (action.endsWith('.*')) {
      // The pattern allows only letters, digits, "_" and ".", so only "_" needs escaping.
      const prefix = action.slice(0, -1).replace(/_/g, '\\_');
      conditions.push(sql`l.action like ${`${prefix}%`}`);
    } else {
      conditions.push(sql`l.action = ${action}`);
    }
  }
  if (targetType !== undefined) {
    if (!TARGET_TYPE_PATTERN.test(targetType)) {
      throw badRequest(
        'targetType must be a lower-case name such as "withdrawal" or "user".',
        'invalid_body',
        'targetType',
      );
    }
    conditions.push(sql`l.target_type = ${targetType}`);
  }
  if (targetId !== undefined) {
    if (!TARGET_ID_PATTERN.test(targetId)) {
      throw badRequest(
        'targetId must be 1 to 128 letters, digits, "_", ".", ":" or "-".',
        'invalid_body',
        'targetId',
      );
    }
    conditions.push(sql`l.target_id = ${targetId}`);
  }
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

export const auditRoutes: FastifyPluginAsync = async (app) => {
  app.get('/admin/audit', { config: { access: 'admin' } }, async (request): Promise<AuditPage> => {
    const params = queryParams(request, [
      'actor',
      'action',
      'targetType',
      'targetId',
      'page',
    ] as const);
    const page = pageParam(params.page);
    const where = filtersOf(params);
    const [rows, counted] = await Promise.all([
      queryRows<Record<string, unknown>>(
        app.db,
        sql`select l.id::text as id, l.actor_id, u.username, l.action, l.target_type,
                   l.target_id, l.before, l.after, l.reason, l.ip, l.created_at
            from audit_log l
            left join users u on u.id = l.actor_id
            where ${where}
            order by l.created_at desc, l.id desc
            limit ${AUDIT_PAGE_SIZE} offset ${(page - 1) * AUDIT_PAGE_SIZE}`,
      ),
      queryRows<{ n: unknown }>(
        app.db,
        sql`select count(*)::int as n from audit_log l where ${where}`,
      ),
    ]);
    const total = countOf(counted[0]?.n);
    const items = rows.map((row): AuditEntryView => ({
      _id: String(row.id),
      actor:
        row.actor_id === null
          ? null
          : { _id: String(row.actor_id), username: String(row.username ?? '') },
      action: String(row.action),
      targetType: String(row.target_type),
      targetId: row.target_id === null ? null : String(row.target_id),
      before: row.before ?? null,
      after: row.after ?? null,
      reason: row.reason === null ? null : String(row.reason),
      ip: row.ip === null ? null : String(row.ip),
      createdAt: isoOf(row.created_at),
    }));
    return { items, page, pageCount: pageCountOf(total, AUDIT_PAGE_SIZE), total };
  });
};
