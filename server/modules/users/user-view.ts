/** How a user is shown to its owner: the spec's field names, money as a 6-decimal string. */
import { and, eq, sql } from 'drizzle-orm';
import type { User } from '../../../common/contract';
import { formatMicros } from '../../../common/money';
import type { Db } from '../../db/client';
import { ledgerAccounts, users, userTwoFactor } from '../../db/schema';

/**
 * The user and its wallet, as a named prepared statement: `GET /api/getUserById` runs it on
 * every request (the app polls it), and building the query with Drizzle's builder each time
 * cost more server CPU than the rest of the handler (bench/api-load.ts, `docs/benchmarks.md`).
 * Built once per database; PostgreSQL plans it once per connection. Only user wallets
 * have a user id (the accounts' owner check), so the kind in the join changes no answer.
 */
function userViewQuery(db: Db) {
  return (
    db
      .select({
        // Only what the view shows: the password hash and the flags stay in the database.
        user: {
          id: users.id,
          fullName: users.fullName,
          username: users.username,
          email: users.email,
          phoneNumber: users.phoneNumber,
          payId: users.payId,
          role: users.role,
          isVerified: users.isVerified,
          isVerificationPending: users.isVerificationPending,
          emailVerifiedAt: users.emailVerifiedAt,
          appNotice: users.appNotice,
          lastLoginAt: users.lastLoginAt,
          createdAt: users.createdAt,
        },
        twoFactorEnabledAt: userTwoFactor.enabledAt,
        balanceMicros: ledgerAccounts.balanceMicros,
        heldMicros: ledgerAccounts.heldMicros,
      })
      .from(users)
      // The kind lets PostgreSQL use the wallets' partial unique index on user_id; without
      // it, the join scanned every ledger account (75 ms at 1,000,000 users). It is a
      // literal, not a parameter, so the prepared statement's generic plan can use it too.
      .leftJoin(
        ledgerAccounts,
        and(eq(ledgerAccounts.userId, users.id), sql`${ledgerAccounts.kind} = 'user_wallet'`),
      )
      .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('user_view')
  );
}
const userViewQueries = new WeakMap<Db, ReturnType<typeof userViewQuery>>();

export async function loadUserView(db: Db, userId: string): Promise<User | null> {
  let query = userViewQueries.get(db);
  if (!query) {
    query = userViewQuery(db);
    userViewQueries.set(db, query);
  }
  const rows = await query.execute({ userId });
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
    emailVerified: u.emailVerifiedAt !== null,
    appNotice: u.appNotice,
    lastLoginDate: u.lastLoginAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
    twoFactorEnabled: row.twoFactorEnabledAt !== null,
  };
}
