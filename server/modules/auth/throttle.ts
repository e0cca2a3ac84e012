/**
 * Sign-in throttling per account and per address, kept in the database so that every
 * instance behind a proxy shares the same counters. A fixed window: after `max` failures
 * within `LOGIN_WINDOW_MS`, further attempts are refused until the window ends.
 */
import { inArray, sql } from 'drizzle-orm';
import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_MS,
} from '../../../common/rules';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';

export const accountKey = (email: string) => `account:${email}`;
export const addressKey = (ip: string) => `address:${ip}`;

/** True when either counter is at its limit inside the current window. */
export async function isThrottled(
  db: Db,
  email: string,
  ip: string,
  now = new Date(),
): Promise<boolean> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const rows = await db
    .select()
    .from(loginFailures)
    .where(inArray(loginFailures.key, [accountKey(email), addressKey(ip)]));
  return rows.some((row) => {
    if (row.windowStartedAt <= windowStart) return false;
    const max = row.key.startsWith('account:')
      ? LOGIN_MAX_FAILURES_PER_ACCOUNT
      : LOGIN_MAX_FAILURES_PER_ADDRESS;
    return row.failures >= max;
  });
}

/** Counts one failure against both keys, starting a new window where the old one ended. */
export async function recordFailure(
  db: Db,
  email: string,
  ip: string,
  now = new Date(),
): Promise<void> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS);
  for (const key of [accountKey(email), addressKey(ip)]) {
    await db
      .insert(loginFailures)
      .values({ key, windowStartedAt: now, failures: 1 })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${loginFailures.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz then 1 else ${loginFailures.failures} + 1 end`,
          windowStartedAt: sql`case when ${loginFailures.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${loginFailures.windowStartedAt} end`,
        },
      });
  }
}

/** A successful sign-in clears the account's counter (not the address's). */
export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(inArray(loginFailures.key, [accountKey(email)]));
}
