/**
 * Idempotent money-moving requests. The client sends an `Idempotency-Key` made once per
 * confirmed action and reused on every retry. The key row is inserted in the same
 * transaction as the change, so it is stored exactly when the change is:
 * - a new key runs the change and stores its answer;
 * - a key seen before with the same body answers the stored answer, and changes nothing;
 * - a key seen before with another body is refused (422);
 * - on PostgreSQL, a concurrent request with the same key waits on the first one's insert
 *   and then answers its stored answer; if the first rolled back, it runs itself.
 * `runIdempotent` runs a change in a transaction with its key. A change made in ONE statement
 * (a transfer, written in batches) claims the key in that statement itself from `keyRow`,
 * and this file only replays the answer.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../common/contract';
import { queryRows, type Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import type { Tx } from '../ledger/types';
import { sessionOf } from './auth-guard';
import { refusalOf } from './error-handler';
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

function idempotencyKeyOf(request: FastifyRequest): string {
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

/** An answer as it is stored with its key and sent: the status and the JSON text. */
export interface StoredAnswer {
  statusCode: number;
  json: string;
}

export function storedAnswer(statusCode: number, body: unknown): StoredAnswer {
  return { statusCode, json: JSON.stringify(body) };
}

export function sendAnswer(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  return reply.code(answer.statusCode).type('application/json; charset=utf-8').send(answer.json);
}

/**
 * Runs a change at most once per (user, key). `prepare` reads and validates inside the
 * transaction and answers the response and the writes. A refusal thrown by either rolls
 * everything back and stores nothing, so a corrected retry with the same key can succeed.
 */
export async function runIdempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  route: string,
  prepare: (tx: Tx) => Promise<PreparedChange>,
  options: {
    /**
     * A check that runs before the change, given whether the key was answered before (the
     * second factor's step-up: a replay of an answered key needs no fresh code).
     */
    beforeChange?: (answered: () => Promise<boolean>) => Promise<void>;
  } = {},
): Promise<FastifyReply> {
  const keyed = idempotentRequest(request, reply, route);
  if (options.beforeChange) await options.beforeChange(keyed.answered);
  try {
    const answer = await request.server.db.transaction(async (tx) => {
      const prepared = await prepare(tx);
      const stored = storedAnswer(prepared.statusCode, prepared.body);
      // Plain SQL: this runs on every money-moving request, and the ORM's builder costs more
      // CPU than the round trip itself.
      const claimed = await queryRows(tx, sql`${keyed.insertKey(stored)} returning key`);
      if (claimed.length === 0) throw new ReplaySignal();
      await prepared.apply(tx);
      return stored;
    });
    return sendAnswer(reply, answer);
  } catch (error) {
    if (error instanceof ReplaySignal) return keyed.replay();
    return keyed.recover(error);
  }
}

/**
 * A key row as a change made in ONE statement (the transfer batch) stores it: the key, its
 * route and body hash, and the answer stored with it.
 */
export interface KeyRow {
  userId: string;
  key: string;
  route: string;
  requestHash: string;
  answer: StoredAnswer;
}

/** A money-moving request's key, claimed by the caller's own statement or transaction. */
export interface IdempotentRequest {
  /** The insert of the key row with `answer`; a key already stored inserts nothing. */
  insertKey(answer: StoredAnswer): SQL;
  /** The key row storing `answer`, for a statement that claims keys itself. */
  keyRow(answer: StoredAnswer): KeyRow;
  /** Sends the answer stored with the key: the first request's, byte for byte. */
  replay(): Promise<FastifyReply>;
  /** Whether the key is stored: its request was answered and only replays from now on. */
  answered(): Promise<boolean>;
  /**
   * After `error`: a retry of a finished request gets the first answer even when the world
   * changed since and its validation now fails; any other error is thrown again. The key is
   * looked up only on this path, so a first request costs no extra round trip.
   */
  recover(error: unknown): Promise<FastifyReply>;
}

/**
 * A money-moving request's key, its user and the hash of its route and body, with the two
 * reads of a stored key. Refuses a request without a valid key (400) before anything is read.
 */
export function idempotentRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  route: string,
): IdempotentRequest {
  const key = idempotencyKeyOf(request);
  const { userId } = sessionOf(request);
  const requestHash = createHash('sha256')
    .update(`${route}\n${canonicalJson(request.body)}`)
    .digest('hex');
  const db: Db = request.server.db;
  const isKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  const keyIsStored = async (): Promise<boolean> => {
    const rows = await db
      .select({ userId: idempotencyKeys.userId })
      .from(idempotencyKeys)
      .where(isKey)
      .limit(1);
    return rows.length > 0;
  };

  const replay = async (): Promise<FastifyReply> => {
    const [row] = await db.select().from(idempotencyKeys).where(isKey).limit(1);
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

  const insertKey = (answer: StoredAnswer) =>
    sql`insert into idempotency_keys (user_id, key, route, request_hash, status_code, response_body)
        values (${userId}::uuid, ${key}, ${route}, ${requestHash}, ${answer.statusCode}::int, ${answer.json})
        on conflict do nothing`;

  return {
    insertKey,
    keyRow: (answer) => ({ userId, key, route, requestHash, answer }),
    replay,
    answered: keyIsStored,
    recover: async (error) => {
      if (refusalOf(error) !== null && (await keyIsStored())) return replay();
      throw error;
    },
  };
}
