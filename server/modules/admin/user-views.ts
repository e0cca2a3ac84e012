/** The console's view of an account, and the lookups every users route starts from. */
import type { AdminUserSummary } from '../../../common/contract';
import { formatMicros } from '../../../common/money';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import type { Tx } from '../../ledger/types';
import { findUserSummary, type UserSummaryRow } from './users-repository';

/** The row as the console shows it: the balance is what the user can spend, net of holds. */
export function summaryOf(row: UserSummaryRow): AdminUserSummary {
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
    twoFactorEnabled: row.two_factor_enabled,
    withdrawalsLockedUntil: row.withdrawals_locked_until,
  };
}

/** A user (not an admin) the console may act on; 404 otherwise. */
export async function targetUser(
  db: Db | Tx,
  userId: string,
  forUpdate = false,
): Promise<UserSummaryRow> {
  const row = await findUserSummary(db, userId, forUpdate);
  if (!row || row.role !== 'user') throw notFound('User not found.');
  return row;
}

/** The user's summary as the console shows it, after a change. */
export async function summaryById(db: Db | Tx, userId: string): Promise<AdminUserSummary> {
  const row = await findUserSummary(db, userId);
  if (!row) throw notFound('User not found.');
  return summaryOf(row);
}
