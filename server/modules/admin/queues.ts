/**
 * The admin queues: deposits, withdrawals and KYC requests by status, paginated, with the
 * user behind each and the admins who acted on it (rows from queues-repository.ts).
 * Decisions stay on the spec's calls: PUT /api/updateDeposit/:id, PUT /api/updateWithdraw/:id
 * and PUT /api/updateKyc/:id.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
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
import type { Db } from '../../db/client';
import { sessionOf } from '../../http/auth-guard';
import { notFound } from '../../http/errors';
import {
  findDeposit,
  findWithdrawal,
  listDeposits,
  listKycRequests,
  listWithdrawals,
  type QueueRow,
} from './queues-repository';
import { isoOf, isoOrNull, pageCountOf, pageParam, queryParams, statusParam } from './query-params';

const text = (value: unknown): string => String(value);
const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);
const micros = (value: unknown): string => formatMicros(BigInt(String(value)));

function adminRef(id: unknown, username: unknown): AdminRef | null {
  return id === null || id === undefined ? null : { _id: text(id), username: text(username) };
}

function queueUser(row: QueueRow) {
  return {
    _id: text(row.user_id),
    username: text(row.username),
    fullName: text(row.full_name),
    email: text(row.email),
    payId: text(row.pay_id),
  };
}

type ListQueue = (
  db: Db,
  status: QueueStatusFilter,
  page: number,
) => Promise<{ rows: QueueRow[]; total: number }>;

/**
 * One page of a queue for `GET /api/admin/<queue>?status=&page=`: the query parameters
 * checked, then the page's rows and the total.
 */
async function queuePage<T>(
  db: Db,
  request: FastifyRequest,
  list: ListQueue,
  view: (row: QueueRow) => T,
) {
  const params = queryParams(request, ['status', 'page'] as const);
  const status = statusParam(params.status);
  const page = pageParam(params.page);
  const { rows, total } = await list(db, status, page);
  return {
    items: rows.map(view),
    page,
    pageCount: pageCountOf(total, ADMIN_QUEUE_PAGE_SIZE),
    total,
  };
}

/** A deposit; its screenshot link is signed for this admin, so /files audits each fetch. */
const depositView =
  (fileLinks: FastifyInstance['fileLinks'], adminId: string) =>
  (row: QueueRow): AdminDeposit => ({
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
    transactionScreenshot: fileLinks.signForAdmin(text(row.screenshot_file_id), adminId),
    status: text(row.status) as RequestStatus,
    reason: textOrNull(row.reason),
    createdAt: isoOf(row.created_at),
    decidedAt: isoOrNull(row.decided_at),
    decidedBy: adminRef(row.decided_by, row.decided_by_username),
  });

const withdrawView = (row: QueueRow): AdminWithdraw => ({
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

const kycItem = (row: QueueRow): AdminKycItem => ({
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

export const adminQueueRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/admin/deposits',
    { config: { access: 'admin' } },
    async (request): Promise<AdminDepositPage> =>
      queuePage(
        app.db,
        request,
        listDeposits,
        depositView(app.fileLinks, sessionOf(request).userId),
      ),
  );

  app.get<{ Params: { id: string } }>(
    '/admin/deposits/:id',
    { config: { access: 'admin' } },
    async (request): Promise<AdminDepositResponse> => {
      queryParams(request, []);
      const row = await findDeposit(app.db, request.params.id);
      if (!row) throw notFound('Deposit not found.');
      return { deposit: depositView(app.fileLinks, sessionOf(request).userId)(row) };
    },
  );

  app.get(
    '/admin/withdrawals',
    { config: { access: 'admin' } },
    async (request): Promise<AdminWithdrawPage> =>
      queuePage(app.db, request, listWithdrawals, withdrawView),
  );

  app.get<{ Params: { id: string } }>(
    '/admin/withdrawals/:id',
    { config: { access: 'admin' } },
    async (request): Promise<AdminWithdrawResponse> => {
      queryParams(request, []);
      const row = await findWithdrawal(app.db, request.params.id);
      if (!row) throw notFound('Withdrawal not found.');
      return { withdraw: withdrawView(row) };
    },
  );

  app.get('/admin/kyc', { config: { access: 'admin' } }, async (request): Promise<AdminKycPage> =>
    queuePage(app.db, request, listKycRequests, kycItem),
  );
};
