/**
 * The per-account permissions an admin sets (PUT /api/admin/users/:id/flags), as the money
 * routes check them. Trading is checked in createTrade's own read of the trader.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { ApiError, refusalUntil } from '../../http/errors';
import type { Tx } from '../../ledger/types';

/**
 * Refuses a withdrawal request from a user whose withdrawals an admin has stopped, or who is
 * in the cooling period after a security change (until `withdrawals_locked_until`).
 */
export async function assertWithdrawalsAllowed(
  db: Db | Tx,
  userId: string,
  nowMs: number,
): Promise<void> {
  const [row] = await queryRows<{ allowed: boolean; locked_until: string | Date | null }>(
    db as Db,
    sql`select withdrawals_allowed as allowed, withdrawals_locked_until as locked_until
        from users where id = ${userId}::uuid`,
  );
  if (row && !row.allowed) {
    throw new ApiError(
      403,
      'Withdrawals are not allowed on this account. Please contact support.',
      'withdrawals_not_allowed',
    );
  }
  const lockedUntil = !row || row.locked_until === null ? null : new Date(row.locked_until);
  if (lockedUntil !== null && lockedUntil.getTime() > nowMs) {
    throw refusalUntil(
      403,
      'Withdrawals are paused for 24 hours after a security change on this account.',
      'withdrawals_locked',
      lockedUntil,
    );
  }
}

/** The 403 of a money-out request from a user who has not proved the email address. */
export function emailUnverified(): ApiError {
  return new ApiError(
    403,
    'Please confirm your email address first: open the link in the mail we sent you, or ask for a new one.',
    'email_unverified',
  );
}

/** Refuses withdrawals and transfers until the user proved the email (issue 20). */
export async function assertEmailVerified(db: Db | Tx, userId: string): Promise<void> {
  const [row] = await queryRows<{ verified: boolean }>(
    db as Db,
    sql`select email_verified_at is not null as verified from users where id = ${userId}::uuid`,
  );
  if (row && !row.verified) throw emailUnverified();
}
