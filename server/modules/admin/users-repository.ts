/**
 * The console's reads and writes of user accounts: the summary row every users route
 * answers from, the search, and the profile, flag and password updates. Each function takes
 * the database or the caller's transaction, so a change and its audit row commit together.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { ADMIN_USERS_PAGE_SIZE } from '../../../common/contract';
import { queryRows, type Db } from '../../db/client';
import { users } from '../../db/schema';
import { isUuid } from '../../http/fields';
import type { Tx } from '../../ledger/types';

/** A timestamp column as ISO-8601 text in UTC, so both drivers answer the same string. */
export function isoText(column: string): SQL {
  return sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
}

/** An account with its wallet's cached balance, as the console lists and shows it. */
export interface UserSummaryRow {
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
  two_factor_enabled: boolean;
  withdrawals_locked_until: string | null;
  risk_acknowledged_at: string | null;
}

const SUMMARY_SELECT = sql`select u.id::text as id, u.full_name, u.username, u.email,
    u.phone_number, u.pay_id, u.role, u.is_verified, u.is_verification_pending,
    (u.disabled_at is not null) as disabled, u.trading_allowed, u.withdrawals_allowed,
    coalesce(a.balance_micros, 0)::text as balance, coalesce(a.held_micros, 0)::text as held,
    ${isoText('u.last_login_at')} as last_login, ${isoText('u.created_at')} as created_at,
    u.app_notice, u.country, ${isoText('u.disabled_at')} as disabled_at, a.id::text as wallet,
    exists (select 1 from user_two_factor t where t.user_id = u.id and t.enabled_at is not null)
      as two_factor_enabled,
    ${isoText('u.withdrawals_locked_until')} as withdrawals_locked_until,
    ${isoText('u.risk_acknowledged_at')} as risk_acknowledged_at
  from users u
  left join ledger_accounts a on a.user_id = u.id and a.kind = 'user_wallet'`;

/**
 * One account by id, user or admin, or null (an id that is not a UUID names none).
 * `forUpdate` locks the user row until the transaction ends.
 */
export async function findUserSummary(
  db: Db | Tx,
  userId: string,
  forUpdate = false,
): Promise<UserSummaryRow | null> {
  if (!isUuid(userId)) return null;
  const lock = forUpdate ? sql` for update of u` : sql``;
  const [row] = await queryRows<UserSummaryRow>(
    db as Db,
    sql`${SUMMARY_SELECT} where u.id = ${userId}::uuid${lock}`,
  );
  return row ?? null;
}

/** One account's whole row by id (the caller checks the id is a UUID), or undefined. */
export async function findAccountById(
  db: Db,
  userId: string,
): Promise<typeof users.$inferSelect | undefined> {
  const [account] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return account;
}

/** Whether an account is a user or an admin, and since when it is disabled (null: enabled). */
export async function findAccountRole(
  db: Db,
  userId: string,
): Promise<{ id: string; role: 'user' | 'admin'; disabledAt: Date | null } | undefined> {
  const [account] = await db
    .select({ id: users.id, role: users.role, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return account;
}

/** `text` as a LIKE pattern that matches it literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * One page of users (never admins), newest first, and how many match in all: `q` matches
 * inside the email or username, case-insensitively, or the start of the pay id. The page
 * and the count are read at once.
 */
export async function searchUserSummaries(
  db: Db,
  q: string | null,
  page: number,
): Promise<{ rows: UserSummaryRow[]; total: number }> {
  let filter = sql`u.role = 'user'`;
  if (q !== null) {
    const contains = `%${likeLiteral(q.toLowerCase())}%`;
    const prefix = `${likeLiteral(q)}%`;
    filter = sql`${filter} and (lower(u.email) like ${contains} or lower(u.username) like ${contains}
        or u.pay_id like ${prefix})`;
  }
  const offset = (page - 1) * ADMIN_USERS_PAGE_SIZE;
  const [rows, counted] = await Promise.all([
    queryRows<UserSummaryRow>(
      db,
      sql`${SUMMARY_SELECT} where ${filter}
            order by u.created_at desc, u.id limit ${ADMIN_USERS_PAGE_SIZE} offset ${offset}`,
    ),
    queryRows<{ n: string }>(db, sql`select count(*)::text as n from users u where ${filter}`),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** Whether another account than `userId` already has this email, or this username in any case. */
export async function findTakenAccountKeys(
  tx: Tx,
  userId: string,
  email: string,
  username: string,
): Promise<{ emailTaken: boolean; usernameTaken: boolean }> {
  const [taken] = await queryRows<{ email_taken: boolean; username_taken: boolean }>(
    tx,
    sql`select
          exists (select 1 from users where email = ${email} and id <> ${userId}::uuid)
            as email_taken,
          exists (select 1 from users
                  where lower(username) = lower(${username}) and id <> ${userId}::uuid)
            as username_taken`,
  );
  return { emailTaken: taken?.email_taken === true, usernameTaken: taken?.username_taken === true };
}

/** The fields an admin may edit on a user's profile, already checked and normalised. */
export interface UserProfileChange {
  fullName: string;
  username: string;
  email: string;
  phoneNumber: string;
  appNotice: string | null;
}

export async function updateUserProfile(
  tx: Tx,
  userId: string,
  profile: UserProfileChange,
): Promise<void> {
  await queryRows(
    tx,
    sql`update users set full_name = ${profile.fullName}, username = ${profile.username},
          email = ${profile.email}, phone_number = ${profile.phoneNumber},
          app_notice = ${profile.appNotice}::text, updated_at = now()
        where id = ${userId}::uuid`,
  );
}

export interface UserFlags {
  disabled: boolean;
  tradingAllowed: boolean;
  withdrawalsAllowed: boolean;
}

/** Sets the flags; a disabled account keeps the time it was first disabled. */
export async function updateUserFlags(tx: Tx, userId: string, flags: UserFlags): Promise<void> {
  await queryRows(
    tx,
    sql`update users set
          disabled_at = case when ${flags.disabled}::boolean
                          then coalesce(disabled_at, now()) else null end,
          trading_allowed = ${flags.tradingAllowed}::boolean,
          withdrawals_allowed = ${flags.withdrawalsAllowed}::boolean,
          updated_at = now()
        where id = ${userId}::uuid`,
  );
}

export async function updateUserPasswordHash(
  tx: Tx,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await queryRows(
    tx,
    sql`update users set password_hash = ${passwordHash}, updated_at = now()
        where id = ${userId}::uuid`,
  );
}
