/**
 * The admin console's calls on users, coins and admins. Bodies are `object()` shapes, so any
 * field not listed (balance, role, payId, a trade's result...) is refused as unknown: an
 * admin changes money only through an adjustment with a reason, and nothing here can decide
 * a trade.
 */
import {
  array,
  boolean,
  enums,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  string,
  union,
  type Infer,
} from 'superstruct';
import { ROLES } from '../rules';
import { AdminApprovalResponse } from './admin-approvals';
import { User } from './auth';
import { IsoDate, WireAmount } from './common';

/** Users per page of GET /api/admin/users. */
export const ADMIN_USERS_PAGE_SIZE = 20;
/** The longest search (`q`) GET /api/admin/users takes: email, username or Pay ID. */
export const ADMIN_USER_SEARCH_MAX_LENGTH = 100;
/** The last page GET /api/admin/users serves. */
export const ADMIN_USERS_MAX_PAGE = 10_000;
/** The personal notice an admin can put on a user's home screen. */
export const APP_NOTICE_MAX_LENGTH = 1000;
/** An adjustment's reason, required. */
export const ADJUSTMENT_REASON_MIN_LENGTH = 3;
export const ADJUSTMENT_REASON_MAX_LENGTH = 500;
/** The largest adjustment either way: 1,000,000 USDT in micros. */
export const ADJUSTMENT_MAX_MICROS = 1_000_000n * 1_000_000n;
/** Newest ledger postings on a user's page, and newest of each other list. */
export const ADMIN_USER_LEDGER_LIMIT = 50;
export const ADMIN_USER_LIST_LIMIT = 20;
/** How long a read-only "view as user" session lasts. */
export const IMPERSONATION_TTL_MINUTES = 15;
/** A coin symbol: what trades and recorded ticks refer to. */
export const COIN_SYMBOL_PATTERN = /^[A-Z0-9]{2,15}$/;
export const COIN_NAME_MAX_LENGTH = 50;
/** A coin's sort order, either way. */
export const COIN_SORT_ORDER_LIMIT = 1_000_000;

/** A user as the console lists them. */
export const AdminUserSummary = object({
  _id: string(),
  fullName: string(),
  username: string(),
  email: string(),
  phoneNumber: string(),
  payId: string(),
  role: enums(ROLES),
  isVerified: boolean(),
  isVerificationPending: boolean(),
  disabled: boolean(),
  tradingAllowed: boolean(),
  withdrawalsAllowed: boolean(),
  /** Available: the wallet balance minus holds. */
  balance: WireAmount,
  onHold: WireAmount,
  lastLoginDate: nullable(IsoDate),
  createdAt: IsoDate,
  /** Whether the account has a second factor (an admin can reset a user's). */
  twoFactorEnabled: boolean(),
  /** The withdrawal cooling period after a security change: until then (null: none). */
  withdrawalsLockedUntil: nullable(IsoDate),
});
export type AdminUserSummary = Infer<typeof AdminUserSummary>;

/** GET /api/admin/users?q=&page= */
export const AdminUserList = object({
  users: array(AdminUserSummary),
  page: number(),
  pageSize: number(),
  total: number(),
});
export type AdminUserList = Infer<typeof AdminUserList>;

const AdminLedgerLine = object({
  entryId: string(),
  /** The entry's kind: 'deposit', 'withdrawal', 'transfer', 'adjustment', 'trade_open'... */
  kind: string(),
  referenceType: string(),
  referenceId: string(),
  memo: nullable(string()),
  /** Signed: positive credits the wallet, negative debits it. */
  amount: WireAmount,
  createdAt: IsoDate,
});

const AdminUserTrade = object({
  _id: string(),
  symbol: string(),
  direction: string(),
  amount: WireAmount,
  durationS: number(),
  status: string(),
  result: nullable(string()),
  returned: nullable(WireAmount),
  createdAt: IsoDate,
  expiresAt: IsoDate,
});

const AdminUserDeposit = object({
  _id: string(),
  gateway: string(),
  amount: WireAmount,
  status: string(),
  reason: nullable(string()),
  createdAt: IsoDate,
});

const AdminUserWithdrawal = object({
  _id: string(),
  gateway: string(),
  amount: WireAmount,
  fee: WireAmount,
  net: WireAmount,
  paymentAddress: string(),
  status: string(),
  transactionHash: nullable(string()),
  reason: nullable(string()),
  createdAt: IsoDate,
});

const AdminUserTransfer = object({
  _id: string(),
  direction: enums(['sent', 'received']),
  counterpartyPayId: string(),
  counterpartyUsername: string(),
  amount: WireAmount,
  fee: WireAmount,
  net: WireAmount,
  createdAt: IsoDate,
});

const AdminUserKyc = object({
  _id: string(),
  status: string(),
  documentType: string(),
  country: string(),
  reason: nullable(string()),
  createdAt: IsoDate,
  decidedAt: nullable(IsoDate),
});

/** GET /api/admin/users/:id: the user's page. Every list is bounded, newest first. */
/** A time-out or self-exclusion the user started: shown read-only, nobody can end it early. */
const AdminUserBlock = object({
  kind: enums(['timeout', 'self_exclusion'] as const),
  startedAt: IsoDate,
  until: IsoDate,
});

