/**
 * Transfers written in batches: one statement (`post_transfer_batch`, migration
 * 0016_transfer_batch_checks.sql) checks the facts each transfer was made from (session,
 * parties, rules), claims the keys of many transfers, locks the accounts they touch
 * in id order, decides each transfer in order against the running balances, writes the
 * accepted ones (transfer row, journal entry, postings, receiver's mail) and moves the
 * balances; one commit for all of them. The batcher (server/lib/batcher.ts) forms the
 * batches: a lone request is written at once, requests that arrive meanwhile share the next.
 */
import { sql } from 'drizzle-orm';
import { fixedStatement, type Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/unavailable';
import type { transfers } from '../../db/schema';
import type { KeyRow } from '../../http/idempotency';
import { Batcher } from '../../lib/batcher';
import { weakMemo } from '../../lib/weak-memo';
import type { PreparedMail } from '../mail';

/** Most transfers in one batch statement. */
const MAX_TRANSFER_BATCH = 64;
/** Longest a transfer waits for company while another batch is being written, in ms. */
const TRANSFER_BATCH_WAIT_MS = 2;
/**
 * Batches written at once. One: the next batch is every transfer that queued while this one
 * was written (group commit). A second batch in flight almost always shares an account with
 * the first, so it waited for the first's row locks anyway, and the waits cost PostgreSQL
 * 0.1-0.2 ms more per transfer (`npm run bench:transfers`, docs/benchmarks.md).
 */
const TRANSFER_BATCHES_IN_FLIGHT = 1;
/** Transfers waiting for a batch before new ones are refused with a 503. */
const MAX_QUEUED_TRANSFERS = 1024;

/** One transfer as the batch writes it: its key, its row, its accounts and its mail. */
export interface TransferBatchItem {
  key: KeyRow;
  row: typeof transfers.$inferInsert & { id: string; createdAt: Date };
  senderWallet: string;
  receiverWallet: string;
  /** The fee revenue shard credited, or null when the fee is zero. */
  feeAccount: string | null;
  /** What the statement checks before writing, beside the row's parties (names, Pay IDs). */
  check: {
    /** The sender's session, which must still be live. */
    tokenHash: string;
    /** Made without a second factor: the sender must still have none. */
    twoFactorOff: boolean;
    /** The rules the transfer was checked against, which must still be the site's. */
    minMicros: bigint;
    chargeMicroPercent: bigint;
  };
  mail: PreparedMail;
}

/**
 * What became of one transfer: posted; replay (its key was stored before, or by an earlier
 * transfer of the same batch, and nothing changed); insufficient (the sender cannot pay,
 * nothing stored, the key free again); stale (a fact it was made from changed: nothing
 * stored, no key claimed); missing_account (a bug: an account does not exist).
 */
export type TransferOutcome = 'posted' | 'replay' | 'insufficient' | 'stale' | 'missing_account';
const OUTCOMES: readonly string[] = [
  'posted',
  'replay',
  'insufficient',
  'stale',
  'missing_account',
];

function assertSameForAll(items: TransferBatchItem[]): { route: string; statusCode: number } {
  const first = items[0]!;
  for (const item of items) {
    if (item.key.route !== first.key.route || item.key.answer.statusCode !== 201) {
      throw new Error('transfer batch: every item must be a createTransfer answered 201');
    }
    if (item.mail.kind !== first.mail.kind) throw new Error('transfer batch: mixed mail kinds');
    if (item.row.feeMicros !== 0n && item.feeAccount === null) {
      throw new Error('transfer batch: a fee without a fee account');
    }
  }
  return { route: first.key.route, statusCode: first.key.answer.statusCode };
}

/**
 * An array literal of values that need no quoting (ids, hex, digits, figures, times, t/f);
 * null is NULL. Asserted: anything else goes as JSON text (`texts` below).
 */
function arrayLiteral(values: (string | null)[]): string {
  for (const value of values) {
    if (value !== null && !SAFE_ELEMENT.test(value)) {
      throw new Error(`transfer batch: "${value}" needs quoting in an array literal`);
    }
  }
  return `{${values.map((value) => value ?? 'NULL').join(',')}}`;
}
const SAFE_ELEMENT = /^[0-9A-Za-z:._+-]+$/;

/** A JSON array of texts as a text[] in SQL, in order. */
const textArray = (json: string) =>
  sql`array(select e.v from json_array_elements_text(${json}::json) with ordinality as e(v, i) order by e.i)`;

/**
 * The batch statement, its text built once per database: every column an array parameter,
 * free texts as JSON arrays (the driver's array quoting cost more than the statement's
 * round trip under load).
 */
const batchStatement = weakMemo((db: Db) => {
  const p = () => sql.param('');
  const t = () => textArray('[]');
  return fixedStatement<{ outcomes: string }>(
    db,
    sql`select post_transfer_batch(${p()}::text, ${p()}::int, ${p()}::text, ${p()}::timestamptz,
      ${p()}::uuid[], ${t()}, ${p()}::text[], ${t()},
      ${p()}::text[], ${p()}::boolean[], ${p()}::bigint[], ${p()}::bigint[],
      ${p()}::uuid[], ${p()}::text[], ${p()}::uuid[], ${p()}::uuid[],
      ${t()}, ${t()}, ${t()}, ${t()},
      ${p()}::bigint[], ${p()}::bigint[], ${p()}::bigint[], ${p()}::timestamptz[],
      ${p()}::uuid[], ${p()}::uuid[], ${p()}::uuid[],
      ${p()}::uuid[], ${t()}, ${t()}) as outcomes`,
  );
});

/** Writes `items` in ONE statement; answers one outcome per item, in order. */
export async function postTransferBatch(
  db: Db,
  items: TransferBatchItem[],
): Promise<TransferOutcome[]> {
  if (items.length === 0) return [];
  if (items.length > MAX_TRANSFER_BATCH) throw new Error('transfer batch: too many items');
  const { route, statusCode } = assertSameForAll(items);
  const list = (of: (item: TransferBatchItem) => string | null) => arrayLiteral(items.map(of));
  const texts = (of: (item: TransferBatchItem) => string) => JSON.stringify(items.map(of));
  const rows = await batchStatement(db)([
    route,
    statusCode,
    items[0]!.mail.kind,
    new Date().toISOString(),
    list((i) => i.key.userId),
    texts((i) => i.key.key),
    list((i) => i.key.requestHash),
    texts((i) => i.key.answer.json),
    list((i) => i.check.tokenHash),
    list((i) => (i.check.twoFactorOff ? 't' : 'f')),
    list((i) => i.check.minMicros.toString()),
    list((i) => i.check.chargeMicroPercent.toString()),
    list((i) => i.row.id),
    list((i) => i.row.id),
    list((i) => i.row.senderId),
    list((i) => i.row.receiverId),
    texts((i) => i.row.senderPayId),
    texts((i) => i.row.receiverPayId),
    texts((i) => i.row.senderUsername),
    texts((i) => i.row.receiverUsername),
    list((i) => i.row.amountMicros.toString()),
    list((i) => i.row.feeMicros.toString()),
    list((i) => i.row.netMicros.toString()),
    list((i) => i.row.createdAt.toISOString()),
    list((i) => i.senderWallet),
    list((i) => i.receiverWallet),
    list((i) => i.feeAccount),
    list((i) => i.mail.id),
    texts((i) => i.mail.paramsJson),
    texts((i) => i.mail.messageId),
  ]);
  const outcomes = (rows[0]?.outcomes ?? '').split(',');
  if (outcomes.length !== items.length || !outcomes.every((o) => OUTCOMES.includes(o))) {
    throw new Error(`transfer batch: unexpected outcomes ${rows[0]?.outcomes}`);
  }
  return outcomes as TransferOutcome[];
}

/** The database's transfer batcher (one per database handle, made on first use). */
export const transferBatcher = weakMemo(
  (db: Db) =>
    new Batcher<TransferBatchItem, TransferOutcome>(
      (items) => postTransferBatch(db, items),
      {
        maxBatch: MAX_TRANSFER_BATCH,
        maxWaitMs: TRANSFER_BATCH_WAIT_MS,
        maxInFlight: TRANSFER_BATCHES_IN_FLIGHT,
        maxQueued: MAX_QUEUED_TRANSFERS,
      },
      // A failed batch changed nothing (one statement): its transfers are written again one
      // by one, so one that fails (a deadlock, a figure out of range) fails alone.
      (error) => !isDatabaseUnavailable(error),
    ),
);
