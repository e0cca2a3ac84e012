/**
 * What follows every password change, in its transaction: the "password changed" mail and
 * the withdrawal cooling period.
 */
import type { Tx } from '../../ledger/types';
import { enqueueMail } from '../mail';
import { lockWithdrawals } from '../users';

export type PasswordChangeCause = 'reset' | 'change';

/**
 * Runs in the transaction that set the new password (a reset by mail, or a change by the
 * signed-in user), after every session was revoked: the owner is told by mail, and whoever
 * changed the password (perhaps not the owner) cannot withdraw for 24 hours.
 */
export async function afterPasswordChange(
  tx: Tx,
  userId: string,
  _cause: PasswordChangeCause,
  now: Date,
): Promise<void> {
  await enqueueMail(tx, { userId, kind: 'password_changed', params: {} });
  await lockWithdrawals(tx, userId, now);
}
