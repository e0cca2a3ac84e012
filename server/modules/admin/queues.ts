/**
 * The admin queues: deposits, withdrawals and KYC requests by status, paginated, with the
 * user behind each and the admins who acted on it. Plain SQL (one query for the page, one
 * for the count, in parallel). Decisions stay on the spec's calls: PUT /api/updateDeposit/:id,
 * PUT /api/updateWithdraw/:id and PUT /api/updateKyc/:id.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ADMIN_QUEUE_PAGE_SIZE,
  type AdminDeposit,
  type AdminDepositPage,
  type AdminDepositResponse,
  type AdminKycItem,
  type AdminKycPage,
  type AdminRef,
  type AdminWithdraw,
  type AdminWithdrawPage,
  type AdminWithdrawResponse,
  type QueueStatusFilter,
  type RequestStatus,
} from '../../../common/contract';
import { formatCoinUnits, formatMicros } from '../../../common/money';
import { queryRows, type Db } from '../../db/client';
import { sessionOf } from '../../http/auth-guard';
import { notFound } from '../../http/errors';
import { isUuid } from '../../http/fields';
import {
  countOf,
  isoOf,
  isoOrNull,
  pageCountOf,
  pageParam,
  queryParams,
  statusParam,
} from './query-params';

type Row = Record<string, unknown>;

const text = (value: unknown): string => String(value);
const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);
const micros = (value: unknown): string => formatMicros(BigInt(String(value)));

function adminRef(id: unknown, username: unknown): AdminRef | null {
  return id === null || id === undefined ? null : { _id: text(id), username: text(username) };
}

function queueUser(row: Row) {
  return {
    _id: text(row.user_id),
    username: text(row.username),
    fullName: text(row.full_name),
    email: text(row.email),
    payId: text(row.pay_id),
  };
}

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

/** One page of a queue, and the total, with the page and the count in parallel. */
/** A queue: its table (with the alias its row query uses), the row query and the row view. */
interface Queue<T> {
  table: 'deposits' | 'withdrawals' | 'kyc_requests';
  alias: 'd' | 'w' | 'k';
  rows: (where: SQL, order: SQL, limit: number, offset: number) => Promise<Row[]>;
  view: (row: Row) => T;
}

/**
 * One page of a queue for `GET /api/admin/<queue>?status=&page=`: the query parameters
 * checked, the page's rows and the total counted at once.
 */
async function queuePage<T>(db: Db, request: FastifyRequest, queue: Queue<T>) {
  const params = queryParams(request, ['status', 'page'] as const);
  const status = statusParam(params.status);
  const page = pageParam(params.page);
  const where = statusWhere(status, queue.alias);
  const offset = (page - 1) * ADMIN_QUEUE_PAGE_SIZE;
  const [rows, counted] = await Promise.all([
    queue.rows(where, orderFor(status, queue.alias), ADMIN_QUEUE_PAGE_SIZE, offset),
    queryRows<Row>(
      db,
      sql`select count(*)::int as n from ${sql.raw(queue.table)} ${sql.raw(queue.alias)} where ${where}`,
    ),
  ]);
  const total = countOf(counted[0]?.n);
  return {
    items: rows.map(queue.view),
    page,
    pageCount: pageCountOf(total, ADMIN_QUEUE_PAGE_SIZE),
    total,
  };
}