export const AdminUserDetail = object({
  user: object({
    ...AdminUserSummary.schema,
    appNotice: nullable(string()),
    country: nullable(string()),
    disabledAt: nullable(IsoDate),
    /** When the user acknowledged the risk of timed trades; null until then. */
    riskAcknowledgedAt: nullable(IsoDate),
  }),
  /** The user's time-outs and self-exclusions, newest first (at most 20). */
  blocks: array(AdminUserBlock),
  ledger: array(AdminLedgerLine),
  trades: array(AdminUserTrade),
  deposits: array(AdminUserDeposit),
  withdrawals: array(AdminUserWithdrawal),
  transfers: array(AdminUserTransfer),
  kyc: array(AdminUserKyc),
});
export type AdminUserDetail = Infer<typeof AdminUserDetail>;

/**
 * PUT /api/updateUser (admin): the contract's profile body, plus the personal notice (absent:
 * unchanged; null or "" clears it). Balance, role, Pay ID and flags are not here.
 */
export const AdminUpdateUserRequest = object({
  id: string(),
  fullName: string(),
  username: string(),
  email: string(),
  phoneNumber: string(),
  appNotice: optional(nullable(string())),
});
export type AdminUpdateUserRequest = Infer<typeof AdminUpdateUserRequest>;

/** PUT /api/admin/users/:id/flags: at least one of them. Disabling revokes every session. */
export const AdminUserFlagsRequest = object({
  disabled: optional(boolean()),
  tradingAllowed: optional(boolean()),
  withdrawalsAllowed: optional(boolean()),
});
export type AdminUserFlagsRequest = Infer<typeof AdminUserFlagsRequest>;

/** The answer of updateUser and of the flags call. */
export const AdminUserResponse = object({ user: AdminUserSummary });

/**
 * POST /api/admin/users/:id/adjustments (Idempotency-Key required): a signed amount
 * ("25.5" credits, "-10" debits), never zero, and the reason, which is recorded.
 */
export const AdminAdjustmentRequest = object({ amount: string(), reason: string() });
export type AdminAdjustmentRequest = Infer<typeof AdminAdjustmentRequest>;

export const AdminAdjustmentResponse = object({
  adjustment: object({
    /** The adjustment's id: the reference of its journal entry. */
    _id: string(),
    userId: string(),
    amount: WireAmount,
    reason: string(),
    /** The wallet's total balance (available plus on hold) before and after. */
    balanceBefore: WireAmount,
    balanceAfter: WireAmount,
    createdAt: IsoDate,
  }),
});
export type AdminAdjustmentResponse = Infer<typeof AdminAdjustmentResponse>;

/**
 * The answer of an adjustment: 201 with the adjustment when one admin may make it, 202 with
 * the pending request when it needs a second admin (at or above the dual-approval threshold).
 */
export const AdminAdjustmentResult = union([AdminAdjustmentResponse, AdminApprovalResponse]);
export type AdminAdjustmentResult = Infer<typeof AdminAdjustmentResult>;

/** POST /api/admin/users/:id/password: the shared password rules; every session is revoked. */
export const AdminPasswordResetRequest = object({ password: string() });

/**
 * POST /api/admin/users/:id/resetTwoFactor: removes a user's second factor (a lost device),
 * with the reason, which the audit log keeps; withdrawals pause for 24 hours.
 */
export const AdminTwoFactorResetRequest = object({ reason: string() });
export type AdminTwoFactorResetRequest = Infer<typeof AdminTwoFactorResetRequest>;

/** POST /api/userLogin/:id (admin, no body): a read-only session of that user. */
export const ImpersonationResponse = object({
  token: string(),
  user: User,
  expiresAt: IsoDate,
  readOnly: literal(true),
});
export type ImpersonationResponse = Infer<typeof ImpersonationResponse>;

/** A listed coin as the console manages it. */
export const AdminCoin = object({
  _id: string(),
  symbol: string(),
  name: string(),
  sortOrder: number(),
  createdAt: IsoDate,
});
export type AdminCoin = Infer<typeof AdminCoin>;

/** GET /api/admin/coins */
export const AdminCoinList = object({ coins: array(AdminCoin) });

/** POST /api/createCoin */
export const CreateCoinRequest = object({
  symbol: string(),
  name: string(),
  sortOrder: optional(integer()),
});
/** PUT /api/updateCoin: the symbol never changes (trades and ticks refer to it). */
export const UpdateCoinRequest = object({
  id: string(),
  name: optional(string()),
  sortOrder: optional(integer()),
});
export type CreateCoinRequest = Infer<typeof CreateCoinRequest>;
export type UpdateCoinRequest = Infer<typeof UpdateCoinRequest>;
/** PUT /api/deleteCoin */
export const DeleteCoinRequest = object({ id: string() });
export const AdminCoinResponse = object({ coin: AdminCoin });

/**
 * POST /api/admin/admins: asks for another admin account, under the sign-up rules. It answers
 * 202 with the pending request (AdminApprovalResponse): the account is made when a second
 * admin approves it.
 */
export const CreateAdminRequest = object({
  fullName: string(),
  username: string(),
  email: string(),
  password: string(),
  phoneNumber: optional(string()),
});
export type CreateAdminRequest = Infer<typeof CreateAdminRequest>;
