/** Reading the audit log for the console: one filtered page, newest first, and the total. */
import { sql, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE } from '../../../common/contract';
import { queryRows, type Db } from '../../db/client';
import { countOf } from './query-params';

/** Checked filters; every one given must hold. */
export interface AuditFilters {
  /** The actor by id, or by username in any case. */
  actor?: { id: string } | { username: string };
  /** An action exactly, or every action starting with `prefix` (LIKE-escaped by the caller). */
  action?: { exact: string } | { prefix: string };
  targetType?: string;
  targetId?: string;
}

function whereOf(filters: AuditFilters): SQL {
  const conditions: SQL[] = [];
  const { actor, action, targetType, targetId } = filters;
  if (actor !== undefined) {
    conditions.push(
      'id' in actor
        ? sql`l.actor_id = ${actor.id}::uuid`
        : sql`l.actor_id = (select id from users where lower(username) = lower(${actor.username}))`,
    );
  }
  if (action !== undefined) {
    conditions.push(
      'prefix' in action
        ? sql`l.action like ${`${action.prefix}%`}`
        : sql`l.action = ${action.exact}`,
    );
  }
  if (targetType !== undefined) conditions.push(sql`l.target_type = ${targetType}`);
  if (targetId !== undefined) conditions.push(sql`l.target_id = ${targetId}`);
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/** One page of entries with the actor's username, and how many match, read at once. */
export async function listAuditEntries(
  db: Db,
  filters: AuditFilters,
  page: number,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const where = whereOf(filters);
  const [rows, counted] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select l.id::text as id, l.actor_id, u.username, l.action, l.target_type,
                 l.target_id, l.before, l.after, l.reason, l.ip, l.created_at
          from audit_log l
          left join users u on u.id = l.actor_id
          where ${where}
          order by l.created_at desc, l.id desc
          limit ${AUDIT_PAGE_SIZE} offset ${(page - 1) * AUDIT_PAGE_SIZE}`,
    ),
    queryRows<{ n: unknown }>(db, sql`select count(*)::int as n from audit_log l where ${where}`),
  ]);
  return { rows, total: countOf(counted[0]?.n) };
}
