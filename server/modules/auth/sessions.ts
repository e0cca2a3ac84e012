/** Creating, finding and revoking sessions. */
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { ADMIN_SESSION_TTL_MS, USER_SESSION_TTL_MS, type Role } from '../../../common/rules';
import type { Db } from '../../db/client';
import { sessions, users, userTwoFactor } from '../../db/schema';
import type { SessionInfo } from '../../http/auth-guard';
import { hashToken, looksLikeToken, newToken } from './tokens';

/** How long an admin's read-only view of a user's account lasts. */
export const IMPERSONATION_TTL_MS = 15 * 60 * 1000;

export async function createSession(
  db: Db,
  userId: string,
  role: Role,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const ttlMs = role === 'admin' ? ADMIN_SESSION_TTL_MS : USER_SESSION_TTL_MS;
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, role, expiresAt });
  return { token, expiresAt };
}

/**
 * A short-lived, read-only session of user `userId` for admin `adminId` (view as user). It
 * is an ordinary user session marked with the admin's id, so every user route sees what the
 * user sees, and the guard refuses every change made with it.
 */
export async function createImpersonationSession(
  db: Db,
  userId: string,
  adminId: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + IMPERSONATION_TTL_MS);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    role: 'user',
    impersonatedBy: adminId,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The session lookup runs on every authenticated request, so it is a named prepared
 * statement: PostgreSQL plans it once per connection and Drizzle builds it once per database.
 */
function sessionLookup(db: Db) {
  return db
    .select({
      userId: sessions.userId,
      role: sessions.role,
      impersonatedBy: sessions.impersonatedBy,
      disabledAt: users.disabledAt,
      twoFactorEnabledAt: userTwoFactor.enabledAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('session_lookup');
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof sessionLookup>>();

/** Finds the live session of a bearer token; disabled accounts have none. */
export async function findSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<SessionInfo | null> {
  if (!looksLikeToken(token)) return null;
  const tokenHash = hashToken(token);
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = sessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const rows = await lookup.execute({ tokenHash, now });
  const row = rows[0];
  if (!row || row.disabledAt !== null) return null;
  return {
    userId: row.userId,
    role: row.role,
    tokenHash,
    impersonatedBy: row.impersonatedBy,
    twoFactorEnabled: row.twoFactorEnabledAt !== null,
  };
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Expired sessions deleted per statement, so that a backlog never holds a long lock. */
export const SESSION_PURGE_BATCH_SIZE = 500;

/**
 * Deletes up to `batchSize` sessions that expired by `nowMs` (by `sessions_expires_at_idx`)
 * and answers how many. An expired session already lets nobody in (`findSession` compares
 * the time); the purge keeps the table, and each user's list of sessions, to live ones.
 */
export async function purgeExpiredSessions(
  db: Db,
  nowMs = Date.now(),
  batchSize = SESSION_PURGE_BATCH_SIZE,
): Promise<number> {
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError('batchSize must be >= 1');
  const expiredBy = new Date(nowMs);
  const expired = db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(lte(sessions.expiresAt, expiredBy))
    .limit(batchSize);
  const deleted = await db
    .delete(sessions)
    .where(and(inArray(sessions.tokenHash, expired), lte(sessions.expiresAt, expiredBy)))
    .returning({ tokenHash: sessions.tokenHash });
  return deleted.length;
}
