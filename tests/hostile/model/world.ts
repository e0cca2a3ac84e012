/**
 * The real side of the model-based test: one app (the API harness's createTestApp) with two
 * admins, a deposit method, a withdraw method with a fee, the site's transfer rules, a
 * dual-approval threshold and the published payout table, plus the users of the sequence
 * being run. Every request goes through `send`, which fails the run on any 5xx.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows } from '../../../server/db/client';
import { ledgerAccounts, users } from '../../../server/db/schema';
import { createSession } from '../../../server/modules/auth/sessions';
import { hashPassword } from '../../../server/modules/auth/passwords';
import { randomPayId } from '../../../server/modules/users/accounts';
import { ensurePracticeAccount } from '../../../server/ledger/practice';
import {
  adminHeaders,
  createTestApp,
  DEPOSIT_METHOD,
  insertAdmin,
  multipartFile,
  WITH_ADMIN,
  WITHDRAW_METHOD,
  type Headers,
  type TestApp,
} from '../../api/harness';
import { micros, wire, type SelectedTime } from './money';

export interface WorldUser {
  userId: string;
  payId: string;
  auth: Headers;
  /** Whether the practice account was made with the user (otherwise on first use). */
  practiceMade: boolean;
}

interface WorldAdmin {
  userId: string;
  auth: Headers;
}

/** The rules the world was set up with; the model predicts every answer from them. */
interface WorldRules {
  depositMinMicros: bigint;
  depositMaxMicros: bigint;
  withdrawMinMicros: bigint;
  withdrawMaxMicros: bigint;
  withdrawChargeMicroPercent: bigint;
  transferMinMicros: bigint;
  transferChargeMicroPercent: bigint;
  dualApprovalMicros: bigint;
  tradeMinMicros: bigint;
  tradeMaxMicros: bigint;
  payoutMicroPercent: Readonly<Record<SelectedTime, bigint>>;
}

export interface World {
  test: TestApp;
  admins: readonly [WorldAdmin, WorldAdmin];
  depositMethodId: string;
  withdrawMethodId: string;
  rules: WorldRules;
  /** A password hash made once, so fresh users cost no scrypt each (see freshUsers). */
  passwordHash: string;
  /** A PNG made once; every deposit uploads it again, as a new file. */
  screenshotPng: Buffer;
  stats: WorldStats;
}

interface WorldStats {
  requests: number;
  serverErrors: number;
  /** Answers by status code, for the summary. */
  statuses: Map<number, number>;
  /** Steps by command name. */
  commands: Map<string, number>;
}

function count<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

export function countCommand(world: World, label: string): void {
  count(world.stats.commands, label.split('(')[0] ?? label);
}

export interface Reply {
  status: number;
  body: string;
  replayed: boolean;
}

/** A request that answered 5xx: the one outcome no sequence may ever see. */
class ServerErrorAnswer extends Error {}

export async function send(
  world: World,
  request: { method: 'GET' | 'POST' | 'PUT'; url: string; headers?: Headers; payload?: object },
): Promise<Reply> {
  world.stats.requests += 1;
  const res = await world.test.app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    payload: request.payload,
  });
  count(world.stats.statuses, res.statusCode);
  if (res.statusCode >= 500) {
    world.stats.serverErrors += 1;
    throw new ServerErrorAnswer(
      `${request.method} ${request.url} answered ${res.statusCode}: ${res.body}`,
    );
  }
  return {
    status: res.statusCode,
    body: res.body,
    replayed: res.headers['idempotent-replayed'] === 'true',
  };
}

/** The JSON of an answer, typed by the caller (the contract tests check the shapes). */
export function json<T>(reply: Reply): T {
  return JSON.parse(reply.body) as T;
}

function expectCreated(reply: Reply, what: string): void {
  if (reply.status !== 200 && reply.status !== 201) {
    throw new Error(`${what} failed during set-up: ${reply.status} ${reply.body}`);
  }
}

