/**
 * The second factor's rules: set-up, enabling, checking a code (TOTP or recovery) under the
 * brute-force lock and the replay rule, the step-up of money and security calls, sign-in
 * challenges, and the withdrawal cooling period after a security change.
 *
 * A code is checked in a transaction that locks the user's `user_two_factor` row, so two
 * requests with one code are counted one after the other: the second finds the step used.
 * A wrong code's failure is committed even though the request is refused (the refusal is
 * thrown after the transaction), so failures always count.
 */
import { enqueueMail } from '../mail';
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  LOGIN_CHALLENGE_TTL_MS,
  TWO_FACTOR_CODE_HEADER,
  TWO_FACTOR_LOCK_MS,
  TWO_FACTOR_MAX_FAILURES,
  WITHDRAWAL_COOLING_MS,
} from '../../../common/rules';
import type { Db } from '../../db/client';
import { loginChallenges, twoFactorRecoveryCodes, users, userTwoFactor } from '../../db/schema';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, refusalUntil } from '../../http/errors';
import type { Tx } from '../../ledger/types';
import {
  decryptSecret,
  encryptSecret,
  hashChallenge,
  hashRecoveryCode,
  looksLikeChallenge,
  matchingStep,
  newChallenge,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUrl,
  twoFactorKey,
} from './two-factor-codes';

type TwoFactorRow = typeof userTwoFactor.$inferSelect;

/** The answer of a code check. */
export type CodeCheck =
  | { ok: true; kind: 'totp' | 'recovery' }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'locked'; opensAt: Date };

const CODE_REFUSED = 'This code is not valid. Please check the code and try again.';

export function twoFactorInvalid(): ApiError {
  return new ApiError(403, CODE_REFUSED, 'two_factor_invalid');
}

export function twoFactorLocked(opensAt: Date): ApiError {
  return refusalUntil(
    429,
    'Too many wrong codes. Two-factor authentication is locked for 15 minutes.',
    'two_factor_locked',
    opensAt,
  );
}

/** A refused check as the API answers it. */
export function refusalOfCheck(check: Exclude<CodeCheck, { ok: true }>): ApiError {
  return check.reason === 'locked' ? twoFactorLocked(check.opensAt) : twoFactorInvalid();
}

export async function twoFactorRow(db: Db | Tx, userId: string, forUpdate = false) {
  const query = db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** Whether the user has two-factor authentication on. */
export async function isTwoFactorEnabled(db: Db | Tx, userId: string): Promise<boolean> {
  const row = await twoFactorRow(db, userId);
  return row !== null && row.enabledAt !== null;
}

/**
 * Starts (or starts again) a set-up: a new pending secret, replacing any earlier pending
 * one; the active factor, if any, is untouched. Refused when two-factor is on already.
 */
export async function setupTwoFactor(
  db: Db,
  userId: string,
  label: string,
  nowMs: number,
): Promise<{ secret: string; otpauthUrl: string }> {
  const key = await twoFactorKey(db);
  const secret = newTotpSecret();
  const pendingSecret = encryptSecret(key, userId, secret);
  const now = new Date(nowMs);
  const stored = await db
    .insert(userTwoFactor)
    .values({ userId, pendingSecret, pendingCreatedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { pendingSecret, pendingCreatedAt: now, updatedAt: now },
      setWhere: isNull(userTwoFactor.enabledAt),
    })
    .returning({ userId: userTwoFactor.userId });
  if (stored.length === 0) {
    throw new ApiError(
      409,
      'Two-factor authentication is already on.',
      'two_factor_already_enabled',
    );
  }
  return { secret, otpauthUrl: otpauthUrl(secret, label) };
}

/**
 * Checks `code` against the locked row `row` (its active secret, or its pending one while
 * enabling) and records the outcome: a used step, a used recovery code, or a failure that
 * may start the lock. Call inside the transaction that locked the row.
 */
async function checkCodeLocked(
  tx: Tx,
  key: Buffer,
  row: TwoFactorRow,
  code: string,
  nowMs: number,
  which: 'active' | 'pending',
): Promise<CodeCheck> {
  const now = new Date(nowMs);
  if (row.lockedUntil !== null && row.lockedUntil.getTime() > nowMs) {
    return { ok: false, reason: 'locked', opensAt: row.lockedUntil };
  }
  const stored = which === 'active' ? row.secret : row.pendingSecret;
  if (stored === null) throw new Error('checkCodeLocked: no secret to check against');
  const step = matchingStep(decryptSecret(key, row.userId, stored), code.trim(), nowMs);
  // RFC 6238 §5.2: a code accepted once is never accepted again, nor one of an earlier step.
  if (step !== null && (row.lastUsedStep === null || step > row.lastUsedStep)) {
    await tx
      .update(userTwoFactor)
      .set({ lastUsedStep: step, failedAttempts: 0, lockedUntil: null, updatedAt: now })
      .where(eq(userTwoFactor.userId, row.userId));
    return { ok: true, kind: 'totp' };
  }
  const recovery = which === 'active' ? normalizeRecoveryCode(code) : null;
  if (step === null && recovery !== null) {
    const used = await tx
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, row.userId),
          eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(recovery)),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ userId: twoFactorRecoveryCodes.userId });
    if (used.length > 0) {
      await tx
        .update(userTwoFactor)
        .set({ failedAttempts: 0, lockedUntil: null, updatedAt: now })
        .where(eq(userTwoFactor.userId, row.userId));
      return { ok: true, kind: 'recovery' };
    }
  }
  const failures = row.failedAttempts + 1;
  const locks = failures >= TWO_FACTOR_MAX_FAILURES;
  await tx
    .update(userTwoFactor)
    .set({
      failedAttempts: locks ? 0 : failures,
      lockedUntil: locks ? new Date(nowMs + TWO_FACTOR_LOCK_MS) : row.lockedUntil,
      updatedAt: now,
    })
    .where(eq(userTwoFactor.userId, row.userId));
  return { ok: false, reason: 'invalid' };
}

