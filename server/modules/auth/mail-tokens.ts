/**
 * Single-use tokens sent by mail: email verification (24 h) and password reset (30 min).
 * 256 random bits, base64url, like a session token; only the SHA-256 is stored, so a
 * database leak yields no working link. Using one is a conditional UPDATE (unused, not
 * expired), so two requests with the same link cannot both succeed.
 */
import { and, count, desc, eq, gt, isNull, max, sql } from 'drizzle-orm';
import {
  EMAIL_VERIFICATION_TTL_MS,
  MAIL_LINK_COOLDOWN_MS,
  MAIL_LINKS_PER_DAY,
  PASSWORD_RESET_TTL_MS,
} from '../../../common/rules';
import type { Db } from '../../db/client';
import { userTokens, users } from '../../db/schema';
import type { Tx } from '../../ledger/types';
import { hashToken, looksLikeToken, newToken } from './tokens';

export type TokenPurpose = 'verify_email' | 'reset_password';

const TTL_MS: Record<TokenPurpose, number> = {
  verify_email: EMAIL_VERIFICATION_TTL_MS,
  reset_password: PASSWORD_RESET_TTL_MS,
};

/** Makes a token for `userId` in `tx`; answers the token itself (it goes into the mail). */
export async function createMailToken(
  tx: Tx,
  userId: string,
  purpose: TokenPurpose,
  nowMs: number,
): Promise<string> {
  const token = newToken();
  await tx.insert(userTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    createdAt: new Date(nowMs),
    expiresAt: new Date(nowMs + TTL_MS[purpose]),
  });
  return token;
}

export type TokenState =
  { state: 'valid'; userId: string } | { state: 'used' | 'expired' | 'unknown' };

/** What a presented token is, without using it. */
export async function inspectMailToken(
  db: Db | Tx,
  token: string,
  purpose: TokenPurpose,
  nowMs: number,
): Promise<TokenState> {
  if (!looksLikeToken(token)) return { state: 'unknown' };
  const [row] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, purpose)))
    .limit(1);
  if (!row) return { state: 'unknown' };
  if (row.usedAt !== null) return { state: 'used' };
  if (row.expiresAt.getTime() <= nowMs) return { state: 'expired' };
  return { state: 'valid', userId: row.userId };
}

/** Uses the token if it is still valid; answers its user, or null (used or expired since). */
export async function useMailToken(
  tx: Tx,
  token: string,
  purpose: TokenPurpose,
  nowMs: number,
): Promise<string | null> {
  const [row] = await tx
    .update(userTokens)
    .set({ usedAt: new Date(nowMs) })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date(nowMs)),
      ),
    )
    .returning({ userId: userTokens.userId });
  return row?.userId ?? null;
}

/** Ends every unused token of `purpose` of the user (a reset ends the other reset links). */
export async function retireMailTokens(
  tx: Tx,
  userId: string,
  purpose: TokenPurpose,
  nowMs: number,
): Promise<void> {
  await tx
    .update(userTokens)
    .set({ usedAt: new Date(nowMs) })
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
      ),
    );
}

/**
 * Whether another mail of `purpose` may be sent to the user now: at most one per
 * MAIL_LINK_COOLDOWN_MS and MAIL_LINKS_PER_DAY a day. Locks the user's row first, so two
 * requests at once are counted one after the other (on every instance). Answers the wait,
 * 0 when allowed.
 */
export async function mailLinkWaitMs(
  tx: Tx,
  userId: string,
  purpose: TokenPurpose,
  nowMs: number,
): Promise<number> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
  const dayAgo = new Date(nowMs - 24 * 60 * 60_000);
  const [stats] = await tx
    .select({ sent: count(), last: max(userTokens.createdAt) })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        gt(userTokens.createdAt, dayAgo),
      ),
    );
  const sent = Number(stats?.sent ?? 0);
  const lastMs = stats?.last ? new Date(stats.last).getTime() : null;
  if (sent >= MAIL_LINKS_PER_DAY) {
    const [oldest] = await tx
      .select({ createdAt: userTokens.createdAt })
      .from(userTokens)
      .where(
        and(
          eq(userTokens.userId, userId),
          eq(userTokens.purpose, purpose),
          gt(userTokens.createdAt, dayAgo),
        ),
      )
      .orderBy(desc(userTokens.createdAt))
      .offset(MAIL_LINKS_PER_DAY - 1)
      .limit(1);
    const freesAtMs = (oldest?.createdAt.getTime() ?? nowMs) + 24 * 60 * 60_000;
    return Math.max(1, freesAtMs - nowMs);
  }
  if (lastMs !== null && nowMs - lastMs < MAIL_LINK_COOLDOWN_MS) {
    return MAIL_LINK_COOLDOWN_MS - (nowMs - lastMs);
  }
  return 0;
}
