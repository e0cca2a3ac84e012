/** How a user is shown to its owner: the spec's field names, money as a 6-decimal string. */
import { eq } from 'drizzle-orm';
import type { User } from '../../../common/contract';
import { formatMicros } from '../../../common/money';
import type { Db } from '../../db/client';
import { ledgerAccounts, users } from '../../db/schema';

export async function loadUserView(db: Db, userId: string): Promise<User | null> {
  const rows = await db
    .select({
      user: users,
      balanceMicros: ledgerAccounts.balanceMicros,
      heldMicros: ledgerAccounts.heldMicros,
    })
    .from(users)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const u = row.user;
  return {
    _id: u.id,
    fullName: u.fullName,
    username: u.username,
    email: u.email,
    phoneNumber: u.phoneNumber,
    balance: formatMicros((row.balanceMicros ?? 0n) - (row.heldMicros ?? 0n)),
    onHold: formatMicros(row.heldMicros ?? 0n),
    payId: u.payId,
    role: u.role,
    isVerified: u.isVerified,
    isVerificationPending: u.isVerificationPending,
    appNotice: u.appNotice,
    lastLoginDate: u.lastLoginAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
  };
}
