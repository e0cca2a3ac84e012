/**
 * Shared helpers of the hostile suites: a populated world (an admin, two users with real
 * data of every kind), ledger snapshots to prove that no money moved, duplicate checks, and
 * the documented error shape. Built on the API test harness (tests/api/harness.ts).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { API_ERROR_CODES } from '../../common/contract';
import { queryRows, type Db } from '../../server/db/client';
import {
  closeCheckingLedger,
  createAdminTestApp,
  createMethod,
  fundedUser,
  me,
  newKey,
  registerAndLogin,
  submitKyc,
  uploadScreenshot,
  type Headers,
  type TestApp,
} from '../api/harness';

export type { Headers };
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
export type Response = LightMyRequestResponse;

/** An id that is a well-formed UUID and belongs to nothing. */
export const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * Random cases per route of the fuzz suites. The default keeps CI fast on two cores;
 * `HOSTILE_RUNS=200 npx vitest run tests/hostile` makes a long run.
 */
export function hostileRuns(defaultRuns: number): number {
  const raw = process.env.HOSTILE_RUNS;
  if (raw === undefined || raw === '') return defaultRuns;
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`HOSTILE_RUNS must be >= 1: ${raw}`);
  return runs;
}

/** `1.5` USDT as micro-USDT, for readable set-up amounts. */
export const usdt = (whole: number): bigint => BigInt(Math.round(whole * 1_000_000));

// The world -----------------------------------------------------------------------------------

/** A signed-up user and the objects they own. */
export interface Actor {
  auth: Headers;
  token: string;
  userId: string;
  payId: string;
  email: string;
  username: string;
  password: string;
  objects: OwnedObjects;
}

/** One of each kind of thing a user owns (ids are UUIDs, the file URL is `/files/<id>`). */
interface OwnedObjects {
  depositId: string;
  withdrawalId: string;
  transferId: string;
  tradeId: string;
  kycId: string;
  /** An upload sent with the owner's token and not used by any request yet. */
  fileUrl: string;
  fileId: string;
  /** The three KYC uploads and the deposit's screenshot, all claimed. */
  claimedFileIds: string[];
  /** The session of `auth` (GET /api/getSessions), which only its owner may sign out. */
  sessionId: string;
}

export interface World {
  t: TestApp;
  app: FastifyInstance;
  admin: Headers;
  adminId: string;
  depositMethodId: string;
  withdrawMethodId: string;
  /** A third user who only ever receives transfers (so A and B share nothing). */
  receiver: { auth: Headers; userId: string; payId: string };
  a: Actor;
  b: Actor;
}

export const TRADE_COIN = 'BTC';

/** Records a tick of `symbol` for the current second, so a trade can be opened now. */
export async function freshTick(app: FastifyInstance, symbol = TRADE_COIN, price = '65000.5') {
  const atMs = Math.floor(Date.now() / 1000) * 1000;
  await app.db.execute(
    sql`insert into market_ticks (symbol, recorded_at, price, source)
        values (${symbol}, ${new Date(atMs).toISOString()}::timestamptz, ${price}::numeric, 'simulated')
        on conflict (symbol, recorded_at) do nothing`,
  );
}

/** Sends a request and fails loudly when it does not answer `status`. */
export async function expectStatus(
  app: FastifyInstance,
  status: number,
  options: InjectOptions,
): Promise<Response> {
  const res = await app.inject(options);
  if (res.statusCode !== status) {
    throw new Error(
      `${options.method ?? 'GET'} ${String(options.url)}: expected ${status}, got ${res.statusCode} ${res.body}`,
    );
  }
  return res;
}

export const fileIdOf = (fileUrl: string): string => {
  const id = /^\/files\/([0-9a-f-]{36})$/.exec(fileUrl)?.[1];
  if (id === undefined) throw new Error(`Not a file URL: ${fileUrl}`);
  return id;
};

/**
 * A fresh app with an admin, payment methods, a listed coin and two users A and B, each
 * with a pending deposit, a pending withdrawal, a transfer (to a third user), a pending
 * trade, a pending KYC request and an unused upload of their own.
 */
