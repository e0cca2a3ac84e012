/**
 * Idempotent money-moving requests. The client sends an `Idempotency-Key` made once per
 * confirmed action and reused on every retry. The key row is inserted in the same
 * transaction as the change, so it is stored exactly when the change is:
 * - a new key runs the change and stores its answer;
 * - a key seen before with the same body answers the stored answer, and changes nothing;
 * - a key seen before with another body is refused (422);
 * - on PostgreSQL, a concurrent request with the same key waits on the first one's insert
 *   and then answers its stored answer; if the first rolled back, it runs itself.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../db/client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../common/contract';
import { idempotencyKeys } from '../db/schema';
import { postGuardedEntry } from '../ledger/posting';
import type { EntrySpec, Tx } from '../ledger/types';
import type { Db } from '../db/client';
import { sessionOf } from './auth-guard';
import { ApiError } from './errors';

class ReplaySignal extends Error {}

/** A stable JSON form of a body: keys sorted, so key order does not change the hash. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new ApiError(
      400,
      'This request needs an Idempotency-Key header of 16 to 128 letters, digits, "-" or "_".',
      'idempotency_key_required',
    );
  }
  return key;
}

/**
 * A change prepared for an idempotent request: the answer is known before anything is
 * written (ids and times are made by the caller), so the key row is stored with its answer
 * first and the writes follow; the hot rows the writes lock are held only briefly.
 */
export interface PreparedChange {
  statusCode: number;
  body: unknown;
  apply(tx: Tx): Promise<void>;
}

/**
 * Runs a change at most once per (user, key). `prepare` reads and validates inside the
 * transaction and answers the response and the writes. An ApiError thrown by either rolls
 * everything back and stores nothing, so a corrected retry with the same key can succeed.
 */
export async function runIdempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  route: string,
  prepare: (tx: Tx) => Promise<PreparedChange>,
): Promise<FastifyReply> {
  const { db, userId, key, requestHash, keyIsStored, replay } = keyedRequest(request, reply, route);

  try {
    const answer = await db.transaction(async (tx) => {
      const prepared = await prepare(tx);
      const json = JSON.stringify(prepared.body);
      // Plain SQL: this runs on every money-moving request, and the ORM's builder costs more
      // CPU than the round trip itself.
      const claimed = await queryRows(
        tx,
        sql`insert into idempotency_keys (user_id, key, route, request_hash, status_code, response_body)
            values (${userId}::uuid, ${key}, ${route}, ${requestHash}, ${prepared.statusCode}, ${json})
            on conflict do nothing returning key`,
      );
      if (claimed.length === 0) throw new ReplaySignal();
      await prepared.apply(tx);
      return { statusCode: prepared.statusCode, json };
    });
    return reply.code(answer.statusCode).type('application/json; charset=utf-8').send(answer.json);
  } catch (error) {
    if (error instanceof ReplaySignal) return replay();
    // A retry of a finished request must get the first answer even when the world changed
    // since and its validation now fails; the stored key is looked up only on this path,
    // so a first request costs no extra round trip.
    if (error instanceof ApiError && (await keyIsStored())) return replay();
    throw error;
  }
}

/**
 * A change that is one ledger entry plus rows of its own (a transfer): the answer, the
 * entry, and the change's inserts as CTEs that run only when `claimed` holds.
 */
export interface PreparedEntry {
  statusCode: number;
  body: unknown;
  entry: EntrySpec;
  inserts(claimed: SQL): SQL[];
}

/**
 * Like runIdempotent, for a change that is one ledger entry: `prepare` reads and validates
 * outside any transaction, then ONE statement claims the key, inserts the change's rows and
 * posts the entry, or does nothing at all when the key was already claimed (then the stored
 * answer is replayed) or the wallet cannot pay (then nothing is stored). Three round trips
 * in all with the session lookup, instead of seven.
 */
export async function runIdempotentEntry(
  request: FastifyRequest,
  reply: FastifyReply,
  route: string,
  prepare: (db: Db) => Promise<PreparedEntry>,
  mapError: (error: unknown) => unknown = (error) => error,
): Promise<FastifyReply> {
  const { db, userId, key, requestHash, keyIsStored, replay } = keyedRequest(request, reply, route);

  try {
    const prepared = await prepare(db);
    const json = JSON.stringify(prepared.body);
    const claimed = sql`exists (select 1 from claim)`;
    const claim = sql`claim as (
        insert into idempotency_keys (user_id, key, route, request_hash, status_code, response_body)
        values (${userId}::uuid, ${key}, ${route}, ${requestHash}, ${prepared.statusCode}::int, ${json})
        on conflict do nothing returning key)`;
    let entryId: bigint | null;
    try {
      entryId = await postGuardedEntry(db, prepared.entry, {
        ctes: [claim, ...prepared.inserts(claimed)],
        condition: claimed,
      });
    } catch (error) {
      throw mapError(error);
    }
    if (entryId === null) return replay();
    return reply.code(prepared.statusCode).type('application/json; charset=utf-8').send(json);
  } catch (error) {
    if (error instanceof ApiError && (await keyIsStored())) return replay();
    throw error;
  }
}

/**
 * A money-moving request's key, its user and the hash of its route and body, with the two
 * reads of a stored key: whether it exists, and its answer replayed.
 */
function keyedRequest(request: FastifyRequest, reply: FastifyReply, route: string) {
  const key = idempotencyKeyOf(request);
  const { userId } = sessionOf(request);
  const requestHash = createHash('sha256')
    .update(`${route}\n${canonicalJson(request.body)}`)
    .digest('hex');
  const db: Db = request.server.db;
  const keyIsStored = async (): Promise<boolean> => {
    const rows = await db
      .select({ userId: idempotencyKeys.userId })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .limit(1);
    return rows.length > 0;
  };

  const replay = async (): Promise<FastifyReply> => {
    const rows = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .limit(1);
    const row = rows[0];
    if (!row) throw new Error('idempotency: key vanished after a conflict');
    if (row.route !== route || row.requestHash !== requestHash) {
      throw new ApiError(
        422,
        'This Idempotency-Key was already used for a different request.',
        'idempotency_conflict',
      );
    }
    return reply
      .code(row.statusCode)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(row.responseBody);
  };

  return { db, userId, key, requestHash, keyIsStored, replay };
}
