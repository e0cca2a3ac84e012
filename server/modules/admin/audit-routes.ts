/**
 * GET /api/admin/audit: the audit trail, newest first, 50 a page, filtered by actor (user id
 * or username), action (exact, or a prefix ending in ".*": `withdrawal.*`), target type
 * and target id. The log itself is append-only; this only reads it.
 */
import type { FastifyPluginAsync } from 'fastify';
import { AUDIT_PAGE_SIZE, type AuditEntryView, type AuditPage } from '../../../common/contract';
import { badRequest } from '../../http/errors';
import { isUuid } from '../../http/fields';
import { listAuditEntries, type AuditFilters } from './audit-repository';
import { isoOf, pageCountOf, pageParam, queryParams } from './query-params';

const ACTION_PATTERN = /^[a-z0-9_]+(\.[a-z0-9_]+)*(\.\*)?$/;
const TARGET_TYPE_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
const TARGET_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;
const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/** The filters checked; a bad value answers 400 naming the parameter. */
function filtersOf(
  params: Partial<Record<'actor' | 'action' | 'targetType' | 'targetId', string>>,
): AuditFilters {
  const { actor, action, targetType, targetId } = params;
  return {
    actor: actor === undefined ? undefined : actorFilter(actor),
    action: action === undefined ? undefined : actionFilter(action),
    targetType: targetType === undefined ? undefined : targetTypeFilter(targetType),
    targetId: targetId === undefined ? undefined : targetIdFilter(targetId),
  };
}

function actorFilter(actor: string): AuditFilters['actor'] {
  if (isUuid(actor)) return { id: actor };
  if (USERNAME_PATTERN.test(actor)) return { username: actor };
  throw badRequest('actor must be a user id or a username.', 'invalid_body', 'actor');
}

function actionFilter(action: string): AuditFilters['action'] {
  if (action.length > 64 || !ACTION_PATTERN.test(action)) {
    throw badRequest(
      'action must look like "withdrawal.approved", or end in ".*" for every action of a kind ("withdrawal.*").',
      'invalid_body',
      'action',
    );
  }
  // The pattern allows only letters, digits, "_" and ".", so only "_" needs escaping.
  if (action.endsWith('.*')) return { prefix: action.slice(0, -1).replace(/_/g, '\\_') };
  return { exact: action };
}

function targetTypeFilter(targetType: string): string {
  if (!TARGET_TYPE_PATTERN.test(targetType)) {
    throw badRequest(
      'targetType must be a lower-case name such as "withdrawal" or "user".',
      'invalid_body',
      'targetType',
    );
  }
  return targetType;
}

function targetIdFilter(targetId: string): string {
  if (!TARGET_ID_PATTERN.test(targetId)) {
    throw badRequest(
      'targetId must be 1 to 128 letters, digits, "_", ".", ":" or "-".',
      'invalid_body',
      'targetId',
    );
  }
  return targetId;
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
    const { rows, total } = await listAuditEntries(app.db, filtersOf(params), page);
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