export async function buildWorld(
  options: { uploadsPerMinute?: number; env?: Record<string, string> } = {},
): Promise<World> {
  const t = await createAdminTestApp(options.env, {
    uploadsPerMinute: options.uploadsPerMinute ?? 1000,
  });
  const { app, admin } = t;
  const adminId = (await me(app, admin))._id;
  const depositMethodId = await createMethod(app, admin, 'deposit');
  const withdrawMethodId = await createMethod(app, admin, 'withdraw');
  await app.db.execute(
    sql`insert into coins (symbol, name, sort_order) values (${TRADE_COIN}, 'Bitcoin', 0)
        on conflict do nothing`,
  );
  const receiver = await registerAndLogin(app);
  const partial = { t, app, admin, adminId, depositMethodId, withdrawMethodId };
  const a = await populatedActor(partial, receiver.payId);
  const b = await populatedActor(partial, receiver.payId);
  return { ...partial, receiver, a, b };
}

type WorldBase = Pick<World, 't' | 'app' | 'admin' | 'depositMethodId' | 'withdrawMethodId'>;

async function populatedActor(world: WorldBase, receiverPayId: string): Promise<Actor> {
  const { app } = world;
  const user = await fundedUser(app, usdt(1000));
  const keyed = { ...user.auth, 'idempotency-key': newKey() };

  const screenshot = await uploadScreenshot(app, user.auth);
  const deposit = await expectStatus(app, 201, {
    method: 'POST',
    url: '/api/createDeposit',
    headers: { ...user.auth, 'idempotency-key': newKey() },
    payload: { gatWay: world.depositMethodId, amount: '100', transactionScreenshot: screenshot },
  });
  const withdrawal = await expectStatus(app, 201, {
    method: 'POST',
    url: '/api/createWithdraw',
    headers: keyed,
    payload: { gatWay: world.withdrawMethodId, amount: '50', paymentAddress: 'TXyzUserAddr12345' },
  });
  const transfer = await expectStatus(app, 201, {
    method: 'POST',
    url: '/api/createTransfer',
    headers: { ...user.auth, 'idempotency-key': newKey() },
    payload: { amount: '10', receivePId: receiverPayId },
  });
  await freshTick(app);
  const trade = await expectStatus(app, 201, {
    method: 'POST',
    url: '/api/createTrade',
    headers: { ...user.auth, 'idempotency-key': newKey() },
    payload: {
      coinType: `${TRADE_COIN}USDT`,
      tradeType: 'buy',
      tradeAmount: '20',
      selectedTime: 'trade5Min',
    },
  });
  const { kycId, images } = await submitKyc(app, user.auth);
  const fileUrl = await uploadScreenshot(app, user.auth);
  const sessions = await expectStatus(app, 200, {
    method: 'GET',
    url: '/api/getSessions',
    headers: user.auth,
  });
  const sessionId = (
    sessions.json() as { sessions: { id: string; current: boolean }[] }
  ).sessions.find((session) => session.current)?.id;
  if (sessionId === undefined) throw new Error('the new user has no current session');
  return {
    auth: user.auth,
    token: user.token,
    userId: user.userId,
    payId: user.payId,
    email: user.body.email,
    username: user.body.username,
    password: user.body.password,
    objects: {
      depositId: deposit.json().deposit._id,
      withdrawalId: withdrawal.json().withdraw._id,
      transferId: transfer.json().transfer._id,
      tradeId: trade.json().trade._id,
      kycId,
      fileUrl,
      fileId: fileIdOf(fileUrl),
      claimedFileIds: [screenshot, images.idFront, images.idBack, images.cameraRoll].map(fileIdOf),
      sessionId,
    },
  };
}

/** Every identifier of an actor that must never show up in another user's answers. */
export function identifiersOf(actor: Actor): string[] {
  return [...objectIdsOf(actor), actor.email, actor.username, actor.payId, actor.token];
}

/** The ids of an actor's objects, as an attacker would put them in a path or a body. */
export function objectIdsOf(actor: Actor): string[] {
  const o = actor.objects;
  return [
    actor.userId,
    o.depositId,
    o.withdrawalId,
    o.transferId,
    o.tradeId,
    o.kycId,
    o.fileId,
    ...o.claimedFileIds,
    o.sessionId,
  ];
}

// Ledger and duplicates -----------------------------------------------------------------------

/**
 * Every USDT account's balance and hold, and the number of USDT entries and postings: the
 * money a hostile request must not move. Practice money (its own currency, which no entry
 * can mix with USDT) is left out: an account made by a fuzzed sign-up gets its starting
 * practice balance, as any new user does.
 */
