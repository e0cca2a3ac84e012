/**
 * The crash suite's client side: an HTTP client that records every call (its key, body,
 * answer, or the error that lost it), the seeding of users, admins, methods and coins
 * through the API, and the mixed load: transfers, deposits with their approvals,
 * withdrawals with their (dual) decisions and trades, from one worker per user.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { eq, isNull } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { users as usersTable } from '../../server/db/schema';
import { hashPassword } from '../../server/modules/auth/passwords';
import { insertAccount } from '../../server/modules/users/accounts';
import { enrollKnownSecret } from '../../server/modules/users/two-factor';
import { totpCodeAt } from '../../server/modules/users/two-factor-codes';
import { DEPOSIT_METHOD, WITHDRAW_METHOD, type Headers } from '../api/harness';

export type Method = 'GET' | 'POST' | 'PUT';

interface Answer {
  status: number;
  body: string;
  replayed: boolean;
}

/** What a call was for: a keyed money-moving POST, an admin decision, or anything else. */
export type CallKind = 'money' | 'decision' | 'other';

export interface CallRecord {
  n: number;
  phase: string;
  kind: CallKind;
  method: Method;
  path: string;
  key: string | null;
  headers: Headers;
  body: Record<string, unknown> | null;
  /** The answer, or null when it was lost (the connection failed or timed out). */
  answer: Answer | null;
  error: string | null;
  startedMs: number;
  endedMs: number;
}

/** A request gets no answer after this long: its outcome is unknown, like a lost one. */
const REQUEST_TIMEOUT_MS = 15_000;

export class Client {
  readonly records: CallRecord[] = [];
  phase = 'setup';
  private n = 0;

  constructor(readonly baseUrl: string) {}

