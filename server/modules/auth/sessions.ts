/** Creating, finding, listing and revoking sessions. */
import { and, desc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import {
  ADMIN_SESSION_TTL_MS,
  SESSION_LAST_SEEN_RESOLUTION_MS,
  SESSIONS_LIST_MAX,
  USER_SESSION_TTL_MS,
  type Role,
} from '../../../common/rules';
import type { Db } from '../../db/client';
import { sessions, users, userTwoFactor } from '../../db/schema';
import type { SessionInfo } from '../../http/auth-guard';
import { RecentCache } from '../../lib/recent-cache';
import { weakMemo } from '../../lib/weak-memo';
import { hashToken, looksLikeToken, newToken } from './tokens';

/** How long an admin's read-only view of a user's account lasts. */
export const IMPERSONATION_TTL_MS = 15 * 60 * 1000;

/** Where a session was opened from: the stored User-Agent (storedUserAgent) and address. */
export interface SessionClient {
  userAgent: string | null;
  ipAddress: string | null;
}

const NO_CLIENT: SessionClient = { userAgent: null, ipAddress: null };

export async function createSession(
  db: Db,
  userId: string,
  role: Role,
  now = new Date(),
  client: SessionClient = NO_CLIENT,
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const token = newToken();
  const ttlMs = role === 'admin' ? ADMIN_SESSION_TTL_MS : USER_SESSION_TTL_MS;
  const expiresAt = new Date(now.getTime() + ttlMs);
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      role,
      userAgent: client.userAgent,
      ipAddress: client.ipAddress,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('Session insert returned no row');
  return { token, id: row.id, expiresAt };
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
    lastSeenAt: now,
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
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
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

/**
 * Finds the live session of a bearer token; disabled accounts have none. `seenFrom` is the
 * address of the request: once per SESSION_LAST_SEEN_RESOLUTION_MS the session's last seen
 * time and address move on (one conditional UPDATE); every other request only reads.
 */
export async function findSession(
  db: Db,
  token: string,
  seenFrom: string | null = null,
  now = new Date(),
): Promise<SessionInfo | null> {
  if (!looksLikeToken(token)) return null;
  const found = await findSessionRow(db, hashToken(token), seenFrom, now);
  return found?.info ?? null;
}

/** The session of `tokenHash` as read now (touched when due), with its times; null if dead. */
async function findSessionRow(
  db: Db,
  tokenHash: string,
  seenFrom: string | null,
  now: Date,
): Promise<{ info: SessionInfo; lastSeenAtMs: number; expiresAtMs: number } | null> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = sessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const rows = await lookup.execute({ tokenHash, now });
  const row = rows[0];
  if (!row || row.disabledAt !== null) return null;
  let lastSeenAtMs = row.lastSeenAt.getTime();
  if (now.getTime() - lastSeenAtMs >= SESSION_LAST_SEEN_RESOLUTION_MS) {
    await touchSession(db, tokenHash, row.impersonatedBy === null ? seenFrom : null, now);
    lastSeenAtMs = now.getTime();
  }
  const info: SessionInfo = {
    userId: row.userId,
    role: row.role,
    tokenHash,
    impersonatedBy: row.impersonatedBy,
    twoFactorEnabled: row.twoFactorEnabledAt !== null,
  };
  return { info, lastSeenAtMs, expiresAtMs: row.expiresAt.getTime() };
}

/** Sessions kept by `findSessionRecheckedInWrite`, and for how long at most. */
const RECENT_SESSIONS_MAX = 10_000;
const RECENT_SESSION_TTL_MS = 30_000;

interface RecentSession {
  info: SessionInfo;
  lastSeenAtMs: number;
  expiresAtMs: number;
}
const recentSessionsOf = weakMemo(
  (_db: Db) => new RecentCache<string, RecentSession>(RECENT_SESSIONS_MAX, RECENT_SESSION_TTL_MS),
);

/**
 * `findSession` for a route whose own write checks the session again, in the statement that
 * makes the change (createTransfer: `post_transfer_batch` refuses an item whose session is
 * gone, expired, disabled or changed, and the route then asks `findSession` itself). A
 * session found live in the last RECENT_SESSION_TTL_MS is answered without a read, marked
 * `fromCache`. Only a plain user session without a second factor is kept: an admin's, a
 * read-only view's and a two-factor user's are always read (the step-up check needs the
 * fresh state). The last seen time still moves on once a minute: a due session is read.
 */
export async function findSessionRecheckedInWrite(
  db: Db,
  token: string,
  seenFrom: string | null = null,
  now = new Date(),
): Promise<SessionInfo | null> {
  if (!looksLikeToken(token)) return null;
  const cache = recentSessionsOf(db);
  const tokenHash = hashToken(token);
  const recent = cache.get(tokenHash);
  const nowMs = now.getTime();
  if (
    recent !== undefined &&
    nowMs < recent.expiresAtMs &&
    nowMs - recent.lastSeenAtMs < SESSION_LAST_SEEN_RESOLUTION_MS
  ) {
    return { ...recent.info, fromCache: true };
  }
  const found = await findSessionRow(db, tokenHash, seenFrom, now);
  if (found === null) {
    cache.delete(tokenHash);
    return null;
  }
  const { info, lastSeenAtMs, expiresAtMs } = found;
  if (info.role === 'user' && info.impersonatedBy === null && !info.twoFactorEnabled) {
    cache.set(tokenHash, { info, lastSeenAtMs, expiresAtMs });
  }
  return info;
}

/** Forgets a session kept by `findSessionRecheckedInWrite` (its write found it stale). */
export function forgetRecentSession(db: Db, tokenHash: string): void {
  recentSessionsOf(db).delete(tokenHash);
}

/**
 * Moves a session's last seen time to `now`, and its address to `seenFrom` when given (an
 * admin's read-only view keeps none: the address would be the admin's). The condition
 * keeps concurrent requests of one session from writing it more than once a minute.
 */
async function touchSession(
  db: Db,
  tokenHash: string,
  seenFrom: string | null,
  now: Date,
): Promise<void> {
  const due = new Date(now.getTime() - SESSION_LAST_SEEN_RESOLUTION_MS);
  await db
    .update(sessions)
    .set(seenFrom === null ? { lastSeenAt: now } : { lastSeenAt: now, ipAddress: seenFrom })
    .where(and(eq(sessions.tokenHash, tokenHash), lte(sessions.lastSeenAt, due)));
}

/** A live session as its owner's list shows it; `current` is the one asking. */
export interface SessionRow {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  /** An admin's read-only view of the account (`impersonatedBy` set); the admin stays unnamed. */
  supportView: boolean;
  current: boolean;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The user's live sessions, newest first, at most SESSIONS_LIST_MAX. */
export async function listSessions(
  db: Db,
  userId: string,
  currentTokenHash: string,
  now = new Date(),
): Promise<SessionRow[]> {
  const rows = await db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      impersonatedBy: sessions.impersonatedBy,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(SESSIONS_LIST_MAX);
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.impersonatedBy === null ? row.userAgent : null,
    ipAddress: row.impersonatedBy === null ? row.ipAddress : null,
    supportView: row.impersonatedBy !== null,
    current: row.tokenHash === currentTokenHash,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
  }));
}