/**
 * Checks a code (TOTP or recovery) against the user's active factor, in its own transaction.
 * Null when two-factor is off.
 */
export async function checkTwoFactorCode(
  db: Db,
  userId: string,
  code: string,
  nowMs: number,
): Promise<CodeCheck | null> {
  const key = await twoFactorKey(db);
  return db.transaction(async (tx) => {
    const row = await twoFactorRow(tx, userId, true);
    if (row === null || row.enabledAt === null) return null;
    return checkCodeLocked(tx, key, row, code, nowMs, 'active');
  });
}

/**
 * Turns two-factor on with a code of the pending secret: the pending secret becomes the
 * active one and ten recovery codes replace any earlier ones. Answers the codes, shown once.
 */
export async function enableTwoFactor(
  db: Db,
  userId: string,
  code: string,
  nowMs: number,
): Promise<string[]> {
  const key = await twoFactorKey(db);
  const result = await db.transaction(async (tx) => {
    const row = await twoFactorRow(tx, userId, true);
    if (row !== null && row.enabledAt !== null) return { kind: 'enabled' as const };
    if (row === null || row.pendingSecret === null) return { kind: 'no_setup' as const };
    const check = await checkCodeLocked(tx, key, row, code, nowMs, 'pending');
    if (!check.ok) return { kind: 'refused' as const, check };
    const now = new Date(nowMs);
    await tx
      .update(userTwoFactor)
      .set({
        secret: row.pendingSecret,
        pendingSecret: null,
        pendingCreatedAt: null,
        enabledAt: now,
        updatedAt: now,
      })
      .where(eq(userTwoFactor.userId, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    const recoveryCodes = newRecoveryCodes();
    await tx.insert(twoFactorRecoveryCodes).values(
      recoveryCodes.map((recoveryCode) => ({
        userId,
        codeHash: hashRecoveryCode(recoveryCode),
        createdAt: now,
      })),
    );
    await enqueueMail(tx, { userId, kind: 'two_factor_enabled', params: {} });
    return { kind: 'ok' as const, recoveryCodes };
  });
  switch (result.kind) {
    case 'ok':
      return result.recoveryCodes;
    case 'enabled':
      throw new ApiError(
        409,
        'Two-factor authentication is already on.',
        'two_factor_already_enabled',
      );
    case 'no_setup':
      throw new ApiError(
        409,
        'Start the set-up first: there is no key waiting for a code.',
        'two_factor_not_set_up',
      );
    case 'refused':
      if (result.check.ok) throw new Error('unreachable');
      throw refusalOfCheck(result.check);
  }
}

/** Removes the user's second factor and recovery codes (the caller proved the right to). */
export async function removeTwoFactor(tx: Tx, userId: string): Promise<boolean> {
  const removed = await tx
    .delete(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), sql`${userTwoFactor.enabledAt} is not null`))
    .returning({ userId: userTwoFactor.userId });
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  return removed.length > 0;
}

/**
 * Sets an active factor with a known secret (the demo admin's, printed in the README), when
 * the user has none. Answers whether it was set.
 */
export async function enrollKnownSecret(
  db: Db,
  userId: string,
  base32: string,
  nowMs: number,
): Promise<boolean> {
  const key = await twoFactorKey(db);
  const now = new Date(nowMs);
  const inserted = await db
    .insert(userTwoFactor)
    .values({ userId, secret: encryptSecret(key, userId, base32), enabledAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ userId: userTwoFactor.userId });
  return inserted.length > 0;
}

