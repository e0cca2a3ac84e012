/**
 * The admin console's read side: the dashboard, the deposit, withdrawal and KYC queues and
 * the audit log viewer. Decisions stay on the spec's calls (`PUT /api/updateDeposit/:id`,
 * `PUT /api/updateWithdraw/:id`, `PUT /api/updateKyc/:id`). Every list is paginated:
 * `page` is 1-based, `pageCount` is at least 1.
 */
import {
  array,
  boolean,
  enums,
  nullable,
  number,
  object,
  string,
  union,
  unknown,
  type Infer,
  type Struct,
} from 'superstruct';
import { IsoDate, WireAmount } from './common';
import { CoinAmount, REQUEST_STATUSES, Withdraw } from './wallet';

/** Rows per page of the deposit, withdrawal and KYC queues. */
export const ADMIN_QUEUE_PAGE_SIZE = 20;
/** Rows per page of the audit log viewer. */
export const AUDIT_PAGE_SIZE = 50;
/** The highest page number a list accepts; beyond it the list is empty anyway. */
export const ADMIN_MAX_PAGE = 100_000;

/** `?status=` of the queues: one status, or All. */
export const QUEUE_STATUS_FILTERS = [...REQUEST_STATUSES, 'All'] as const;
export type QueueStatusFilter = (typeof QUEUE_STATUS_FILTERS)[number];

/** The user behind a request, as the queues show it. */
export const QueueUser = object({
  _id: string(),
  username: string(),
  fullName: string(),
  email: string(),
  payId: string(),
});
export type QueueUser = Infer<typeof QueueUser>;

/** An admin who acted on a request (approved, rejected). */
export const AdminRef = object({ _id: string(), username: string() });
export type AdminRef = Infer<typeof AdminRef>;

/** GET /api/admin/deposits, /api/admin/deposits/:id */
export const AdminDeposit = object({
  _id: string(),
  user: QueueUser,
  methodId: string(),
  gateway: string(),
  gatewayType: string(),
  currency: string(),
  amount: WireAmount,
  coinConversion: CoinAmount,
  conversionRate: WireAmount,
  /** Our reference of the deposit. */
  transactionId: string(),
  /**
   * A short-lived link to the screenshot signed for the requesting admin: each fetch of it is
   * recorded in the audit log (`file.viewed`).
   */
  transactionScreenshot: string(),
  status: enums(REQUEST_STATUSES),
  reason: nullable(string()),
  createdAt: IsoDate,
  decidedAt: nullable(IsoDate),
  decidedBy: nullable(AdminRef),
});
export type AdminDeposit = Infer<typeof AdminDeposit>;

/** GET /api/admin/withdrawals, /api/admin/withdrawals/:id */
export const AdminWithdraw = object({
  _id: string(),
  user: QueueUser,
  methodId: string(),
  gateway: string(),
  gatewayType: string(),
  currency: string(),
  amount: WireAmount,
  fee: WireAmount,
  /** amount − fee: what is sent, in USDT. */
  needToPay: WireAmount,
  /** The fee percent. */
  charge: WireAmount,
  /** needToPay ÷ conversionRate, in `currency`. */
  coinConversion: CoinAmount,
  conversionRate: WireAmount,
  paymentAddress: string(),
  status: enums(REQUEST_STATUSES),
  transactionHash: nullable(string()),
  reason: nullable(string()),
  createdAt: IsoDate,
  /**
   * Whether completing it takes two admins: its amount is at or above the dual-approval
   * threshold now, or it already has a first approval.
   */
  needsSecondApproval: boolean(),
  firstApprovedBy: nullable(AdminRef),
  firstApprovedAt: nullable(IsoDate),
  decidedBy: nullable(AdminRef),
  decidedAt: nullable(IsoDate),
});
export type AdminWithdraw = Infer<typeof AdminWithdraw>;

