/**
 * The queues' rows: deposits, withdrawals and KYC requests, each with the user behind it and
 * the admins who acted on it. Plain SQL; a page's rows and the total are read at once.
 * Rows come as the driver gives them; the routes turn them into the contract's views.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ADMIN_QUEUE_PAGE_SIZE, type QueueStatusFilter } from '../../../common/contract';
import { queryRows, type Db } from '../../db/client';
import { isUuid } from '../../http/fields';
import { countOf } from './query-params';

export type QueueRow = Record<string, unknown>;

/** A queue's table, and the alias its row query gives it. */
interface QueueTable {
  table: 'deposits' | 'withdrawals' | 'kyc_requests';
  alias: 'd' | 'w' | 'k';
  /** The rows under `where`, in `order`, one page of them. */
  select: (where: SQL, order: SQL, limit: number, offset: number) => SQL;
}

const DEPOSITS: QueueTable = {
  table: 'deposits',
  alias: 'd',
  select: (where, order, limit, offset) =>
    sql`select d.id, d.user_id, u.username, u.full_name, u.email, u.pay_id, d.method_id, d.gateway,
               d.gateway_type, d.currency, d.amount_micros::text as amount_micros,
               d.coin_units::text as coin_units,
               d.conversion_rate_micros::text as conversion_rate_micros,
               d.screenshot_file_id, d.transaction_id, d.status, d.reason, d.created_at,
               d.decided_at, d.decided_by, a.username as decided_by_username
        from deposits d
        join users u on u.id = d.user_id
        left join users a on a.id = d.decided_by
        where ${where}
        order by ${order}
        limit ${limit} offset ${offset}`,
};

/** A withdrawal needs a second approval once one admin approved it or from the settings' size. */
const WITHDRAWALS: QueueTable = {
  table: 'withdrawals',
  alias: 'w',
  select: (where, order, limit, offset) =>
    sql`select w.id, w.user_id, u.username, u.full_name, u.email, u.pay_id, w.method_id, w.gateway,
               w.gateway_type, w.currency, w.amount_micros::text as amount_micros,
               w.fee_micros::text as fee_micros, w.net_micros::text as net_micros,
               w.charge_micro_percent::text as charge_micro_percent,
               w.coin_units::text as coin_units,
               w.conversion_rate_micros::text as conversion_rate_micros,
               w.payment_address, w.status, w.transaction_hash, w.reason, w.created_at,
               coalesce(w.first_approved_by is not null
                 or w.amount_micros >= (select withdrawal_dual_approval_micros
                                        from site_settings where id = 1), false)
                 as needs_second_approval,
               w.first_approved_by, f.username as first_approved_by_username,
               w.first_approved_at, w.decided_by, a.username as decided_by_username,
               w.decided_at
        from withdrawals w
        join users u on u.id = w.user_id
        left join users f on f.id = w.first_approved_by
        left join users a on a.id = w.decided_by
        where ${where}
        order by ${order}
        limit ${limit} offset ${offset}`,
};

const KYC_REQUESTS: QueueTable = {
  table: 'kyc_requests',
  alias: 'k',
  select: (where, order, limit, offset) =>
    sql`select k.id, k.user_id, u.username, u.full_name, u.email, u.pay_id, k.first_name, k.middle_name,
               k.last_name, k.country, k.document_type, k.status, k.reason, k.created_at,
               k.decided_at, k.decided_by, a.username as decided_by_username
        from kyc_requests k
        join users u on u.id = k.user_id
        left join users a on a.id = k.decided_by
        where ${where}
        order by ${order}
        limit ${limit} offset ${offset}`,
};

/** Pending is a queue: oldest first. Decided requests: newest decision first. */
function orderFor(status: QueueStatusFilter, alias: string): SQL {
  const t = sql.raw(alias);
  if (status === 'Pending') return sql`${t}.created_at asc, ${t}.id asc`;
  if (status === 'All') return sql`${t}.created_at desc, ${t}.id desc`;
  return sql`${t}.decided_at desc nulls last, ${t}.id desc`;
}

function statusWhere(status: QueueStatusFilter, alias: string): SQL {
  return status === 'All' ? sql`true` : sql`${sql.raw(alias)}.status = ${status}`;
}

/** One page of a queue by status, and the total, with the page and the count in parallel. */
async function listQueue(
  db: Db,
  queue: QueueTable,
  status: QueueStatusFilter,
  page: number,
): Promise<{ rows: QueueRow[]; total: number }> {
  const where = statusWhere(status, queue.alias);
  const offset = (page - 1) * ADMIN_QUEUE_PAGE_SIZE;
  const order = orderFor(status, queue.alias);
  const [rows, counted] = await Promise.all([
    queryRows<QueueRow>(db, queue.select(where, order, ADMIN_QUEUE_PAGE_SIZE, offset)),
    queryRows<QueueRow>(
      db,
      sql`select count(*)::int as n from ${sql.raw(queue.table)} ${sql.raw(queue.alias)} where ${where}`,
    ),
  ]);
  return { rows, total: countOf(counted[0]?.n) };
}

/** One row of a queue by id, or undefined (an id that is not a UUID names none). */
async function findInQueue(db: Db, queue: QueueTable, id: string): Promise<QueueRow | undefined> {
  if (!isUuid(id)) return undefined;
  const t = sql.raw(queue.alias);
  const [row] = await queryRows<QueueRow>(
    db,
    queue.select(sql`${t}.id = ${id}::uuid`, sql`${t}.id`, 1, 0),
  );
  return row;
}

export const listDeposits = (db: Db, status: QueueStatusFilter, page: number) =>
  listQueue(db, DEPOSITS, status, page);
export const findDeposit = (db: Db, id: string) => findInQueue(db, DEPOSITS, id);
export const listWithdrawals = (db: Db, status: QueueStatusFilter, page: number) =>
  listQueue(db, WITHDRAWALS, status, page);
export const findWithdrawal = (db: Db, id: string) => findInQueue(db, WITHDRAWALS, id);
export const listKycRequests = (db: Db, status: QueueStatusFilter, page: number) =>
  listQueue(db, KYC_REQUESTS, status, page);
