/**
 * The console's users: search, a user's page, profile edit, account flags, balance
 * adjustments and password resets. Every change is audited in the transaction that makes
 * it. An admin never writes a balance: money moves only as a balanced ledger entry of kind
 * 'adjustment' with a mandatory reason.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  ADJUSTMENT_MAX_MICROS,
  ADJUSTMENT_REASON_MAX_LENGTH,
  ADJUSTMENT_REASON_MIN_LENGTH,
  ADMIN_USER_LEDGER_LIMIT,
  ADMIN_USER_LIST_LIMIT,
  ADMIN_USER_SEARCH_MAX_LENGTH,
  ADMIN_USERS_MAX_PAGE,
  ADMIN_USERS_PAGE_SIZE,
  APP_NOTICE_MAX_LENGTH,
  AdminAdjustmentRequest,
  AdminPasswordResetRequest,
  AdminUpdateUserRequest,
  AdminUserFlagsRequest,
  type AdminAdjustmentResponse,
  type AdminApprovalResponse,
  type AdminUserDetail,
  type AdminUserList,
  type AdminUserSummary,
} from '../../../common/contract';
import { adjustmentNeedsSecondAdmin } from '../../../common/four-eyes';
import { formatMicros, microsFromWire, parseAmount } from '../../../common/money';
import {
  checkEmail,
  checkFullName,
  checkPassword,
  checkPhone,
  checkUsername,
  normalizeEmail,
  type FieldErrorCode,
} from '../../../common/validation';
import { queryRows, type Db } from '../../db/client';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, badRequest, conflict, fieldError, notFound } from '../../http/errors';
import { runIdempotent, type PreparedChange } from '../../http/idempotency';
import { siteSettings } from '../../db/schema';
import { parseBody } from '../../http/validate';
import { platformShard } from '../../ledger/accounts';
import { InsufficientFundsError } from '../../ledger/errors';
import { lockAccounts, postEntry } from '../../ledger/posting';
import type { Tx } from '../../ledger/types';
import { hashPassword, isCommonPassword, revokeAllSessions } from '../auth';
import { isUuid } from '../../http/fields';
import { newRecordId } from '../../lib/record-id';
import {
  approvalView,
  databaseNow,
  insertApproval,
  pendingMessage,
  pendingRow,
  type ApprovalContext,
  type ApprovalPayload,
} from '../approvals';
import { writeAudit } from '../audit';

/** A timestamp column as ISO-8601 text in UTC, so both drivers answer the same string. */
export function isoText(column: string): SQL {
  return sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
}

interface SummaryRow {
  id: string;
  full_name: string;
  username: string;
  email: string;
  phone_number: string;
  pay_id: string;
  role: 'user' | 'admin';
  is_verified: boolean;
  is_verification_pending: boolean;
  disabled: boolean;
  trading_allowed: boolean;
  withdrawals_allowed: boolean;
  balance: string;
  held: string;
  last_login: string | null;
  created_at: string;
  app_notice: string | null;
  country: string | null;
  disabled_at: string | null;
  wallet: string | null;
}

const SUMMARY_SELECT = sql`select u.id::text as id, u.full_name, u.username, u.email,
    u.phone_number, u.pay_id, u.role, u.is_verified, u.is_verification_pending,
    (u.disabled_at is not null) as disabled, u.trading_allowed, u.withdrawals_allowed,
    coalesce(a.balance_micros, 0)::text as balance, coalesce(a.held_micros, 0)::text as held,
    ${isoText('u.last_login_at')} as last_login, ${isoText('u.created_at')} as created_at,
    u.app_notice, u.country, ${isoText('u.disabled_at')} as disabled_at, a.id::text as wallet
  from users u
  left join ledger_accounts a on a.user_id = u.id and a.kind = 'user_wallet'`;

