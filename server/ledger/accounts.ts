/**
 * Ledger accounts: each user's wallet and practice account, and the platform's own
 * (sharded) accounts.
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ledgerAccounts } from '../db/schema';
import { currencyOfKind, PLATFORM_ACCOUNT_KINDS, type PlatformAccountKind, type Tx } from './types';

/**
 * Shards per platform account. Every transfer credits fee revenue and every trade touches
 * the trading house; with one row each, all of them would queue on that row's lock through
 * every commit. With 16 rows they spread out; a platform balance is the sum of its shards.
 */
export const PLATFORM_SHARDS = 16;

/** The account ids of every platform account's shards, in shard order. */
export type PlatformAccounts = Readonly<Record<PlatformAccountKind, readonly string[]>>;

/**
 * Creates the platform accounts' shards if missing (idempotent, safe on many instances)
 * and answers their ids, which never change; the app keeps them for its lifetime.
 */
export async function ensurePlatformAccounts(db: Db): Promise<PlatformAccounts> {
  const ids: Partial<Record<PlatformAccountKind, string[]>> = {};
  for (const kind of PLATFORM_ACCOUNT_KINDS) {
    await db
      .insert(ledgerAccounts)
      .values(
        Array.from({ length: PLATFORM_SHARDS }, (_, shard) => ({
          kind,
          shard,
          currency: currencyOfKind(kind),
        })),
      )
      .onConflictDoNothing();
    const rows = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, kind), isNull(ledgerAccounts.userId)))
      .orderBy(asc(ledgerAccounts.shard));
    if (rows.length < PLATFORM_SHARDS)
      throw new Error(`Platform account ${kind} has too few shards`);
    ids[kind] = rows.map((row) => row.id);
  }
  return ids as PlatformAccounts;
}

/** One shard of a platform account, picked at random to spread the load. */
export function platformShard(accounts: PlatformAccounts, kind: PlatformAccountKind): string {
  const shards = accounts[kind];
  const id = shards[randomInt(shards.length)];
  if (id === undefined) throw new Error(`No shards for ${kind}`);
  return id;
}

export async function walletAccountId(db: Db | Tx, userId: string): Promise<string> {
  const rows = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'user_wallet')))
    .limit(1);
  const id = rows[0]?.id;
  if (!id) throw new Error(`User ${userId} has no wallet account`);
  return id;
}