/**
 * The withdrawal cooling period: refuses withdrawals for 24 hours from `now` (an earlier
 * lock that ends later is kept). Call in the transaction of the security change: a password
 * change or reset, two-factor turned off or reset.
 */
export async function lockWithdrawals(tx: Tx, userId: string, now: Date): Promise<Date> {
  const until = new Date(now.getTime() + WITHDRAWAL_COOLING_MS);
  await tx
    .update(users)
    .set({
      withdrawalsLockedUntil: sql`greatest(coalesce(${users.withdrawalsLockedUntil}, ${until}), ${until})`,
    })
    .where(eq(users.id, userId));
  return until;
}

/** The header's code, or null when the request has none. */
function codeHeader(request: FastifyRequest): string | null {
  const raw = request.headers[TWO_FACTOR_CODE_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * The step-up of a money or security call: with two-factor on, the request must carry a
 * fresh code in `X-Two-Factor-Code`; missing answers 403 `two_factor_required`, wrong 403
 * `two_factor_invalid` (never 401, which signs the client out), locked 429. `answered`
 * (an idempotent call) says whether the request's key was answered before: such a retry only
 * replays that answer and moves nothing, so it needs no code (its code was spent).
 */
export async function requireStepUp(
  request: FastifyRequest,
  answered?: () => Promise<boolean>,
): Promise<void> {
  const { userId } = sessionOf(request);
  const db = request.server.db;
  if (!(await isTwoFactorEnabled(db, userId))) return;
  if (answered && (await answered())) return;
  const code = codeHeader(request);
  if (code === null) {
    throw new ApiError(
      403,
      'Enter the code from your authenticator app to confirm.',
      'two_factor_required',
    );
  }
  const check = await checkTwoFactorCode(db, userId, code, request.server.nowMs());
  if (check === null || check.ok) return;
  throw refusalOfCheck(check);
}

/** A new sign-in challenge for a user who proved the password and has two-factor on. */
export async function createLoginChallenge(db: Db, userId: string, nowMs: number) {
  const challenge = newChallenge();
  await db.insert(loginChallenges).values({
    challengeHash: hashChallenge(challenge),
    userId,
    createdAt: new Date(nowMs),
    expiresAt: new Date(nowMs + LOGIN_CHALLENGE_TTL_MS),
  });
  return challenge;
}

function challengeRefused(): ApiError {
  return new ApiError(
    400,
    'This sign-in has expired. Please sign in again.',
    'challenge_invalid',
    'challenge',
  );
}

/**
 * Answers a sign-in challenge with a code: the user's id when the challenge is live and the
 * code right (the challenge is then used up); otherwise refuses. Wrong codes count toward
 * the account's lock like any other.
 */
export async function answerLoginChallenge(
  db: Db,
  challenge: string,
  code: string,
  nowMs: number,
): Promise<string> {
  if (!looksLikeChallenge(challenge)) throw challengeRefused();
  const challengeHash = hashChallenge(challenge);
  const live = and(
    eq(loginChallenges.challengeHash, challengeHash),
    isNull(loginChallenges.usedAt),
    gt(loginChallenges.expiresAt, new Date(nowMs)),
  );
  const [found] = await db
    .select({ userId: loginChallenges.userId })
    .from(loginChallenges)
    .where(live)
    .limit(1);
  if (!found) throw challengeRefused();
  const check = await checkTwoFactorCode(db, found.userId, code, nowMs);
  if (check === null) throw challengeRefused();
  if (!check.ok) throw refusalOfCheck(check);
  // One success per challenge: of two right answers at once, one uses it, the other is refused.
  const used = await db
    .update(loginChallenges)
    .set({ usedAt: new Date(nowMs) })
    .where(live)
    .returning({ userId: loginChallenges.userId });
  if (used.length === 0) throw challengeRefused();
  return found.userId;
}

/** Expired sign-in challenges deleted per statement of the purge. */
export const CHALLENGE_PURGE_BATCH_SIZE = 500;

/** Challenges that expired by `nowMs`, deleted up to `batchSize` at a time. */
export async function purgeExpiredChallenges(
  db: Db,
  nowMs = Date.now(),
  batchSize = CHALLENGE_PURGE_BATCH_SIZE,
): Promise<number> {
  const expiredBy = new Date(nowMs);
  const expired = db
    .select({ challengeHash: loginChallenges.challengeHash })
    .from(loginChallenges)
    .where(lte(loginChallenges.expiresAt, expiredBy))
    .limit(batchSize);
  const deleted = await db
    .delete(loginChallenges)
    .where(
      and(
        inArray(loginChallenges.challengeHash, expired),
        lte(loginChallenges.expiresAt, expiredBy),
      ),
    )
    .returning({ challengeHash: loginChallenges.challengeHash });
  return deleted.length;
}