/** GET /api/admin/kyc: the request without its documents (GET /api/admin/kyc/:id has them). */
export const AdminKycItem = object({
  _id: string(),
  user: QueueUser,
  firstName: string(),
  middleName: nullable(string()),
  lastName: string(),
  country: string(),
  documentType: string(),
  status: enums(REQUEST_STATUSES),
  reason: nullable(string()),
  createdAt: IsoDate,
  decidedAt: nullable(IsoDate),
  decidedBy: nullable(AdminRef),
});
export type AdminKycItem = Infer<typeof AdminKycItem>;

const pageOf = <T>(item: Struct<T, unknown>) =>
  object({ items: array(item), page: number(), pageCount: number(), total: number() });

export const AdminDepositPage = pageOf(AdminDeposit);
export type AdminDepositPage = Infer<typeof AdminDepositPage>;
export const AdminDepositResponse = object({ deposit: AdminDeposit });
export type AdminDepositResponse = Infer<typeof AdminDepositResponse>;

export const AdminWithdrawPage = pageOf(AdminWithdraw);
export type AdminWithdrawPage = Infer<typeof AdminWithdrawPage>;
export const AdminWithdrawResponse = object({ withdraw: AdminWithdraw });
export type AdminWithdrawResponse = Infer<typeof AdminWithdrawResponse>;

export const AdminKycPage = pageOf(AdminKycItem);
export type AdminKycPage = Infer<typeof AdminKycPage>;

/**
 * PUT /api/updateWithdraw/:id (admin) answer. `awaitingSecondApproval` is true after the
 * first of two approvals: the withdrawal stays Pending until a different admin approves it.
 */
export const WithdrawDecisionResponse = object({
  withdraw: Withdraw,
  awaitingSecondApproval: boolean(),
  message: string(),
});
export type WithdrawDecisionResponse = Infer<typeof WithdrawDecisionResponse>;

/** GET /api/admin/audit?actor=&action=&targetType=&targetId=&page= */
export const AuditEntryView = object({
  _id: string(),
  /** Null only for rows whose actor was not recorded. */
  actor: nullable(AdminRef),
  action: string(),
  targetType: string(),
  targetId: nullable(string()),
  before: unknown(),
  after: unknown(),
  reason: nullable(string()),
  ip: nullable(string()),
  createdAt: IsoDate,
});
export type AuditEntryView = Infer<typeof AuditEntryView>;
export const AuditPage = pageOf(AuditEntryView);
export type AuditPage = Infer<typeof AuditPage>;

/** Completed volume of one kind: today (UTC) and over the last 7 UTC days, today included. */
const VolumeFigures = object({ today: WireAmount, last7Days: WireAmount });

const MarketFeedView = union([
  object({
    source: string(),
    lastTickAgeMs: nullable(number()),
    stale: boolean(),
    provider: nullable(string()),
    recording: boolean(),
  }),
  object({ error: string() }),
]);

/** GET /api/admin/overview: what needs attention and the platform's health. */
export const AdminDashboard = object({
  users: object({ total: number(), newToday: number() }),
  admin: object({ fullName: string(), email: string() }),
  pending: object({ deposits: number(), withdrawals: number(), kyc: number() }),
  volume: object({ deposits: VolumeFigures, withdrawals: VolumeFigures }),
  /** Sums of the platform accounts' shards: the trading house's result and fee revenue. */
  platform: object({ tradingHouse: WireAmount, feeRevenue: WireAmount }),
  /** The ledger check's last result; it runs at most once a minute per instance. */
  ledger: object({ ok: boolean(), violations: number(), checkedAt: IsoDate }),
  market: MarketFeedView,
  /** Withdrawals of at least this amount need two admins' approvals; null when off. */
  withdrawalDualApproval: nullable(WireAmount),
  /**
   * Whether an admin has saved the blocked-country list once; until then the dashboard asks
   * to choose where timed trades are offered.
   */
  tradingCountriesChosen: boolean(),
});
export type AdminDashboard = Infer<typeof AdminDashboard>;
