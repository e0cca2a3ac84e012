/**
 * Practice money on the ledger. Each user has one `user_practice` account (currency
 * PRACTICE); its money comes from the `practice_faucet` platform account, as journal
 * entries like any other, and practice trades settle against the `practice_house`. Neither
 * can ever exchange postings with a USDT account: the database refuses an entry whose
 * postings mix currencies (migration 0014), so practice money cannot become real.
 *
 * - grant: the starting balance, once per user (reference `user`/<user id>, kind
 *   practice_grant), made when the account is made: at sign-up, by the migration for users
 *   who existed before practice mode, or lazily on first use for any other;
 * - refill: tops the balance up to PRACTICE_BALANCE_MICROS once per UTC day (reference
 *   `user`/<user id>/<UTC day>, kind practice_refill); the unique reference index makes a
 *   second refill of the same day impossible even if two requests race past the checks.
 */
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PRACTICE_BALANCE_MICROS } from '../../common/rules';
import { queryRows, type Db } from '../db/client';
import { ledgerAccounts } from '../db/schema';
import { PLATFORM_SHARDS } from './accounts';
import { lockAccounts, postEntry, postGuardedEntry } from './posting';
import type { Tx } from './types';

export const PRACTICE_GRANT_KIND = 'practice_grant';
export const PRACTICE_REFILL_KIND = 'practice_refill';
export const PRACTICE_REFERENCE_TYPE = 'user';

/** The UTC day of `nowMs` as YYYY-MM-DD: a refill's day. */
export function utcDayOf(nowMs: number): string {
  if (!Number.isFinite(nowMs)) throw new RangeError('nowMs must be a finite time');
  return new Date(nowMs).toISOString().slice(0, 10);
}

/** The start of the UTC day after `nowMs`: when the next refill is allowed. */
export function nextUtcDayMs(nowMs: number): number {
  const start = Date.parse(`${utcDayOf(nowMs)}T00:00:00.000Z`);
  return start + 24 * 60 * 60 * 1000;
}

/**
 * A random shard of the practice faucet, read from the database so that sign-up (which has
 * no platform account list at hand) can use it; shard 0, made by the migration, when the
 * others are not made yet.
 */
async function faucetShard(db: Db | Tx): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id::text as id from ledger_accounts
        where kind = 'practice_faucet' and user_id is null
        order by (shard = ${randomInt(PLATFORM_SHARDS)}) desc, shard limit 1`,
  );
  if (!row) throw new Error('ledger: no practice faucet account');
  return row.id;
}

/**
 * The user's practice account, made with its starting balance when missing (idempotent;
 * two concurrent calls make one account and one grant).
 */
export async function ensurePracticeAccount(tx: Db | Tx, userId: string): Promise<string> {
  const inserted = await tx
    .insert(ledgerAccounts)
    .values({ kind: 'user_practice', currency: 'PRACTICE', userId })
    .onConflictDoNothing()
    .returning({ id: ledgerAccounts.id });
  const made = inserted[0]?.id;
  if (made !== undefined) {
    const granted = await postGuardedEntry(
      tx,
      {
        kind: PRACTICE_GRANT_KIND,
        referenceType: PRACTICE_REFERENCE_TYPE,
        referenceId: userId,
        memo: 'Starting practice balance',
        currency: 'PRACTICE',
        postings: [
          { accountId: made, amountMicros: PRACTICE_BALANCE_MICROS },
          { accountId: await faucetShard(tx), amountMicros: -PRACTICE_BALANCE_MICROS },
        ],
      },
      null,
    );
    if (granted === null) throw new Error('ledger: the practice grant was not posted');
    return made;
  }
  const rows = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'user_practice')))
    .limit(1);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`User ${userId} has no practice account`);
  return id;
}

export type RefillOutcome =
  /** `availableMicros`: the balance after the refill minus the held stakes. */
  | { kind: 'refilled'; amountMicros: bigint; availableMicros: bigint }
  /** The day's refill was made already. */
  | { kind: 'too_early'; nextAtMs: number }
  /** The balance is at or above the top already: nothing to refill, the day's refill kept. */
  | { kind: 'full'; balanceMicros: bigint };

/**
 * Tops the user's practice balance (held stakes included) up to PRACTICE_BALANCE_MICROS,
 * once per UTC day of `nowMs`. Locks the account and a faucet shard first (in id order, as
 * every posting does), so a concurrent refill waits and then sees this one's entry.
 */
export async function refillPractice(
  tx: Tx,
  userId: string,
  nowMs: number,
): Promise<RefillOutcome> {
  const account = await ensurePracticeAccount(tx, userId);
  const faucet = await faucetShard(tx);
  await lockAccounts(tx, [account, faucet]);
  const referenceId = `${userId}/${utcDayOf(nowMs)}`;
  const [state] = await queryRows<{ balance: string; held: string; refilled: boolean }>(
    tx,
    sql`select a.balance_micros::text as balance, a.held_micros::text as held,
               exists (select 1 from journal_entries j
                       where j.reference_type = ${PRACTICE_REFERENCE_TYPE}
                         and j.reference_id = ${referenceId}
                         and j.kind = ${PRACTICE_REFILL_KIND}) as refilled
        from ledger_accounts a where a.id = ${account}::uuid`,
  );
  if (!state) throw new Error('ledger: the practice account vanished');
  if (state.refilled) return { kind: 'too_early', nextAtMs: nextUtcDayMs(nowMs) };
  const balanceMicros = BigInt(state.balance);
  const amountMicros = PRACTICE_BALANCE_MICROS - balanceMicros;
  if (amountMicros <= 0n) return { kind: 'full', balanceMicros };
  await postEntry(tx, {
    kind: PRACTICE_REFILL_KIND,
    referenceType: PRACTICE_REFERENCE_TYPE,
    referenceId,
    memo: 'Practice balance refill',
    currency: 'PRACTICE',
    postings: [
      { accountId: account, amountMicros },
      { accountId: faucet, amountMicros: -amountMicros },
    ],
  });
  return {
    kind: 'refilled',
    amountMicros,
    availableMicros: PRACTICE_BALANCE_MICROS - BigInt(state.held),
  };
}