/** The world's rules: the set-up sends exactly these, and the model predicts from them. */
const WORLD_RULES: WorldRules = {
  depositMinMicros: micros('20'),
  depositMaxMicros: micros('3000'),
  withdrawMinMicros: micros('10'),
  withdrawMaxMicros: micros('2500'),
  withdrawChargeMicroPercent: micros('2.5'),
  transferMinMicros: micros('1'),
  transferChargeMicroPercent: micros('1.25'),
  dualApprovalMicros: micros('500'),
  tradeMinMicros: micros('10'),
  tradeMaxMicros: micros('10000'),
  // Replaced by the published table read from GET /api/config at set-up.
  payoutMicroPercent: { trade30Second: 0n, trade60Second: 0n, trade3Min: 0n, trade5Min: 0n },
};

export async function createWorld(): Promise<World> {
  const test = await createTestApp(
    { ...WITH_ADMIN },
    // Every deposit uploads a screenshot; thousands of sequences must not hit the
    // per-address limit, which has its own tests.
    { uploadsPerMinute: 1_000_000 },
  );
  const rules = { ...WORLD_RULES };
  const world: World = {
    test,
    admins: [
      { userId: '', auth: {} },
      { userId: '', auth: {} },
    ],
    depositMethodId: '',
    withdrawMethodId: '',
    rules,
    passwordHash: await hashPassword(`model-${randomBytes(6).toString('hex')}`),
    screenshotPng: await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 90, b: 160 } },
    })
      .png()
      .toBuffer(),
    stats: { requests: 0, serverErrors: 0, statuses: new Map(), commands: new Map() },
  };
  const first = await adminHeaders(test.app);
  const second = await createSecondAdmin(world);
  world.admins = [
    { userId: await userIdOf(world, first), auth: first },
    { userId: await userIdOf(world, second), auth: second },
  ];
  const admin = first;
  /** Creates a payment method through `send`, and answers its id. */
  const methodId = async (
    route: 'createDepositMethod' | 'createWithdrawMethod',
    payload: object,
  ) => {
    const res = await send(world, {
      method: 'POST',
      url: `/api/${route}`,
      headers: admin,
      payload,
    });
    expectCreated(res, route);
    return json<{ method: { _id: string } }>(res).method._id;
  };
  world.depositMethodId = await methodId('createDepositMethod', {
    ...DEPOSIT_METHOD,
    minAmount: wire(rules.depositMinMicros),
    maxAmount: wire(rules.depositMaxMicros),
  });
  world.withdrawMethodId = await methodId('createWithdrawMethod', {
    ...WITHDRAW_METHOD,
    minAmount: wire(rules.withdrawMinMicros),
    maxAmount: wire(rules.withdrawMaxMicros),
    charge: wire(rules.withdrawChargeMicroPercent),
  });
  const settings = await send(world, {
    method: 'PUT',
    url: '/api/updateSiteSetting',
    headers: admin,
    payload: {
      transferMin: wire(rules.transferMinMicros),
      transferCharge: wire(rules.transferChargeMicroPercent),
      withdrawalDualApproval: wire(rules.dualApprovalMicros),
      tradeMin: wire(rules.tradeMinMicros),
      tradeMax: wire(rules.tradeMaxMicros),
    },
  });
  expectCreated(settings, 'updateSiteSetting');
  const config = json<{
    trading: { durations: Array<{ selectedTime: SelectedTime; payoutPercent: string }> };
  }>(await send(world, { method: 'GET', url: '/api/config' }));
  const payouts = { ...rules.payoutMicroPercent };
  for (const duration of config.trading.durations) {
    payouts[duration.selectedTime] = micros(duration.payoutPercent);
  }
  rules.payoutMicroPercent = payouts;
  return world;
}

/**
 * The second admin, inserted as a set-up step (as an operator with server access adds one):
 * through the API, a new admin needs a second admin's approval, which the first cannot give.
 */
async function createSecondAdmin(world: World): Promise<Headers> {
  return (await insertAdmin(world.test.app)).auth;
}

