/**
 * Sign-in throttling, kept in the database so that every instance behind a proxy shares the
 * counters. Three counters: the address on the account, the address on all accounts, and
 * the account from all addresses.
 *
 * Every attempt to prove a password (a sign-in, or the current password of a password
 * change) first claims a slot in each counter, in one transaction that locks their rows,
 * and only then is the password hashed. So a burst of requests cannot all pass a check made
 * before any of them failed: the claims are counted one after the other, and the ones beyond
 * the limit are refused with 429 without a hash. A correct password gives its slots back, so
 * a counter holds the failures of its window plus the attempts still being checked.
 *
 * Each counter lives for a window (SIGN_IN_WINDOW_MS) from its first attempt. Its first
 * attempts are let through at once; after that, each further attempt must wait a delay that
 * doubles from SIGN_IN_FIRST_DELAY_MS up to SIGN_IN_MAX_DELAY_MS after the previous one let
 * through, and is told how long (`retryAfterMs`). An address gets fewer free attempts on an
 * account than the account has, so one stranger's address is slowed down long before the
 * account is: the owner, from another address, signs in as usual. Many addresses together
 * slow the account down, with growing waits, never a flat lock-out. An address's attempts
 * on all accounts are bounded too (password spraying), generously, as many people may share
 * one address.
 */
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import {
  SIGN_IN_FIRST_DELAY_MS,
  SIGN_IN_FREE_ATTEMPTS_PER_ACCOUNT,
  SIGN_IN_FREE_ATTEMPTS_PER_ADDRESS,
  SIGN_IN_FREE_ATTEMPTS_PER_ADDRESS_ON_ACCOUNT,
  SIGN_IN_MAX_DELAY_MS,
  SIGN_IN_WINDOW_MS,
} from '../../../common/rules';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { addressKeyOf } from '../../http/rate-limit';

/** Ended counters deleted per statement of the purge. */
export const COUNTER_PURGE_BATCH_SIZE = 5000;

/** One counter as stored. */
export interface CounterState {
  windowStartedAt: Date;
  /** Failed attempts of the window, plus the attempts still being checked. */
  failures: number;
  /** Beyond the free attempts: the earliest time the next attempt may be checked. */
  nextAttemptAt: Date | null;
}

export type CounterDecision =
  { allowed: true; next: CounterState } | { allowed: false; retryAfterMs: number };

/** A counter's key and how many attempts it lets through before the waits begin. */
export interface CounterKey {
  key: string;
  freeAttempts: number;
}

/** The counters of an attempt on `email` (normalised) from `ip`. */
export function signInCounters(email: string, ip: string): CounterKey[] {
  const address = addressKeyOf(ip);
  return [
    {
      key: `${address}|account:${email}`,
      freeAttempts: SIGN_IN_FREE_ATTEMPTS_PER_ADDRESS_ON_ACCOUNT,
    },
    { key: address, freeAttempts: SIGN_IN_FREE_ATTEMPTS_PER_ADDRESS },
    { key: `account:${email}`, freeAttempts: SIGN_IN_FREE_ATTEMPTS_PER_ACCOUNT },
  ];
}

/** The wait after the attempt that brought a counter to `failures`: 0 while some are free. */
export function delayAfterMs(failures: number, freeAttempts: number): number {
  if (failures < freeAttempts) return 0;
  const doublings = Math.min(failures - freeAttempts, 30);
  return Math.min(SIGN_IN_FIRST_DELAY_MS * 2 ** doublings, SIGN_IN_MAX_DELAY_MS);
}

/**
 * Whether a counter in `state` (null: none yet) lets an attempt through at `nowMs`, and its
 * state after it. A window that has ended starts again from nothing.
 */
export function decideAttempt(
  state: CounterState | null,
  freeAttempts: number,
  nowMs: number,
): CounterDecision {
  const expired = state === null || nowMs >= state.windowStartedAt.getTime() + SIGN_IN_WINDOW_MS;
  const current: CounterState = expired
    ? { windowStartedAt: new Date(nowMs), failures: 0, nextAttemptAt: null }
    : state;
  const waitUntilMs = current.nextAttemptAt?.getTime() ?? 0;
  if (current.failures >= freeAttempts && nowMs < waitUntilMs) {
    const windowEndMs = current.windowStartedAt.getTime() + SIGN_IN_WINDOW_MS;
    return { allowed: false, retryAfterMs: Math.min(waitUntilMs, windowEndMs) - nowMs };
  }
  const failures = current.failures + 1;
  const delayMs = delayAfterMs(failures, freeAttempts);
  return {
    allowed: true,
    next: {
      windowStartedAt: current.windowStartedAt,
      failures,
      nextAttemptAt: delayMs > 0 ? new Date(nowMs + delayMs) : null,
    },
  };
}

