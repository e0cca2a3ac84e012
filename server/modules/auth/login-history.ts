/**
 * The sign-in history of each account (`login_attempts`): every attempt on an existing
 * account, with its address, User-Agent and result. Attempts on unknown emails belong to no
 * one and are not kept.
 *
 * Bounds: the answer shows LOGIN_HISTORY_MAX attempts; the expired row purge keeps each
 * account's newest LOGIN_ATTEMPTS_KEPT_PER_USER and none older than LOGIN_ATTEMPT_RETENTION_MS.
 * Wrong passwords are bounded by the sign-in throttle; throttled attempts (refused before any
 * hash, so cheap to send) are kept at most once per address, account and
 * THROTTLED_ATTEMPT_COALESCE_MS, so a flood cannot push the owner's own sign-ins out of view
 * between two purges.
 */
import { desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { LOGIN_HISTORY_MAX, type LoginResult } from '../../../common/rules';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { loginAttempts } from '../../db/schema';

export const LOGIN_ATTEMPT_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
export const LOGIN_ATTEMPTS_KEPT_PER_USER = LOGIN_HISTORY_MAX;
/** Rows deleted per statement of the purges. */
export const LOGIN_ATTEMPT_PURGE_BATCH_SIZE = 1000;
const THROTTLED_ATTEMPT_COALESCE_MS = 60_000;
/**
 * The bound per account is applied to accounts with an attempt this recent: an account over
 * the bound had one since the last run of the purge (every few minutes), and the rest of the
 * table is not read.
 */
const PER_USER_BOUND_LOOKBACK_MS = 24 * 60 * 60 * 1000;

export interface LoginAttemptInput {
  userId: string;
  result: LoginResult;
  ipAddress: string;
  /** The stored User-Agent (storedUserAgent). */
  userAgent: string | null;
  newDevice?: boolean;
  at: Date;
}

/** Records one attempt. */
export async function recordLoginAttempt(db: Db, attempt: LoginAttemptInput): Promise<void> {
  await db.insert(loginAttempts).values({
    userId: attempt.userId,
    result: attempt.result,
    ipAddress: attempt.ipAddress,
    userAgent: attempt.userAgent,
    newDevice: attempt.newDevice ?? false,
    attemptedAt: attempt.at,
  });
}

/**
 * Records a throttled attempt unless one from the same address on the same account was
 * recorded within THROTTLED_ATTEMPT_COALESCE_MS (one statement).
 */
export async function recordThrottledAttempt(
  db: Db,
  attempt: Omit<LoginAttemptInput, 'result' | 'newDevice'>,
): Promise<void> {
  const since = new Date(attempt.at.getTime() - THROTTLED_ATTEMPT_COALESCE_MS);
  await db.execute(sql`
    insert into ${loginAttempts} (user_id, result, ip_address, user_agent, attempted_at)
    select ${attempt.userId}, 'throttled', ${attempt.ipAddress}, ${attempt.userAgent},
      ${attempt.at.toISOString()}::timestamptz
    where not exists (
      select 1 from ${loginAttempts}
      where user_id = ${attempt.userId} and result = 'throttled'
        and ip_address = ${attempt.ipAddress} and attempted_at > ${since.toISOString()}::timestamptz
    )`);
}

export interface LoginAttemptRow {
  attemptedAt: Date;
  result: LoginResult;
  ipAddress: string;
  userAgent: string | null;
  newDevice: boolean;
}

/** The account's newest attempts, newest first, at most LOGIN_HISTORY_MAX. */
export async function listLoginAttempts(db: Db, userId: string): Promise<LoginAttemptRow[]> {
  return db
    .select({
      attemptedAt: loginAttempts.attemptedAt,
      result: loginAttempts.result,
      ipAddress: loginAttempts.ipAddress,
      userAgent: loginAttempts.userAgent,
      newDevice: loginAttempts.newDevice,
    })
    .from(loginAttempts)
    .where(eq(loginAttempts.userId, userId))
    .orderBy(desc(loginAttempts.attemptedAt), desc(loginAttempts.id))
    .limit(LOGIN_HISTORY_MAX);
}

/** Deletes up to `batchSize` attempts older than the retention; answers how many. */
export async function purgeOldLoginAttempts(
  db: Db,
  nowMs = Date.now(),
  batchSize = LOGIN_ATTEMPT_PURGE_BATCH_SIZE,
): Promise<number> {
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError('batchSize must be >= 1');
  const olderThan = new Date(nowMs - LOGIN_ATTEMPT_RETENTION_MS);
  const old = db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(lte(loginAttempts.attemptedAt, olderThan))
    .limit(batchSize);
  const deleted = await db
    .delete(loginAttempts)
    .where(inArray(loginAttempts.id, old))
    .returning({ id: loginAttempts.id });
  return deleted.length;
}

/**
 * Deletes up to `batchSize` attempts beyond each account's newest
 * LOGIN_ATTEMPTS_KEPT_PER_USER, among accounts with an attempt in the lookback; answers how
 * many.
 */
export async function purgeExcessLoginAttempts(
  db: Db,
  nowMs = Date.now(),
  batchSize = LOGIN_ATTEMPT_PURGE_BATCH_SIZE,
): Promise<number> {
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError('batchSize must be >= 1');
  const since = new Date(nowMs - PER_USER_BOUND_LOOKBACK_MS).toISOString();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
      with recent as (
        select distinct user_id from ${loginAttempts} where attempted_at > ${since}::timestamptz
      ),
      ranked as (
        select a.id, row_number() over (
          partition by a.user_id order by a.attempted_at desc, a.id desc
        ) as rank
        from ${loginAttempts} a join recent r on r.user_id = a.user_id
      )
      delete from ${loginAttempts}
      where id in (
        select id from ranked where rank > ${LOGIN_ATTEMPTS_KEPT_PER_USER} limit ${batchSize}
      )
      returning id`,
  );
  return rows.length;
}