async function userIdOf(world: World, auth: Headers): Promise<string> {
  const reply = await send(world, { method: 'GET', url: '/api/getUserById', headers: auth });
  return json<{ user: { _id: string } }>(reply).user._id;
}

/**
 * `count` new users with empty wallets and a session each. They are made directly (a user
 * row and its wallet in one transaction, as registration does, then a session) instead of
 * through registerUser and login, which cost two deliberately slow password hashes each:
 * at three users a sequence, that alone would take most of a 1,000-sequence run.
 */
export async function freshUsers(world: World, count: number): Promise<WorldUser[]> {
  const db = world.test.app.db;
  const made: WorldUser[] = [];
  for (let i = 0; i < count; i += 1) {
    const tag = randomUUID().replaceAll('-', '').slice(0, 16);
    const payId = randomPayId();
    const practiceMade = made.length % 3 !== 2;
    const userId = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          fullName: 'Model User',
          username: `m_${tag}`,
          email: `m_${tag}@example.com`,
          phoneNumber: '+14155550123',
          passwordHash: world.passwordHash,
          role: 'user',
          payId,
          // Proven, as the mail's link would: money out needs a verified email.
          emailVerifiedAt: new Date(),
          // Acknowledged, as the sheet before a first trade would: real trades need it.
          riskAcknowledgedAt: new Date(),
        })
        .returning({ id: users.id });
      if (!row) throw new Error('inserting a model user returned nothing');
      await tx.insert(ledgerAccounts).values({ kind: 'user_wallet', userId: row.id });
      // Two users in three get the practice account at once, as sign-up makes it; the others
      // on their first practice trade or refill, as a user from before practice mode would.
      if (practiceMade) await ensurePracticeAccount(tx, row.id);
      return row.id;
    });
    const { token } = await createSession(db, userId, 'user');
    made.push({ userId, payId, auth: { authorization: `Bearer ${token}` }, practiceMade });
  }
  return made;
}

/** Uploads the screenshot as `user` (so it is theirs at once) and answers its fileUrl. */
export async function uploadScreenshot(
  world: World,
  user: WorldUser,
  remoteAddress: string,
): Promise<string> {
  const body = multipartFile('receipt.png', 'image/png', world.screenshotPng);
  world.stats.requests += 1;
  const res = await world.test.app.inject({
    method: 'POST',
    remoteAddress,
    url: `/upload?timestamp=${Date.now()}`,
    payload: body.payload,
    headers: { ...user.auth, ...body.headers },
  });
  count(world.stats.statuses, res.statusCode);
  if (res.statusCode >= 500) {
    world.stats.serverErrors += 1;
    throw new ServerErrorAnswer(`upload answered ${res.statusCode}: ${res.body}`);
  }
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (JSON.parse(res.body) as { fileUrl: string }).fileUrl;
}

/** Lists a new coin, so a trade's ticks never become another trade's entry or exit. */
export async function listCoin(world: World, symbol: string): Promise<void> {
  await world.test.app.db.execute(
    sql`insert into coins (symbol, name, sort_order) values (${symbol}, ${symbol}, 0)
        on conflict do nothing`,
  );
}

/** Records a tick of `symbol` at the whole second `atMs`, as the recorder would. */
export async function recordTick(
  world: World,
  symbol: string,
  atMs: number,
  price: string,
): Promise<void> {
  await world.test.app.db.execute(
    sql`insert into market_ticks (symbol, recorded_at, price, source)
        values (${symbol}, ${new Date(atMs).toISOString()}::timestamptz, ${price}::numeric, 'simulated')
        on conflict (symbol, recorded_at) do nothing`,
  );
}

/** The newest journal entry's id: entries after it belong to the sequence that follows. */
export async function lastEntryId(world: World): Promise<bigint> {
  const [row] = await queryRows<{ id: string | null }>(
    world.test.app.db,
    sql`select max(id)::text as id from journal_entries`,
  );
  return BigInt(row?.id ?? 0);
}
