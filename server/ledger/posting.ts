/**
 * The only code that changes balances. A journal entry's postings must sum to zero.
 *
 * One statement does the whole posting: it locks every account the entry touches in id
 * order (`SELECT … ORDER BY id FOR UPDATE`, so two entries sharing accounts cannot
 * deadlock), records the entry and its postings, and moves the cached balances. Whether a
 * user can afford it is decided by the database itself: the wallet's CHECK constraint
 * (balance ≥ 0 and held ≤ balance) refuses any update that would spend held or missing
 * money, and that refusal aborts the whole statement. Fewer round trips also mean the hot
 * platform rows stay locked only from this statement to the commit.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryPrepared, queryRows, type Db } from '../db/client';
import { InsufficientFundsError } from './errors';
import type { Currency, EntrySpec, Posting, Tx } from './types';

/** Entries have at most this many postings; anything larger is a bug. */
const MAX_POSTINGS = 16;
const FUNDS_CONSTRAINT = 'ledger_accounts_user_balance_non_negative';

function assertBalanced(spec: EntrySpec): void {
  const { postings: lines } = spec;
  if (lines.length < 2 || lines.length > MAX_POSTINGS) {
    throw new Error(`ledger: an entry needs 2..${MAX_POSTINGS} postings, got ${lines.length}`);
  }
  let sum = 0n;
  const seen = new Set<string>();
  for (const line of lines) {
    if (line.amountMicros === 0n) throw new Error('ledger: a posting of zero');
    if (seen.has(line.accountId)) throw new Error('ledger: an account appears twice in one entry');
    seen.add(line.accountId);
    sum += line.amountMicros;
  }
  if (sum !== 0n) throw new Error(`ledger: postings sum to ${sum}, not zero`);
}

/**
 * The postings as one relation `(id, delta)` from two array parameters, so the statement's
 * text is the same whatever the number of postings and can be prepared once.
 */
function postingsRelation(lines: Posting[]): SQL {
  const ids = sql.param(lines.map((line) => line.accountId));
  const deltas = sql.param(lines.map((line) => line.amountMicros.toString()));
  return sql`unnest(${ids}::uuid[], ${deltas}::bigint[]) as v(id, delta)`;
}

/** True when `error` (or its cause) is PostgreSQL refusing a wallet below its holds. */
function isFundsViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: string; constraint?: string };
    if (pgError.code === '23514' && pgError.constraint === FUNDS_CONSTRAINT) return true;
  }
  return false;
}

/** Statements that run before an entry's own, and a condition the whole entry depends on. */
interface EntryGuard {
  /** CTEs placed before the posting's, e.g. `claim as (insert … returning key)`. */
  ctes: SQL[];
  /** When false, the statement posts nothing: no lock, no balance change, no entry. */
  condition: SQL;
}

function entryStatement(spec: EntrySpec, guard: EntryGuard | null): SQL {
  const postings = postingsRelation(spec.postings);
  const prelude = guard && guard.ctes.length > 0 ? sql`${sql.join(guard.ctes, sql`, `)}, ` : sql``;
  const condition = guard?.condition ?? sql`true`;
  const currency: Currency = spec.currency ?? 'USDT';
  return sql`with ${prelude}locked as materialized (
        select id from ledger_accounts
        where id in (select v.id from ${postings}) and ${condition}
        order by id for update),
      moved as (
        update ledger_accounts a set balance_micros = a.balance_micros + v.delta
        from ${postings}, locked
        where a.id = v.id and locked.id = a.id
        returning a.id),
      entry as (
        insert into journal_entries (kind, reference_type, reference_id, memo, currency)
        select ${spec.kind}, ${spec.referenceType}, ${spec.referenceId}, ${spec.memo ?? null}::text,
               ${currency}::text
        where ${condition}
        returning id, currency),
      lines as (
        insert into postings (entry_id, account_id, amount_micros, currency)
        select entry.id, v.id, v.delta, entry.currency from entry, ${postings}
        returning id)
      select (select id from entry) as id, (select count(*) from moved) as moved`;
}

/**
 * Posts a balanced entry in ONE statement, together with the guard's statements, when the
 * guard's condition holds; answers the entry id, or null when it did not hold. A single
 * statement is atomic on its own, so this can run outside a transaction: a money-moving
 * request then costs one round trip for all its writes (a transfer: modules/wallet/transfers.ts).
 * Throws InsufficientFundsError when a user wallet would go below its held amount; the
 * whole statement, the guard's writes included, has then changed nothing.
 */
export async function postGuardedEntry(
  db: Db | Tx,
  spec: EntrySpec,
  guard: EntryGuard | null,
): Promise<bigint | null> {
  assertBalanced(spec);
  try {
    const [entry] = await queryPrepared<{ id: string | null; moved: string }>(
      db as Db,
      entryStatement(spec, guard),
    );
    if (!entry) throw new Error('ledger: the posting statement answered no row');
    if (entry.id === null) {
      if (Number(entry.moved) !== 0) throw new Error('ledger: balances moved without an entry');
      return null;
    }
    if (Number(entry.moved) !== spec.postings.length) {
      throw new Error('ledger: an account of the entry is missing');
    }
    return BigInt(entry.id);
  } catch (error) {
    if (isFundsViolation(error)) throw new InsufficientFundsError();
    throw error;
  }
}

/**
 * Posts a balanced entry inside `tx`. Throws InsufficientFundsError when a user wallet
 * would go below its held amount; the caller's transaction must then roll back (the
 * statement has aborted it), which it does when the error propagates out of it.
 */
export async function postEntry(tx: Tx, spec: EntrySpec): Promise<bigint> {
  const id = await postGuardedEntry(tx, spec, null);
  if (id === null) throw new Error('ledger: an unguarded entry was not posted');
  return id;
}

/**
 * Locks accounts in id order, as every posting does. A change that touches one of its
 * entry's accounts before posting (releasing a hold, reading a balance) must lock them all
 * first: holding the wallet while waiting for a platform shard, it would deadlock with a
 * posting that holds the shard and waits for the wallet.
 */
export async function lockAccounts(tx: Tx, accountIds: readonly string[]): Promise<void> {
  await queryRows(
    tx,
    sql`select id from ledger_accounts where id = any(${sql.param([...accountIds])}::uuid[])
        order by id for update`,
  );
}

/** Holds `amountMicros` of a user's available balance (a pending withdrawal or trade). */
export async function placeHold(tx: Tx, accountId: string, amountMicros: bigint): Promise<void> {
  if (amountMicros <= 0n) throw new Error('ledger: a hold must be positive');
  const updated = await queryRows(
    tx,
    sql`update ledger_accounts set held_micros = held_micros + ${amountMicros}
        where id = ${accountId}::uuid and balance_micros - held_micros >= ${amountMicros}
        returning id`,
  );
  if (updated.length !== 1) throw new InsufficientFundsError();
}

/** Releases a hold placed earlier; the hold must be there. */
export async function releaseHold(tx: Tx, accountId: string, amountMicros: bigint): Promise<void> {
  if (amountMicros <= 0n) throw new Error('ledger: a release must be positive');
  const updated = await queryRows(
    tx,
    sql`update ledger_accounts set held_micros = held_micros - ${amountMicros}
        where id = ${accountId}::uuid and held_micros >= ${amountMicros}
        returning id`,
  );
  if (updated.length !== 1) throw new Error('ledger: releasing more than is held');
}