export interface LedgerSnapshot {
  accounts: Map<string, { balanceMicros: bigint; heldMicros: bigint }>;
  entries: number;
  /** The newest journal entry's id, to name the entries posted since. */
  lastEntryId: string;
  postings: number;
  /** The sum of every account's cached balance: zero in a double-entry ledger. */
  totalBalanceMicros: bigint;
}

export async function ledgerSnapshot(db: Db): Promise<LedgerSnapshot> {
  const rows = await queryRows<{ id: string; balance: string; held: string }>(
    db,
    sql`select id::text as id, balance_micros::text as balance, held_micros::text as held
        from ledger_accounts where currency = 'USDT'`,
  );
  const [counts] = await queryRows<{ entries: string; postings: string; last: string }>(
    db,
    sql`select (select count(distinct p.entry_id) from postings p
                join ledger_accounts a on a.id = p.account_id and a.currency = 'USDT')::text as entries,
               (select count(*) from postings p
                join ledger_accounts a on a.id = p.account_id and a.currency = 'USDT')::text as postings,
               (select coalesce(max(id), 0) from journal_entries)::text as last`,
  );
  const accounts = new Map<string, { balanceMicros: bigint; heldMicros: bigint }>();
  let totalBalanceMicros = 0n;
  for (const row of rows) {
    const balanceMicros = BigInt(row.balance);
    accounts.set(row.id, { balanceMicros, heldMicros: BigInt(row.held) });
    totalBalanceMicros += balanceMicros;
  }
  return {
    accounts,
    entries: Number(counts?.entries ?? 0),
    postings: Number(counts?.postings ?? 0),
    lastEntryId: counts?.last ?? '0',
    totalBalanceMicros,
  };
}

/** The USDT journal entries posted after a snapshot, described, to say where money moved. */
export async function entriesSince(db: Db, snapshot: LedgerSnapshot): Promise<string[]> {
  const rows = await queryRows<{ entry: string }>(
    db,
    sql`select e.kind || ' ' || e.reference_type || '/' || e.reference_id || ' memo=' ||
               coalesce(e.memo, '') || ' postings=' ||
               string_agg(p.amount_micros::text, ',' order by p.id) as entry
        from journal_entries e join postings p on p.entry_id = e.id
        join ledger_accounts a on a.id = p.account_id and a.currency = 'USDT'
        where e.id > ${snapshot.lastEntryId}::bigint
        group by e.id order by e.id`,
  );
  return rows.map((row) => row.entry);
}

/** What differs between two snapshots, one line per account or count that changed. */
export function ledgerDifferences(before: LedgerSnapshot, after: LedgerSnapshot): string[] {
  const changes: string[] = [];
  if (before.entries !== after.entries)
    changes.push(`journal entries ${before.entries} -> ${after.entries}`);
  if (before.postings !== after.postings)
    changes.push(`postings ${before.postings} -> ${after.postings}`);
  if (before.totalBalanceMicros !== after.totalBalanceMicros) {
    changes.push(`total balance ${before.totalBalanceMicros} -> ${after.totalBalanceMicros}`);
  }
  const ids = new Set([...before.accounts.keys(), ...after.accounts.keys()]);
  // A new account (a new user's wallet) is as empty as one that did not exist yet.
  const empty = { balanceMicros: 0n, heldMicros: 0n };
  for (const id of ids) {
    const was = before.accounts.get(id) ?? empty;
    const now = after.accounts.get(id) ?? empty;
    if (was.balanceMicros !== now.balanceMicros || was.heldMicros !== now.heldMicros) {
      changes.push(
        `account ${id}: ${was.balanceMicros}/${was.heldMicros} -> ${now.balanceMicros}/${now.heldMicros}`,
      );
    }
  }
  return changes;
}

/** The object table each idempotent route writes one row to, and its answer's key. */
const IDEMPOTENT_ROUTES = [
  { route: 'createDeposit', table: 'deposits', answerKey: 'deposit' },
  { route: 'createWithdraw', table: 'withdrawals', answerKey: 'withdraw' },
  { route: 'createTransfer', table: 'transfers', answerKey: 'transfer' },
  { route: 'createTrade', table: 'trades', answerKey: 'trade' },
] as const;