/** A claimed attempt: the windows its slots belong to, to give them back on success. */
export interface AttemptClaim {
  slots: { key: string; windowStartedAt: Date }[];
}

export type ClaimResult = ({ ok: true } & AttemptClaim) | { ok: false; retryAfterMs: number };

/**
 * Claims one slot in each counter, or none: when any counter refuses, nothing changes and
 * the answer says how long the longest refusal lasts. The rows are locked in key order, so
 * claims on the same counters queue behind each other instead of deadlocking.
 */
export async function claimAttempt(
  db: Db,
  counters: CounterKey[],
  nowMs = Date.now(),
): Promise<ClaimResult> {
  if (counters.length === 0) throw new Error('claimAttempt needs a counter');
  const sorted = [...counters].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = sorted.map((counter) => counter.key);
  return db.transaction(async (tx) => {
    // Rows exist before they are locked: two first attempts must queue on the same row.
    await tx
      .insert(loginFailures)
      .values(keys.map((key) => ({ key, windowStartedAt: new Date(nowMs), failures: 0 })))
      .onConflictDoNothing();
    const rows = await tx
      .select()
      .from(loginFailures)
      .where(inArray(loginFailures.key, keys))
      .orderBy(loginFailures.key)
      .for('update');
    const decisions = sorted.map((counter) => {
      const row = rows.find((candidate) => candidate.key === counter.key) ?? null;
      return { key: counter.key, decision: decideAttempt(row, counter.freeAttempts, nowMs) };
    });
    const refusals = decisions.flatMap(({ decision }) =>
      decision.allowed ? [] : [decision.retryAfterMs],
    );
    if (refusals.length > 0) return { ok: false, retryAfterMs: Math.max(...refusals) };

    const slots: AttemptClaim['slots'] = [];
    for (const { key, decision } of decisions) {
      if (!decision.allowed) throw new Error('unreachable: a refused counter was written');
      // An upsert: a purge may have removed an ended counter since it was read.
      await tx
        .insert(loginFailures)
        .values({ key, ...decision.next })
        .onConflictDoUpdate({ target: loginFailures.key, set: decision.next });
      slots.push({ key, windowStartedAt: decision.next.windowStartedAt });
    }
    return { ok: true, slots };
  });
}

/**
 * Gives a claimed attempt's slots back (its password was right), in the windows they were
 * claimed in: a window that has started again since is left alone.
 */
export async function giveBackAttempt(db: Db, claim: AttemptClaim): Promise<void> {
  const slots = claim.slots.map((slot) =>
    and(eq(loginFailures.key, slot.key), eq(loginFailures.windowStartedAt, slot.windowStartedAt)),
  );
  if (slots.length === 0) return;
  await db
    .update(loginFailures)
    .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
    .where(or(...slots));
}

/**
 * Deletes up to `batchSize` counters whose window ended before `nowMs` (an attempt would
 * start them again from nothing anyway) and answers how many. Each guessed email leaves a
 * counter behind, so without this the table only grows. Safe on several instances at once
 * and beside claims: a counter a claim has just renewed no longer matches.
 */
export async function purgeEndedCounters(
  db: Db,
  nowMs = Date.now(),
  batchSize = COUNTER_PURGE_BATCH_SIZE,
): Promise<number> {
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError('batchSize must be >= 1');
  const endedBefore = new Date(nowMs - SIGN_IN_WINDOW_MS);
  const ended = db
    .select({ key: loginFailures.key })
    .from(loginFailures)
    .where(lte(loginFailures.windowStartedAt, endedBefore))
    .limit(batchSize);
  const deleted = await db
    .delete(loginFailures)
    .where(and(inArray(loginFailures.key, ended), lte(loginFailures.windowStartedAt, endedBefore)))
    .returning({ key: loginFailures.key });
  return deleted.length;
}
