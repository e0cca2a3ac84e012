/** How a user is shown to its owner: the spec's field names, money as a 6-decimal string. */
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { User } from '../../../common/contract';
import { formatMicros } from '../../../common/money';
import { PRACTICE_BALANCE_MICROS } from '../../../common/rules';
import type { Db } from '../../db/client';
import { journalEntries, ledgerAccounts, users, userTwoFactor } from '../../db/schema';
import {
  nextUtcDayMs,
  PRACTICE_REFERENCE_TYPE,
  PRACTICE_REFILL_KIND,
  utcDayOf,
} from '../../ledger/practice';

const practiceAccounts = alias(ledgerAccounts, 'practice_accounts');

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
        practiceBalanceMicros: practiceAccounts.balanceMicros,
        practiceHeldMicros: practiceAccounts.heldMicros,
        // Whether today's practice refill was made: one look-up in the entries' unique index.
        practiceRefilledToday: sql<boolean>`exists (select 1 from ${journalEntries} j
          where j.reference_type = ${PRACTICE_REFERENCE_TYPE}
            and j.reference_id = ${sql.placeholder('refillReference')}
            and j.kind = ${PRACTICE_REFILL_KIND})`,
      })
      .from(users)
      // The kind lets PostgreSQL use the wallets' partial unique index on user_id; without
      // it, the join scanned every ledger account (75 ms at 1,000,000 users). It is a
      // literal, not a parameter, so the prepared statement's generic plan can use it too.
      .leftJoin(
        ledgerAccounts,
        and(eq(ledgerAccounts.userId, users.id), sql`${ledgerAccounts.kind} = 'user_wallet'`),
      )
      .leftJoin(
        practiceAccounts,
        and(eq(practiceAccounts.userId, users.id), sql`${practiceAccounts.kind} = 'user_practice'`),
      )
      .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('user_view')
  );
}
const userViewQueries = new WeakMap<Db, ReturnType<typeof userViewQuery>>();

/**
 * The practice balance shown: the account's available amount; a user whose account is not
 * made yet (it is made on first use) will get the starting balance, an admin has none.
 */
function practiceAvailableMicros(
  role: string,
  balanceMicros: bigint | null,
  heldMicros: bigint | null,
): bigint {
  if (balanceMicros === null) return role === 'user' ? PRACTICE_BALANCE_MICROS : 0n;
  return balanceMicros - (heldMicros ?? 0n);
}

export async function loadUserView(
  db: Db,
  userId: string,
  nowMs = Date.now(),
): Promise<User | null> {
  let query = userViewQueries.get(db);
  if (!query) {
    query = userViewQuery(db);
    userViewQueries.set(db, query);
  }
  const rows = await query.execute({ userId, refillReference: `${userId}/${utcDayOf(nowMs)}` });
  const row = rows[0];
  if (!row) return null;
  const u = row.user;
  const practiceRefillAt = row.practiceRefilledToday ? new Date(nextUtcDayMs(nowMs)) : null;
  return {
    _id: u.id,
    fullName: u.fullName,
    username: u.username,
    email: u.email,
    phoneNumber: u.phoneNumber,
    balance: formatMicros((row.balanceMicros ?? 0n) - (row.heldMicros ?? 0n)),
    onHold: formatMicros(row.heldMicros ?? 0n),
    practiceBalance: formatMicros(
      practiceAvailableMicros(u.role, row.practiceBalanceMicros, row.practiceHeldMicros),
    ),
    practiceRefillAt: practiceRefillAt?.toISOString() ?? null,
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