function summaryOf(row: SummaryRow): AdminUserSummary {
  const balance = BigInt(row.balance);
  const held = BigInt(row.held);
  return {
    _id: row.id,
    fullName: row.full_name,
    username: row.username,
    email: row.email,
    phoneNumber: row.phone_number,
    payId: row.pay_id,
    role: row.role,
    isVerified: row.is_verified,
    isVerificationPending: row.is_verification_pending,
    disabled: row.disabled,
    tradingAllowed: row.trading_allowed,
    withdrawalsAllowed: row.withdrawals_allowed,
    balance: formatMicros(balance - held),
    onHold: formatMicros(held),
    lastLoginDate: row.last_login,
    createdAt: row.created_at,
  };
}

/** One account by id (`forUpdate` locks the user row), or null. */
async function loadSummaryRow(
  db: Db | Tx,
  userId: string,
  forUpdate = false,
): Promise<SummaryRow | null> {
  if (!isUuid(userId)) return null;
  const lock = forUpdate ? sql` for update of u` : sql``;
  const [row] = await queryRows<SummaryRow>(
    db as Db,
    sql`${SUMMARY_SELECT} where u.id = ${userId}::uuid${lock}`,
  );
  return row ?? null;
}

/** A user (not an admin) the console may act on; 404 otherwise. */
async function targetUser(db: Db | Tx, userId: string, forUpdate = false): Promise<SummaryRow> {
  const row = await loadSummaryRow(db, userId, forUpdate);
  if (!row || row.role !== 'user') throw notFound('User not found.');
  return row;
}

/** The user's summary as the console shows it, after a change. */
async function summaryById(db: Db | Tx, userId: string): Promise<AdminUserSummary> {
  const row = await loadSummaryRow(db, userId);
  if (!row) throw notFound('User not found.');
  return summaryOf(row);
}

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

/** `text` as a LIKE pattern that matches it literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A signed, exact, non-zero adjustment amount in micros ("-12.5" debits 12.5 USDT). */
function adjustmentAmount(text: string): bigint {
  const negative = text.startsWith('-');
  const parsed = parseAmount(negative ? text.slice(1) : text);
  if (!parsed.ok) throw new ApiError(400, parsed.reason, 'amount', 'amount');
  if (parsed.micros === 0n) throw new ApiError(400, 'Amount must not be zero', 'amount', 'amount');
  if (parsed.micros > ADJUSTMENT_MAX_MICROS) {
    throw new ApiError(
      400,
      `An adjustment can be at most ${formatMicros(ADJUSTMENT_MAX_MICROS)} USDT either way`,
      'amount',
      'amount',
    );
  }
  return negative ? -parsed.micros : parsed.micros;
}

function requiredReason(value: string): string {
  const reason = value.trim();
  if (
    reason.length < ADJUSTMENT_REASON_MIN_LENGTH ||
    reason.length > ADJUSTMENT_REASON_MAX_LENGTH
  ) {
    throw new ApiError(
      400,
      `A reason of ${ADJUSTMENT_REASON_MIN_LENGTH} to ${ADJUSTMENT_REASON_MAX_LENGTH} characters is required`,
      'invalid_body',
      'reason',
    );
  }
  return reason;
}

function firstFieldError(checks: [string, FieldErrorCode | undefined][]): void {
  for (const [field, code] of checks) if (code) throw fieldError(field, code);
}

const UNIQUE_VIOLATION = '23505';
function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e instanceof Error; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: string; constraint?: string };
    if (pgError.code === UNIQUE_VIOLATION) return pgError.constraint ?? '';
  }
  return null;
}