  async call(request: {
    kind: CallKind;
    method: Method;
    path: string;
    headers?: Headers;
    key?: string;
    body?: Record<string, unknown>;
    record?: boolean;
  }): Promise<CallRecord> {
    const headers: Headers = { ...request.headers };
    if (request.key !== undefined) headers['idempotency-key'] = request.key;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const record: CallRecord = {
      n: (this.n += 1),
      phase: this.phase,
      kind: request.kind,
      method: request.method,
      path: request.path,
      key: request.key ?? null,
      headers,
      body: request.body ?? null,
      answer: null,
      error: null,
      startedMs: Date.now(),
      endedMs: 0,
    };
    try {
      const res = await fetch(`${this.baseUrl}${request.path}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      record.answer = {
        status: res.status,
        body: await res.text(),
        replayed: res.headers.get('idempotent-replayed') === 'true',
      };
    } catch (error) {
      record.error = errorText(error);
    }
    record.endedMs = Date.now();
    if (request.record !== false) this.records.push(record);
    return record;
  }

  /** Sends a recorded call again, unchanged: same key, same body, same session. */
  replay(original: CallRecord, phase: string): Promise<CallRecord> {
    const previous = this.phase;
    this.phase = phase;
    const headers = { ...original.headers };
    delete headers['idempotency-key'];
    delete headers['content-type'];
    const replayed = this.call({
      kind: original.kind,
      method: original.method,
      path: original.path,
      headers,
      ...(original.key === null ? {} : { key: original.key }),
      ...(original.body === null ? {} : { body: original.body }),
    });
    this.phase = previous;
    return replayed;
  }

  /** Uploads by outcome: stored, refused by the per-address limit, or failed otherwise. */
  readonly uploads = { stored: 0, limited: 0, failed: 0 };

  /**
   * Uploads a PNG as multipart (not recorded: an upload moves no money). Answers its
   * fileUrl, 'limited' (429: 20 a minute per address), or null when it failed.
   */
  async upload(png: Buffer, headers: Headers): Promise<string | 'limited' | null> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'receipt.png');
    try {
      const res = await fetch(`${this.baseUrl}/upload?timestamp=${Date.now()}`, {
        method: 'POST',
        headers,
        body: form,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (res.status === 429) {
        this.uploads.limited += 1;
        return 'limited';
      }
      if (res.status !== 201) {
        this.uploads.failed += 1;
        return null;
      }
      this.uploads.stored += 1;
      return ((await res.json()) as { fileUrl: string }).fileUrl;
    } catch {
      this.uploads.failed += 1;
      return null;
    }
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.name;
  }
  return String(error);
}

export function parseJson<T>(record: CallRecord): T | null {
  if (!record.answer) return null;
  try {
    return JSON.parse(record.answer.body) as T;
  } catch {
    return null;
  }
}

const newKey = () => randomBytes(16).toString('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small seeded generator (mulberry32), so a run's choices can be repeated with CRASH_SEED. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Seeding ----------------------------------------------------------------------------------

interface LoadUser {
  userId: string;
  payId: string;
  auth: Headers;
  /** Each user reaches the server from an address of their own (behind the proxy). */
  address: string;
}

export interface LoadWorld {
  users: LoadUser[];
  admins: [Headers, Headers];
  depositMethodId: string;
  withdrawMethodId: string;
  dualApprovalUsdt: number;
  payouts: Record<string, string>;
  coins: string[];
  png: Buffer;
}

export const CRASH_ADMIN = { email: 'crash-ops@example.com', password: 'Crash-Console-2026' };
const SECOND_ADMIN = { email: 'crash-ops-2@example.com', password: 'Crash-Console-2027' };
const USER_PASSWORD = 'Violet-Harbor-71';
const OPENING_BALANCE_USDT = '20000';
const DUAL_APPROVAL_USDT = 300;
const COINS = ['BTC', 'ETH', 'SOL'];

async function must(
  record: Promise<CallRecord>,
  what: string,
  ok = [200, 201],
): Promise<CallRecord> {
  const done = await record;
  if (!done.answer || !ok.includes(done.answer.status)) {
    throw new Error(
      `${what} failed during seeding: ${done.answer?.status ?? done.error} ${done.answer?.body ?? ''}`,
    );
  }
  return done;
}

/** The crash admins' second factor (every admin must have one), enrolled at seeding. */
const ADMIN_TOTP_SECRET = 'CRASHSUITEADMINTWOFACTORKEYAAAAA';

async function login(
  client: Client,
  credentials: { email: string; password: string },
  headers: Headers = {},
): Promise<Headers> {
  const res = await must(
    client.call({ kind: 'other', method: 'POST', path: '/api/login', headers, body: credentials }),
    `login ${credentials.email}`,
  );
  const answer = parseJson<{ token?: string; challenge?: string }>(res);
  if (answer?.challenge === undefined) return { authorization: `Bearer ${answer?.token}` };
  const second = await must(
    client.call({
      kind: 'other',
      method: 'POST',
      path: '/api/loginTwoFactor',
      headers,
      body: { challenge: answer.challenge, code: totpCodeAt(ADMIN_TOTP_SECRET, Date.now()) },
    }),
    `second factor of ${credentials.email}`,
  );
  return { authorization: `Bearer ${parseJson<{ token: string }>(second)?.token}` };
}

/** Both admins' second factor, as an operator enrolling them would leave it. */
async function enrollAdmins(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  try {
    for (const email of [CRASH_ADMIN.email, SECOND_ADMIN.email]) {
      const [admin] = await database.db
        .select({ id: usersTable.id })
        .from(usersTable)
        .where(eq(usersTable.email, email));
      if (!admin) throw new Error(`no admin ${email} to enrol`);
      await enrollKnownSecret(database.db, admin.id, ADMIN_TOTP_SECRET, Date.now());
    }
  } finally {
    await database.close();
  }
}

/**
 * The second admin, written into the database as a set-up step (as an operator with server
 * access adds one): through the API a new admin needs a second admin's approval.
 */
async function insertSecondAdmin(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  try {
    const created = await insertAccount(database.db, {
      fullName: 'Second Operator',
      username: 'crash_ops_2',
      email: SECOND_ADMIN.email,
      phoneNumber: '+14155550100',
      passwordHash: await hashPassword(SECOND_ADMIN.password),
      role: 'admin',
      createdBy: null,
    });
    if (!created.ok) throw new Error(`second admin: ${created.conflict} taken`);
  } finally {
    await database.close();
  }
}

/** The users' emails proven, as their mails' links would: money out needs it. */
async function markEmailsVerified(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  try {
    await database.db
      .update(usersTable)
      .set({ emailVerifiedAt: new Date() })
      .where(isNull(usersTable.emailVerifiedAt));
  } finally {
    await database.close();
  }
}

/**
 * Admins, methods, settings, coins and funded users, through the API but for the second
 * admin. The opening balances are above the dual-approval size of adjustments, so each is
 * asked for by the first admin and approved by the second.
 */
export async function seedWorld(
  client: Client,
  userCount: number,
  databaseUrl: string,
): Promise<LoadWorld> {
  await insertSecondAdmin(databaseUrl);
  await enrollAdmins(databaseUrl);
  const admin = await login(client, CRASH_ADMIN);
  const second = await login(client, SECOND_ADMIN);
  for (const symbol of COINS) {
    await must(
      client.call({
        kind: 'other',
        method: 'POST',
        path: '/api/createCoin',
        headers: admin,
        body: { symbol, name: symbol },
      }),
      `list ${symbol}`,
    );
  }
  const deposit = await must(
    client.call({
      kind: 'other',
      method: 'POST',
      path: '/api/createDepositMethod',
      headers: admin,
      body: { ...DEPOSIT_METHOD, maxAmount: '5000' },
    }),
    'create the deposit method',
  );
  const withdraw = await must(
    client.call({
      kind: 'other',
      method: 'POST',
      path: '/api/createWithdrawMethod',
      headers: admin,
      body: { ...WITHDRAW_METHOD, maxAmount: '5000' },
    }),
    'create the withdraw method',
  );
  await must(
    client.call({
      kind: 'other',
      method: 'PUT',
      path: '/api/updateSiteSetting',
      headers: admin,
      body: {
        transferMin: '1',
        transferCharge: '1',
        withdrawalDualApproval: String(DUAL_APPROVAL_USDT),
      },
    }),
    'update the site settings',
  );
  const config = parseJson<{
    trading: { durations: Array<{ selectedTime: string; payoutPercent: string }> };
  }>(await must(client.call({ kind: 'other', method: 'GET', path: '/api/config' }), 'config'));
  const payouts = Object.fromEntries(
    (config?.trading.durations ?? []).map((d) => [d.selectedTime, d.payoutPercent]),
  );

  const users: LoadUser[] = [];
  for (let i = 0; i < userCount; i += 1) {
    const tag = `${Date.now().toString(36)}${i}`;
    // Registration allows 10 a minute per address; each user signs up from their own.
    const address = `198.51.${100 + Math.floor(i / 200)}.${10 + (i % 200)}`;
    const from = { 'x-forwarded-for': address };
    const body = {
      fullName: `Crash User ${i}`,
      username: `crash_${tag}`,
      email: `crash_${tag}@example.com`,
      phoneNumber: '+14155550123',
      password: USER_PASSWORD,
    };
    await must(
      client.call({
        kind: 'other',
        method: 'POST',
        path: '/api/registerUser',
        headers: from,
        body,
      }),
      'register',
    );
    const auth = await login(client, { email: body.email, password: USER_PASSWORD }, from);
    const me = parseJson<{ user: { _id: string; payId: string } }>(
      await must(
        client.call({ kind: 'other', method: 'GET', path: '/api/getUserById', headers: auth }),
        'getUserById',
      ),
    );
    if (!me) throw new Error('getUserById answered no user');
    // As the sheet before a first trade does: real trades need the risk acknowledged.
    await must(
      client.call({
        kind: 'other',
        method: 'POST',
        path: '/api/acknowledgeTradingRisk',
        headers: auth,
      }),
      'acknowledgeTradingRisk',
    );
    users.push({
      userId: me.user._id,
      payId: me.user.payId,
      auth,
      address,
    });
    const opening = await must(
      client.call({
        kind: 'money',
        method: 'POST',
        path: `/api/admin/users/${me.user._id}/adjustments`,
        headers: admin,
        key: newKey(),
        body: { amount: OPENING_BALANCE_USDT, reason: 'Crash suite opening balance' },
      }),
      'opening balance',
      [201, 202],
    );
    const approvalId = parseJson<{ approval?: { _id: string } }>(opening)?.approval?._id;
    if (approvalId !== undefined) {
      await must(
        client.call({
          kind: 'other',
          method: 'POST',
          path: `/api/admin/approvals/${approvalId}/approve`,
          headers: second,
          body: {},
        }),
        'opening balance approved by the second admin',
      );
    }
  }
  await markEmailsVerified(databaseUrl);
  await waitForTicks(client, COINS);
  return {
    users,
    admins: [admin, second],
    depositMethodId: parseJson<{ method: { _id: string } }>(deposit)?.method._id ?? '',
    withdrawMethodId: parseJson<{ method: { _id: string } }>(withdraw)?.method._id ?? '',
    dualApprovalUsdt: DUAL_APPROVAL_USDT,
    payouts,
    coins: COINS,
    png: await sharp({
      create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 60, b: 40 } },
    })
      .png()
      .toBuffer(),
  };
}

/**
 * Waits until every coin has a tick of the last few seconds. The recorder re-reads the coin
 * list only every 30 s, and a trade on a coin without a fresh tick is refused (503 "Market
 * data unavailable") by design, as the web app would show; the load starts once the market
 * the users would see is live.
 */
async function waitForTicks(client: Client, symbols: readonly string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (const symbol of symbols) {
    for (;;) {
      const res = await client.call({
        kind: 'other',
        method: 'GET',
        path: `/api/getMarketTicks/${symbol}?sinceMs=${Date.now() - 2_000}`,
        record: false,
      });
      if ((parseJson<{ ticks: unknown[] }>(res)?.ticks.length ?? 0) > 0) break;
      if (Date.now() > deadline) throw new Error(`no ticks of ${symbol} within 60 s`);
      await sleep(500);
    }
  }
}

// Load -------------------------------------------------------------------------------------

interface Worker {
  client: Client;
  world: LoadWorld;
  user: LoadUser;
  random: () => number;
  /** Whether a call of the current action lost its answer. */
  lost: boolean;
}

/** A call of this worker; remembers when its answer was lost. */
async function callFor(w: Worker, request: Parameters<Client['call']>[0]): Promise<CallRecord> {
  const record = await w.client.call(request);
  if (record.answer === null) w.lost = true;
  return record;
}

/** "12.345678": a USDT amount with micros, uniformly between two whole figures. */
function usdt(random: () => number, min: number, max: number): string {
  const micros = Math.floor((min + random() * (max - min)) * 1_000_000);
  return (micros / 1_000_000).toFixed(6);
}

function choose<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('choose from an empty list');
  return item;
}

const userHeaders = (w: Worker) => ({ ...w.user.auth, 'x-forwarded-for': w.user.address });

async function transfer(w: Worker): Promise<void> {
  const others = w.world.users.filter((u) => u !== w.user);
  await callFor(w, {
    kind: 'money',
    method: 'POST',
    path: '/api/createTransfer',
    headers: userHeaders(w),
    key: newKey(),
    body: { amount: usdt(w.random, 1, 60), receivePId: choose(w.random, others).payId },
  });
}

async function deposit(w: Worker): Promise<void> {
  const fileUrl = await w.client.upload(w.world.png, userHeaders(w));
  // Over the upload limit: this user deposits later. Down: back off.
  if (fileUrl === 'limited') return;
  if (fileUrl === null) {
    w.lost = true;
    return;
  }
  const created = await callFor(w, {
    kind: 'money',
    method: 'POST',
    path: '/api/createDeposit',
    headers: userHeaders(w),
    key: newKey(),
    body: {
      gatWay: w.world.depositMethodId,
      amount: usdt(w.random, 100, 1500),
      transactionScreenshot: fileUrl,
    },
  });
  const id = parseJson<{ deposit?: { _id: string } }>(created)?.deposit?._id;
  if (!id) return;
  const approve = w.random() < 0.8;
  await callFor(w, {
    kind: 'decision',
    method: 'PUT',
    path: `/api/updateDeposit/${id}`,
    headers: w.world.admins[0],
    body: approve
      ? { id, status: 'Completed' }
      : { id, status: 'Rejected', reason: 'Not found on chain.' },
  });
}

async function withdraw(w: Worker): Promise<void> {
  const amount = usdt(w.random, 10, 400);
  const created = await callFor(w, {
    kind: 'money',
    method: 'POST',
    path: '/api/createWithdraw',
    headers: userHeaders(w),
    key: newKey(),
    body: {
      gatWay: w.world.withdrawMethodId,
      amount,
      paymentAddress: 'TXcrashSuiteAddress0001',
    },
  });
  const id = parseJson<{ withdraw?: { _id: string } }>(created)?.withdraw?._id;
  if (!id) return;
  const hash = `0x${randomBytes(16).toString('hex')}`;
  const decide = (admin: 0 | 1, body: Record<string, unknown>) =>
    callFor(w, {
      kind: 'decision',
      method: 'PUT',
      path: `/api/updateWithdraw/${id}`,
      headers: w.world.admins[admin],
      body: { id, ...body },
    });
  if (w.random() < 0.25) {
    await decide(1, { status: 'Rejected', reason: 'Address failed screening.' });
  } else if (Number(amount) >= w.world.dualApprovalUsdt) {
    await decide(0, { status: 'Completed' });
    await decide(1, { status: 'Completed', transactionHash: hash });
  } else {
    await decide(0, { status: 'Completed', transactionHash: hash });
  }
}

async function trade(w: Worker): Promise<void> {
  const selectedTime = choose(w.random, ['trade30Second', 'trade60Second'] as const);
  await callFor(w, {
    kind: 'money',
    method: 'POST',
    path: '/api/createTrade',
    headers: userHeaders(w),
    key: newKey(),
    body: {
      coinType: `${choose(w.random, w.world.coins)}USDT`,
      tradeType: choose(w.random, ['buy', 'sell'] as const),
      tradeAmount: usdt(w.random, 10, 80),
      selectedTime,
      payoutPercent: w.world.payouts[selectedTime] ?? '80',
    },
  });
}

/**
 * The mix, by weight. Deposits come a little more often and larger than withdrawals, so
 * the balances last the whole run instead of ending in "insufficient funds".
 */
const ACTIONS: Array<[number, (w: Worker) => Promise<void>]> = [
  [4, transfer],
  [3, deposit],
  [2, withdraw],
  [2, trade],
];

function pickAction(random: () => number): (w: Worker) => Promise<void> {
  const total = ACTIONS.reduce((sum, [weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [weight, action] of ACTIONS) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return transfer;
}

/**
 * One worker per user until `untilMs`. A lost answer (the server is down) makes the worker
 * pause briefly, as a client's back-off would, then go on with new requests; the lost ones
 * are replayed at the end.
 */
export async function runLoad(
  client: Client,
  world: LoadWorld,
  untilMs: number,
  seed: number,
): Promise<void> {
  await Promise.all(
    world.users.map(async (user, i) => {
      const w: Worker = {
        client,
        world,
        user,
        random: seededRandom(seed * 1000 + i),
        lost: false,
      };
      while (Date.now() < untilMs) {
        w.lost = false;
        await pickAction(w.random)(w);
        if (w.lost) await sleep(250);
      }
    }),
  );
}