export type RevokeByIdOutcome =
  { outcome: 'revoked'; current: boolean } | { outcome: 'not_found' } | { outcome: 'support_view' };

/**
 * Ends the session `sessionId` of `userId` only: another user's id, an unknown or an expired
 * one is `not_found` and nothing changes. An admin's read-only view of the account is not
 * the user's to end (`support_view`): it ends by itself (IMPERSONATION_TTL_MS).
 */
export async function revokeSessionById(
  db: Db,
  userId: string,
  sessionId: string,
  currentTokenHash: string,
  now = new Date(),
): Promise<RevokeByIdOutcome> {
  const deleted = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.impersonatedBy),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ tokenHash: sessions.tokenHash });
  const [revoked] = deleted;
  if (revoked) return { outcome: 'revoked', current: revoked.tokenHash === currentTokenHash };
  const [view] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, now)),
    )
    .limit(1);
  return view ? { outcome: 'support_view' } : { outcome: 'not_found' };
}

/**
 * Ends every session of `userId` but the one of `currentTokenHash`, and answers how many.
 * An admin's read-only views stay (they end by themselves, and are not the user's).
 */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  currentTokenHash: string,
): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        ne(sessions.tokenHash, currentTokenHash),
        isNull(sessions.impersonatedBy),
      ),
    )
    .returning({ id: sessions.id });
  return deleted.length;
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