export const adminUserRoutes: FastifyPluginAsync = async (app) => {
  app.get('/admin/users', { config: { access: 'admin' } }, async (request) => {
    const { q, page } = parseListQuery(request.query);
    let filter = sql`u.role = 'user'`;
    if (q !== null) {
      const contains = `%${likeLiteral(q.toLowerCase())}%`;
      const prefix = `${likeLiteral(q)}%`;
      filter = sql`${filter} and (lower(u.email) like ${contains} or lower(u.username) like ${contains}
        or u.pay_id like ${prefix})`;
    }
    const offset = (page - 1) * ADMIN_USERS_PAGE_SIZE;
    const [rows, counted] = await Promise.all([
      queryRows<SummaryRow>(
        app.db,
        sql`${SUMMARY_SELECT} where ${filter}
            order by u.created_at desc, u.id limit ${ADMIN_USERS_PAGE_SIZE} offset ${offset}`,
      ),
      queryRows<{ n: string }>(
        app.db,
        sql`select count(*)::text as n from users u where ${filter}`,
      ),
    ]);
    const list: AdminUserList = {
      users: rows.map(summaryOf),
      page,
      pageSize: ADMIN_USERS_PAGE_SIZE,
      total: Number(counted[0]?.n ?? 0),
    };
    return list;
  });

  app.get<{ Params: { id: string } }>(
    '/admin/users/:id',
    { config: { access: 'admin' } },
    async (request): Promise<AdminUserDetail> => {
      const row = await loadSummaryRow(app.db, request.params.id);
      if (!row) throw notFound('User not found.');
      const id = row.id;
      const wallet = row.wallet;
      const [ledger, trades, deposits, withdrawals, transfers, kyc] = await Promise.all([
        wallet === null
          ? Promise.resolve([])
          : queryRows<{
              entry_id: string;
              kind: string;
              reference_type: string;
              reference_id: string;
              memo: string | null;
              amount: string;
              created_at: string;
            }>(
              app.db,
              sql`select e.id::text as entry_id, e.kind, e.reference_type, e.reference_id, e.memo,
                         p.amount_micros::text as amount, ${isoText('p.created_at')} as created_at
                  from postings p join journal_entries e on e.id = p.entry_id
                  where p.account_id = ${wallet}::uuid
                  order by p.id desc limit ${ADMIN_USER_LEDGER_LIMIT}`,
            ),
        queryRows<{
          id: string;
          symbol: string;
          direction: string;
          stake: string;
          duration_s: number;
          status: string;
          result: string | null;
          returned: string | null;
          created_at: string;
          expires_at: string;
        }>(
          app.db,
          sql`select id::text as id, symbol, direction, stake_micros::text as stake, duration_s,
                     status, result, returned_micros::text as returned,
                     ${isoText('created_at')} as created_at, ${isoText('expires_at')} as expires_at
              from trades where user_id = ${id}::uuid
              order by created_at desc, id limit ${ADMIN_USER_LIST_LIMIT}`,
        ),
        queryRows<{
          id: string;
          gateway: string;
          amount: string;
          status: string;
          reason: string | null;
          created_at: string;
        }>(
          app.db,
          sql`select id::text as id, gateway, amount_micros::text as amount, status, reason,
                     ${isoText('created_at')} as created_at
              from deposits where user_id = ${id}::uuid
              order by created_at desc, id limit ${ADMIN_USER_LIST_LIMIT}`,
        ),
        queryRows<{
          id: string;
          gateway: string;
          amount: string;
          fee: string;
          net: string;
          payment_address: string;
          status: string;
          transaction_hash: string | null;
          reason: string | null;
          created_at: string;
        }>(
          app.db,
          sql`select id::text as id, gateway, amount_micros::text as amount, fee_micros::text as fee,
                     net_micros::text as net, payment_address, status, transaction_hash, reason,
                     ${isoText('created_at')} as created_at
              from withdrawals where user_id = ${id}::uuid
              order by created_at desc, id limit ${ADMIN_USER_LIST_LIMIT}`,
        ),
        queryRows<{
          id: string;
          sent: boolean;
          counterparty_pay_id: string;
          counterparty_username: string;
          amount: string;
          fee: string;
          net: string;
          created_at: string;
        }>(
          app.db,
          sql`select id::text as id, (sender_id = ${id}::uuid) as sent,
                     case when sender_id = ${id}::uuid then receiver_pay_id else sender_pay_id end
                       as counterparty_pay_id,
                     case when sender_id = ${id}::uuid then receiver_username else sender_username end
                       as counterparty_username,
                     amount_micros::text as amount, fee_micros::text as fee, net_micros::text as net,
                     ${isoText('created_at')} as created_at
              from transfers where sender_id = ${id}::uuid or receiver_id = ${id}::uuid
              order by created_at desc, id limit ${ADMIN_USER_LIST_LIMIT}`,
        ),
        queryRows<{
          id: string;
          status: string;
          document_type: string;
          country: string;
          reason: string | null;
          created_at: string;
          decided_at: string | null;
        }>(
          app.db,
          sql`select id::text as id, status, document_type, country, reason,
                     ${isoText('created_at')} as created_at, ${isoText('decided_at')} as decided_at
              from kyc_requests where user_id = ${id}::uuid
              order by created_at desc, id limit ${ADMIN_USER_LIST_LIMIT}`,
        ),
      ]);
      const micros = (text: string) => formatMicros(BigInt(text));
      return {
        user: {
          ...summaryOf(row),
          appNotice: row.app_notice,
          country: row.country,
          disabledAt: row.disabled_at,
        },
        ledger: ledger.map((l) => ({
          entryId: l.entry_id,
          kind: l.kind,
          referenceType: l.reference_type,
          referenceId: l.reference_id,
          memo: l.memo,
          amount: micros(l.amount),
          createdAt: l.created_at,
        })),
        trades: trades.map((t) => ({
          _id: t.id,
          symbol: t.symbol,
          direction: t.direction,
          amount: micros(t.stake),
          durationS: Number(t.duration_s),
          status: t.status,
          result: t.result,
          returned: t.returned === null ? null : micros(t.returned),
          createdAt: t.created_at,
          expiresAt: t.expires_at,
        })),
        deposits: deposits.map((d) => ({
          _id: d.id,
          gateway: d.gateway,
          amount: micros(d.amount),
          status: d.status,
          reason: d.reason,
          createdAt: d.created_at,
        })),
        withdrawals: withdrawals.map((w) => ({
          _id: w.id,
          gateway: w.gateway,
          amount: micros(w.amount),
          fee: micros(w.fee),
          net: micros(w.net),
          paymentAddress: w.payment_address,
          status: w.status,
          transactionHash: w.transaction_hash,
          reason: w.reason,
          createdAt: w.created_at,
        })),
        transfers: transfers.map((t) => ({
          _id: t.id,
          direction: t.sent ? ('sent' as const) : ('received' as const),
          counterpartyPayId: t.counterparty_pay_id,
          counterpartyUsername: t.counterparty_username,
          amount: micros(t.amount),
          fee: micros(t.fee),
          net: micros(t.net),
          createdAt: t.created_at,
        })),
        kyc: kyc.map((k) => ({
          _id: k.id,
          status: k.status,
          documentType: k.document_type,
          country: k.country,
          reason: k.reason,
          createdAt: k.created_at,
          decidedAt: k.decided_at,
        })),
      };
    },
  );

  /**
   * the contract's admin profile edit. Exactly the profile fields and the personal notice: the
   * contract refuses anything else (balance, role, payId, flags) as an unknown field.
   */
  app.put('/updateUser', { config: { access: 'admin' } }, async (request) => {
    const body = parseBody(AdminUpdateUserRequest, request.body);
    firstFieldError([
      ['fullName', checkFullName(body.fullName)],
      ['username', checkUsername(body.username)],
      ['email', checkEmail(body.email)],
      ['phoneNumber', checkPhone(body.phoneNumber)],
    ]);
    let appNotice: string | null | undefined = undefined;
    if (body.appNotice !== undefined) {
      const text = body.appNotice?.trim() ?? '';
      if (text.length > APP_NOTICE_MAX_LENGTH) {
        throw new ApiError(
          400,
          `The notice must be at most ${APP_NOTICE_MAX_LENGTH} characters`,
          'invalid_body',
          'appNotice',
        );
      }
      appNotice = text === '' ? null : text;
    }
    const next = {
      fullName: body.fullName.trim(),
      username: body.username.trim(),
      email: normalizeEmail(body.email),
      phoneNumber: body.phoneNumber.trim(),
    };
    const actorId = sessionOf(request).userId;
    try {
      await app.db.transaction(async (tx) => {
        const before = await targetUser(tx, body.id, true);
        const taken = await queryRows<{ email_taken: boolean; username_taken: boolean }>(
          tx,
          sql`select
                exists (select 1 from users where email = ${next.email} and id <> ${before.id}::uuid)
                  as email_taken,
                exists (select 1 from users
                        where lower(username) = lower(${next.username}) and id <> ${before.id}::uuid)
                  as username_taken`,
        );
        if (taken[0]?.email_taken) {
          throw conflict('An account with this email already exists.', 'email_taken', 'email');
        }
        if (taken[0]?.username_taken) {
          throw conflict('This username is already taken.', 'username_taken', 'username');
        }
        const notice = appNotice === undefined ? before.app_notice : appNotice;
        await queryRows(
          tx,
          sql`update users set full_name = ${next.fullName}, username = ${next.username},
                email = ${next.email}, phone_number = ${next.phoneNumber},
                app_notice = ${notice}::text, updated_at = now()
              where id = ${before.id}::uuid`,
        );
        await writeAudit(tx, {
          actorId,
          action: 'user.updated',
          targetType: 'user',
          targetId: before.id,
          before: {
            fullName: before.full_name,
            username: before.username,
            email: before.email,
            phoneNumber: before.phone_number,
            appNotice: before.app_notice,
          },
          after: { ...next, appNotice: notice },
          ip: request.ip,
        });
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === null) throw error;
      throw constraint.includes('username')
        ? conflict('This username is already taken.', 'username_taken', 'username')
        : conflict('An account with this email already exists.', 'email_taken', 'email');
    }
    return { user: await summaryById(app.db, body.id) };
  });

  app.put<{ Params: { id: string } }>(
    '/admin/users/:id/flags',
    { config: { access: 'admin' } },
    async (request) => {
      const body = parseBody(AdminUserFlagsRequest, request.body);
      if (
        body.disabled === undefined &&
        body.tradingAllowed === undefined &&
        body.withdrawalsAllowed === undefined
      ) {
        throw badRequest('Send at least one of disabled, tradingAllowed, withdrawalsAllowed.');
      }
      const actorId = sessionOf(request).userId;
      await app.db.transaction(async (tx) => {
        const before = await targetUser(tx, request.params.id, true);
        const flagsBefore = {
          disabled: before.disabled,
          tradingAllowed: before.trading_allowed,
          withdrawalsAllowed: before.withdrawals_allowed,
        };
        const after = {
          disabled: body.disabled ?? before.disabled,
          tradingAllowed: body.tradingAllowed ?? before.trading_allowed,
          withdrawalsAllowed: body.withdrawalsAllowed ?? before.withdrawals_allowed,
        };
        await queryRows(
          tx,
          sql`update users set
                disabled_at = case when ${after.disabled}::boolean
                                then coalesce(disabled_at, now()) else null end,
                trading_allowed = ${after.tradingAllowed}::boolean,
                withdrawals_allowed = ${after.withdrawalsAllowed}::boolean,
                updated_at = now()
              where id = ${before.id}::uuid`,
        );
        // A disabled account has no live session (findSession also refuses it).
        if (after.disabled) await revokeAllSessions(tx, before.id);
        await writeAudit(tx, {
          actorId,
          action: 'user.flags_changed',
          targetType: 'user',
          targetId: before.id,
          before: flagsBefore,
          after,
          ip: request.ip,
        });
      });
      return { user: await summaryById(app.db, request.params.id) };
    },
  );

  /**
   * The only way an admin changes a user's money: a balanced ledger entry between the
   * wallet and deposit clearing, with a reason, at most once per Idempotency-Key. A debit
   * may not take the wallet below what it holds for pending withdrawals and trades. From the
   * dual-approval size on (common/four-eyes.ts) it is not posted but asked for: 202 with the
   * request, posted when a second admin approves it. A replay of the key answers the same
   * request and makes no second one.
   */
  app.post<{ Params: { id: string } }>(
    '/admin/users/:id/adjustments',
    { config: { access: 'admin' } },
    async (request, reply) => {
      const body = parseBody(AdminAdjustmentRequest, request.body);
      const amountMicros = adjustmentAmount(body.amount);
      const reason = requiredReason(body.reason);
      const actorId = sessionOf(request).userId;
      const targetId = request.params.id;
      // The target is part of the key's route, so one key can never adjust two users.
      return runIdempotent(request, reply, `adminAdjustment:${targetId}`, async (tx) => {
        const [settings] = await tx
          .select({ thresholdMicros: siteSettings.withdrawalDualApprovalMicros })
          .from(siteSettings)
          .where(eq(siteSettings.id, 1));
        const change = { targetId, amountMicros, reason, adjustmentId: newRecordId() };
        if (adjustmentNeedsSecondAdmin(amountMicros, settings?.thresholdMicros ?? null)) {
          return requestAdjustment(app, tx, change, { actorId, ip: request.ip });
        }
        return prepareAdjustment(app, tx, change, { actorId, ip: request.ip });
      });
    },
  );

  /** Sets a user's password under the shared rules and ends every session of theirs. */
  app.post<{ Params: { id: string } }>(
    '/admin/users/:id/password',
    { config: { access: 'admin' } },
    async (request) => {
      const body = parseBody(AdminPasswordResetRequest, request.body);
      const target = await targetUser(app.db, request.params.id);
      const code = checkPassword(body.password, {
        username: target.username,
        email: target.email,
        isCommon: isCommonPassword,
      });
      if (code) throw fieldError('password', code);
      const passwordHash = await hashPassword(body.password);
      const actorId = sessionOf(request).userId;
      await app.db.transaction(async (tx) => {
        await queryRows(
          tx,
          sql`update users set password_hash = ${passwordHash}, updated_at = now()
              where id = ${target.id}::uuid`,
        );
        await revokeAllSessions(tx, target.id);
        // Never the password nor its hash: only that it was reset.
        await writeAudit(tx, {
          actorId,
          action: 'user.password_reset',
          targetType: 'user',
          targetId: target.id,
          after: { sessionsRevoked: true },
          ip: request.ip,
        });
      });
      return { message: 'Password updated successfully', user: { _id: target.id } };
    },
  );
};

/** An adjustment as asked for: its id is made once, so it can be posted at most once. */
interface AdjustmentChange {
  targetId: string;
  amountMicros: bigint;
  reason: string;
  adjustmentId: string;
}

/** Who posts it: the admin, or the second admin approving another's request. */
interface AdjustmentActor {
  actorId: string;
  ip: string;
  approval?: { approvalId: string; requestedBy: string };
}

/** The wallet's balance now, the accounts locked; refuses a debit the wallet cannot pay. */
async function lockedWallet(app: FastifyInstance, tx: Tx, change: AdjustmentChange) {
  const user = await targetUser(tx, change.targetId);
  if (user.wallet === null) throw new Error(`User ${user.id} has no wallet account`);
  const clearingId = platformShard(app.platformAccounts, 'deposit_clearing');
  // Both accounts of the entry, in id order like any posting: locking the wallet alone
  // first could deadlock with a posting that holds the shard and waits for the wallet.
  await lockAccounts(tx, [user.wallet, clearingId]);
  const [wallet] = await queryRows<{ balance: string; held: string }>(
    tx,
    sql`select balance_micros::text as balance, held_micros::text as held
        from ledger_accounts where id = ${user.wallet}::uuid for update`,
  );
  if (!wallet) throw new Error('wallet vanished');
  const balanceBefore = BigInt(wallet.balance);
  const held = BigInt(wallet.held);
  const balanceAfter = balanceBefore + change.amountMicros;
  if (balanceAfter < held) {
    throw new InsufficientFundsError(
      `This adjustment would take the balance below zero or below the ${formatMicros(held)} USDT on hold (available: ${formatMicros(balanceBefore - held)} USDT).`,
    );
  }
  return { user, walletId: user.wallet, clearingId, balanceBefore, held, balanceAfter };
}

/** The adjustment posted now (201), or on approval (the approval's executor runs `apply`). */
async function prepareAdjustment(
  app: FastifyInstance,
  tx: Tx,
  change: AdjustmentChange,
  actor: AdjustmentActor,
): Promise<PreparedChange> {
  const { user, walletId, clearingId, balanceBefore, held, balanceAfter } = await lockedWallet(
    app,
    tx,
    change,
  );
  const { amountMicros, reason, adjustmentId } = change;
  const response: AdminAdjustmentResponse = {
    adjustment: {
      _id: adjustmentId,
      userId: user.id,
      amount: formatMicros(amountMicros),
      reason,
      balanceBefore: formatMicros(balanceBefore),
      balanceAfter: formatMicros(balanceAfter),
      createdAt: new Date().toISOString(),
    },
  };
  return {
    statusCode: 201,
    body: response,
    apply: async (applyTx) => {
      const entryId = await postEntry(applyTx, {
        kind: 'adjustment',
        referenceType: 'admin_adjustment',
        referenceId: adjustmentId,
        memo: reason,
        postings: [
          { accountId: walletId, amountMicros },
          { accountId: clearingId, amountMicros: -amountMicros },
        ],
      });
      await writeAudit(applyTx, {
        actorId: actor.actorId,
        action: 'user.balance_adjusted',
        targetType: 'user',
        targetId: user.id,
        before: { balance: formatMicros(balanceBefore), onHold: formatMicros(held) },
        after: {
          balance: formatMicros(balanceAfter),
          onHold: formatMicros(held),
          amount: formatMicros(amountMicros),
          adjustmentId,
          entryId: entryId.toString(),
          ...(actor.approval ?? {}),
        },
        reason,
        ip: actor.ip,
      });
    },
  };
}

/**
 * An adjustment that needs a second admin: 202 with the pending request. The wallet is
 * checked now (a debit it cannot pay is refused at once) and again when it is approved.
 */
async function requestAdjustment(
  app: FastifyInstance,
  tx: Tx,
  change: AdjustmentChange,
  actor: AdjustmentActor,
): Promise<PreparedChange> {
  const { user } = await lockedWallet(app, tx, change);
  const request = {
    id: newRecordId(),
    kind: 'ledger.adjust' as const,
    payload: {
      userId: user.id,
      username: user.username,
      amount: formatMicros(change.amountMicros),
      reason: change.reason,
      adjustmentId: change.adjustmentId,
    },
    requestedBy: actor.actorId,
    requestedAt: await databaseNow(tx),
    ip: actor.ip,
  };
  const approval = await approvalView(tx, pendingRow(request), actor.actorId);
  const body: AdminApprovalResponse = { approval, message: pendingMessage(approval) };
  return {
    statusCode: 202,
    body,
    apply: async (applyTx) => {
      await insertApproval(applyTx, request);
    },
  };
}

/** Carries out an approved `ledger.adjust`: the wallet is checked again and the entry posted. */
export async function applyApprovedAdjustment(
  app: FastifyInstance,
  tx: Tx,
  payload: ApprovalPayload<'ledger.adjust'>,
  context: ApprovalContext,
): Promise<void> {
  const amountMicros = microsFromWire(payload.amount);
  const prepared = await prepareAdjustment(
    app,
    tx,
    {
      targetId: payload.userId,
      amountMicros,
      reason: payload.reason,
      adjustmentId: payload.adjustmentId,
    },
    {
      actorId: context.approverId,
      ip: context.ip,
      approval: { approvalId: context.approvalId, requestedBy: context.requestedBy },
    },
  );
  await prepared.apply(tx);
}