export const adminQueueRoutes: FastifyPluginAsync = async (app) => {
  // Deposits ------------------------------------------------------------------------------

  const depositRows = (where: SQL, order: SQL, limit: number, offset: number) =>
    queryRows<Row>(
      app.db,
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
    );

  const depositView =
    (adminId: string) =>
    (row: Row): AdminDeposit => ({
      _id: text(row.id),
      user: queueUser(row),
      methodId: text(row.method_id),
      gateway: text(row.gateway),
      gatewayType: text(row.gateway_type),
      currency: text(row.currency),
      amount: micros(row.amount_micros),
      coinConversion: formatCoinUnits(BigInt(text(row.coin_units))),
      conversionRate: micros(row.conversion_rate_micros),
      transactionId: text(row.transaction_id),
      // Signed for this admin: /files records every fetch of it in the audit log.
      transactionScreenshot: app.fileLinks.signForAdmin(text(row.screenshot_file_id), adminId),
      status: text(row.status) as RequestStatus,
      reason: textOrNull(row.reason),
      createdAt: isoOf(row.created_at),
      decidedAt: isoOrNull(row.decided_at),
      decidedBy: adminRef(row.decided_by, row.decided_by_username),
    });

  app.get(
    '/admin/deposits',
    { config: { access: 'admin' } },
    async (request): Promise<AdminDepositPage> =>
      queuePage(app.db, request, {
        table: 'deposits',
        alias: 'd',
        rows: depositRows,
        view: depositView(sessionOf(request).userId),
      }),
  );

  app.get<{ Params: { id: string } }>(
    '/admin/deposits/:id',
    { config: { access: 'admin' } },
    async (request): Promise<AdminDepositResponse> => {
      queryParams(request, []);
      const { id } = request.params;
      const [row] = isUuid(id) ? await depositRows(sql`d.id = ${id}::uuid`, sql`d.id`, 1, 0) : [];
      if (!row) throw notFound('Deposit not found.');
      return { deposit: depositView(sessionOf(request).userId)(row) };
    },
  );

  // Withdrawals ---------------------------------------------------------------------------

  const withdrawRows = (where: SQL, order: SQL, limit: number, offset: number) =>
    queryRows<Row>(
      app.db,
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
    );

  const withdrawView = (row: Row): AdminWithdraw => ({
    _id: text(row.id),
    user: queueUser(row),
    methodId: text(row.method_id),
    gateway: text(row.gateway),
    gatewayType: text(row.gateway_type),
    currency: text(row.currency),
    amount: micros(row.amount_micros),
    fee: micros(row.fee_micros),
    needToPay: micros(row.net_micros),
    charge: micros(row.charge_micro_percent),
    coinConversion: formatCoinUnits(BigInt(text(row.coin_units))),
    conversionRate: micros(row.conversion_rate_micros),
    paymentAddress: text(row.payment_address),
    status: text(row.status) as RequestStatus,
    transactionHash: textOrNull(row.transaction_hash),
    reason: textOrNull(row.reason),
    createdAt: isoOf(row.created_at),
    needsSecondApproval: row.needs_second_approval === true,
    firstApprovedBy: adminRef(row.first_approved_by, row.first_approved_by_username),
    firstApprovedAt: isoOrNull(row.first_approved_at),
    decidedBy: adminRef(row.decided_by, row.decided_by_username),
    decidedAt: isoOrNull(row.decided_at),
  });

  app.get(
    '/admin/withdrawals',
    { config: { access: 'admin' } },
    async (request): Promise<AdminWithdrawPage> =>
      queuePage(app.db, request, {
        table: 'withdrawals',
        alias: 'w',
        rows: withdrawRows,
        view: withdrawView,
      }),
  );

  app.get<{ Params: { id: string } }>(
    '/admin/withdrawals/:id',
    { config: { access: 'admin' } },
    async (request): Promise<AdminWithdrawResponse> => {
      queryParams(request, []);
      const { id } = request.params;
      const [row] = isUuid(id) ? await withdrawRows(sql`w.id = ${id}::uuid`, sql`w.id`, 1, 0) : [];
      if (!row) throw notFound('Withdrawal not found.');
      return { withdraw: withdrawView(row) };
    },
  );

  // KYC -----------------------------------------------------------------------------------

  const kycRows = (where: SQL, order: SQL, limit: number, offset: number) =>
    queryRows<Row>(
      app.db,
      sql`select k.id, k.user_id, u.username, u.full_name, u.email, u.pay_id, k.first_name, k.middle_name,
                 k.last_name, k.country, k.document_type, k.status, k.reason, k.created_at,
                 k.decided_at, k.decided_by, a.username as decided_by_username
          from kyc_requests k
          join users u on u.id = k.user_id
          left join users a on a.id = k.decided_by
          where ${where}
          order by ${order}
          limit ${limit} offset ${offset}`,
    );

  const kycItem = (row: Row): AdminKycItem => ({
    _id: text(row.id),
    user: queueUser(row),
    firstName: text(row.first_name),
    middleName: textOrNull(row.middle_name),
    lastName: text(row.last_name),
    country: text(row.country),
    documentType: text(row.document_type),
    status: text(row.status) as RequestStatus,
    reason: textOrNull(row.reason),
    createdAt: isoOf(row.created_at),
    decidedAt: isoOrNull(row.decided_at),
    decidedBy: adminRef(row.decided_by, row.decided_by_username),
  });

  app.get('/admin/kyc', { config: { access: 'admin' } }, async (request): Promise<AdminKycPage> =>
    queuePage(app.db, request, { table: 'kyc_requests', alias: 'k', rows: kycRows, view: kycItem }),
  );
};