/**
 * Rows that exist twice where they must exist once: an idempotency key whose object is
 * missing or was made more than once (every object row must be answered by exactly one
 * stored key), or a journal entry posted twice for the same reference.
 */
export async function duplicateProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const { route, table, answerKey } of IDEMPOTENT_ROUTES) {
    const [row] = await queryRows<{ keys: string; ids: string; objects: string; matched: string }>(
      db,
      sql`with answered as (
            select response_body::jsonb -> ${answerKey} ->> '_id' as id from idempotency_keys
            where route = ${route} and status_code between 200 and 299)
          select (select count(*) from answered)::text as keys,
                 (select count(distinct id) from answered)::text as ids,
                 (select count(*) from ${sql.identifier(table)})::text as objects,
                 (select count(*) from ${sql.identifier(table)} o
                  where o.id::text in (select id from answered))::text as matched`,
    );
    if (!row) throw new Error('duplicate check: no row');
    if (new Set([row.keys, row.ids, row.objects, row.matched]).size !== 1) {
      problems.push(
        `${route}: ${row.keys} stored answers naming ${row.ids} ids; ${row.objects} ${table} rows, ${row.matched} of them answered`,
      );
    }
  }
  const twice = await queryRows<{ reference: string; n: string }>(
    db,
    sql`select reference_type || '/' || reference_id || '/' || kind as reference, count(*)::text as n
        from journal_entries group by reference_type, reference_id, kind having count(*) > 1`,
  );
  for (const row of twice) problems.push(`journal entry ${row.reference} posted ${row.n} times`);
  const transfersWithoutOneEntry = await queryRows<{ id: string; n: string }>(
    db,
    sql`select t.id::text as id, count(e.id)::text as n from transfers t
        left join journal_entries e on e.reference_type = 'transfer' and e.reference_id = t.id::text
        group by t.id having count(e.id) <> 1`,
  );
  for (const row of transfersWithoutOneEntry) {
    problems.push(`transfer ${row.id} has ${row.n} journal entries`);
  }
  return problems;
}

/**
 * The `afterAll` of every hostile suite, and its targets: no ledger drift (see
 * closeCheckingLedger), no duplicates.
 */
export async function closeHostileSuite(t: TestApp | undefined): Promise<void> {
  if (t) expect(await duplicateProblems(t.app.db)).toEqual([]);
  await closeCheckingLedger(t);
}

// Error shape ---------------------------------------------------------------------------------

const KNOWN_CODES: ReadonlySet<string> = new Set(API_ERROR_CODES);
const ERROR_KEYS: ReadonlySet<string> = new Set(['error', 'code', 'field', 'fieldCode']);

/**
 * Why an answer breaks the error contract, or null when it keeps it: a 5xx never; every
 * 4xx is JSON `{ error, code, field?, fieldCode? }` with a documented code and nothing else.
 */
export function contractProblem(res: Response): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `error answered as ${type || 'no type'}`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `error body is not JSON: ${res.body.slice(0, 200)}`;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return `error body is not an object: ${res.body.slice(0, 200)}`;
  }
  const fields = body as Record<string, unknown>;
  if (typeof fields.error !== 'string' || fields.error === '') return `no error text: ${res.body}`;
  if (typeof fields.code !== 'string' || !KNOWN_CODES.has(fields.code)) {
    return `undocumented code ${String(fields.code)}: ${res.body.slice(0, 200)}`;
  }
  const extra = Object.keys(fields).filter((key) => !ERROR_KEYS.has(key));
  if (extra.length > 0) return `unexpected keys ${extra.join(', ')} in ${res.body.slice(0, 200)}`;
  return null;
}

/** Fills every `:param` of a route pattern with `value` (URL-encoded). */
export function fillParams(pattern: string, value: string): string {
  return pattern.replace(/:[A-Za-z]+/g, () => encodeURIComponent(value));
}

/** The `:param` names of a route pattern. */
export const paramsOf = (pattern: string): string[] =>
  [...pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');

/** Writes the first few problems as one readable message. */
export function summarize(problems: string[], limit = 25): string {
  const shown = problems.slice(0, limit).join('\n');
  const more = problems.length > limit ? `\n...and ${problems.length - limit} more` : '';
  return `${problems.length} problem(s):\n${shown}${more}`;
}
