/**
 * Test harness: a fresh app on a fresh database. In-memory PGlite by default; with
 * TEST_DATABASE_URL set, a new PostgreSQL database made for this app and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { expect, inject } from 'vitest';
import { buildApp, loggerOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database, type Db } from '../../server/db/client';
import { files, ledgerAccounts, users, userTwoFactor } from '../../server/db/schema';
import { totpCodeAt } from '../../server/modules/users/two-factor-codes';
import { normalizeEmail } from '../../common/validation';
import { checkLedger } from '../../server/ledger/check';
import { hashPassword } from '../../server/modules/auth/passwords';
import { insertAccount } from '../../server/modules/users/accounts';
import { platformShard, walletAccountId } from '../../server/ledger/accounts';
import { postEntry } from '../../server/ledger/posting';
import type { PlatformAccountKind } from '../../server/ledger/types';
import { seed } from '../../server/seed';

/** Request headers, as `app.inject` takes them. */
export type Headers = Record<string, string>;

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * A database for tests that several apps may share, as several instances share one:
 * on PostgreSQL each `open` is a connection pool of its own to the same new database; on
 * in-memory PGlite (one connection) every `open` is the same database, closed with the last.
 */
export interface TestDatabase {
  open(): Promise<Database>;
  /** Drops the database (PostgreSQL); call after every app on it has closed. */
  drop(): Promise<void>;
}

/** This worker's copy of the migrated snapshot (tests/setup/pglite-snapshot.ts), read once. */
let snapshot: Blob | undefined;

function migratedSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshotFile');
  if (!file) return undefined;
  snapshot ??= new Blob([fs.readFileSync(file)]);
  return snapshot;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `tw_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      open: () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 }),
      drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
    };
  }
  const shared = await openDatabase({
    kind: 'pglite',
    dataDir: null,
    snapshot: migratedSnapshot(),
  });
  let users = 0;
  return {
    open: async () => {
      users += 1;
      return {
        ...shared,
        close: async () => {
          users -= 1;
          if (users === 0) await shared.close();
        },
      };
    },
    drop: async () => undefined,
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    uploadsPerMinute?: number;
    registerPerMinute?: number;
    passwordResetPerMinute?: number;
    logger?: FastifyServerOptions['logger'];
    /** The sign-in throttle's clock. */
    nowMs?: () => number;
    /** Run on this database (another app's too) instead of a new one; the caller drops it. */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-test-'));
  const config = loadConfig({
    DEMO: 'false',
    // Offline: the simulated market, asked for by name as it must be without demo data.
    MARKET_SOURCE: 'simulated',
    LOG_LEVEL: 'silent',
    WEB_DIR: '/nonexistent',
    DATA_DIR: dataDir,
    ...env,
  });
  const testDatabase = options.database ?? (await createTestDatabase());
  const database = await testDatabase.open();
  const dropDatabase = options.database ? async () => undefined : () => testDatabase.drop();
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    registerPerMinute: options.registerPerMinute ?? 1000,
    passwordResetPerMinute: options.passwordResetPerMinute ?? 1000,
    uploadsPerMinute: options.uploadsPerMinute ?? 1000,
    ...(options.nowMs === undefined ? {} : { nowMs: options.nowMs }),
  });
  await seed(database.db, config, app.log, app.platformAccounts);
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test app with the test admin signed in. */
export interface AdminTestApp extends TestApp {
  /** The test admin's headers. */
  admin: Headers;
}

/** A fresh app (createTestApp with WITH_ADMIN and `env`) with the test admin signed in. */
export async function createAdminTestApp(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<AdminTestApp> {
  const t = await createTestApp({ ...WITH_ADMIN, ...env }, options);
  return { ...t, admin: await adminHeaders(t.app) };
}

/**
 * A fresh app with the test admin and the production logger (its redaction included) at its
 * most verbose, writing every line it logs to `logLines`.
 */
export async function createTracedTestApp(logLines: string[]): Promise<AdminTestApp> {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  const options = loggerOptions(
    loadConfig({ DEMO: 'false', LOG_LEVEL: 'trace', WEB_DIR: '/nonexistent' }),
  );
  return createAdminTestApp({ LOG_LEVEL: 'trace' }, { logger: { ...(options as object), stream } });
}

/**
 * The usual `afterAll`: the ledger check (`npm run ledger:check` runs the same) finds no
 * violation, then the app closes. Does nothing when `beforeAll` failed before making it.
 */
export async function closeCheckingLedger(t: TestApp | undefined): Promise<void> {
  if (!t) return;
  expect((await checkLedger(t.app.db)).violations).toEqual([]);
  await t.close();
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let counter = 0;
/** A valid, unique registration body. */
export function newUserBody(overrides: Record<string, string> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    fullName: 'Test Person',
    username: `user_${tag}`,
    email: `person_${tag}@example.com`,
    phoneNumber: '+14155550123',
    password: 'Violet-Harbor-71',
    ...overrides,
  };
}

export async function registerAndLogin(
  app: FastifyInstance,
  overrides: Record<string, string> = {},
  options: {
    /** Leave the email unproven (default: marked verified, as the mail's link would). */
    unverified?: boolean;
    /**
     * Leave the trading risk unacknowledged (default: acknowledged through
     * POST /api/acknowledgeTradingRisk, as the sheet before a first trade does).
     */
    unacknowledged?: boolean;
  } = {},
) {
  const body = newUserBody(overrides);
  const registered = await app.inject({ method: 'POST', url: '/api/registerUser', payload: body });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  if (!options.unverified) {
    await app.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, (registered.json() as { user: { _id: string } }).user._id));
  }
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: body.email, password: body.password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const { token } = login.json() as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  if (!options.unacknowledged) {
    const ack = await app.inject({
      method: 'POST',
      url: '/api/acknowledgeTradingRisk',
      headers: auth,
    });
    if (ack.statusCode !== 200) throw new Error(`acknowledgeTradingRisk failed: ${ack.body}`);
  }
  const user = await me(app, auth);
  return { body, token, auth, userId: user._id, payId: user.payId };
}

export const TEST_ADMIN = { email: 'ops@example.com', password: 'Ops-Console-2026' };

/** The env that makes createTestApp create the test admin. */
export const WITH_ADMIN = { ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password };

export async function adminHeaders(app: FastifyInstance): Promise<Headers> {
  return adminSignIn(app, TEST_ADMIN);
}

/** The second-factor keys the harness set up, by account email, for later sign-ins. */
const adminSecrets = new Map<string, string>();

/** The current code of an account the harness enrolled (see adminSignIn). */
export function harnessTotpCode(app: FastifyInstance, email: string): string {
  const secret = adminSecrets.get(email);
  if (!secret) throw new Error(`no two-factor key known for ${email}`);
  return totpCodeAt(secret, app.nowMs());
}

/**
 * Signs an admin in as the console must: an admin without a second factor gets a session
 * that may only set one up, so the harness sets one up (setupTwoFactor, then enableTwoFactor
 * with the computed code); one with a factor answers the sign-in challenge with a code. A
 * code is accepted once per 30 s step, and tests sign in many times a second: the harness
 * forgets the last used step first, standing in for waiting for the next code.
 */
export async function adminSignIn(
  app: FastifyInstance,
  credentials: { email: string; password: string },
): Promise<Headers> {
  const payload = { email: credentials.email, password: credentials.password };
  const res = await app.inject({ method: 'POST', url: '/api/login', payload });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  const answer = res.json() as { token?: string; challenge?: string };
  if (answer.token) {
    const headers = { authorization: `Bearer ${answer.token}` };
    const setup = await app.inject({ method: 'POST', url: '/api/setupTwoFactor', headers });
    if (setup.statusCode !== 200) throw new Error(`2FA set-up failed: ${setup.body}`);
    const { secret } = setup.json() as { secret: string };
    adminSecrets.set(credentials.email, secret);
    const enabled = await app.inject({
      method: 'POST',
      url: '/api/enableTwoFactor',
      headers,
      payload: { code: totpCodeAt(secret, app.nowMs()) },
    });
    if (enabled.statusCode !== 200) throw new Error(`2FA enable failed: ${enabled.body}`);
    return headers;
  }
  if (!answer.challenge) throw new Error(`admin login answered neither: ${res.body}`);
  await forgetUsedCodes(app.db, normalizeEmail(credentials.email));
  const second = await app.inject({
    method: 'POST',
    url: '/api/loginTwoFactor',
    payload: { challenge: answer.challenge, code: harnessTotpCode(app, credentials.email) },
  });
  if (second.statusCode !== 200) throw new Error(`admin 2FA login failed: ${second.body}`);
  return { authorization: `Bearer ${(second.json() as { token: string }).token}` };
}

/** Lets the current code be used again (the harness's stand-in for waiting 30 s). */
export async function forgetUsedCodes(db: Db, email: string): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no account ${email}`);
  await db
    .update(userTwoFactor)
    .set({ lastUsedStep: null })
    .where(eq(userTwoFactor.userId, user.id));
}

/** Credits a user's wallet through the ledger (as an approved deposit would), for set-up. */
export async function fund(
  app: FastifyInstance,
  userId: string,
  amountMicros: bigint,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    await postEntry(tx, {
      kind: 'adjustment',
      referenceType: 'test_funding',
      referenceId: randomBytes(8).toString('hex'),
      postings: [
        {
          accountId: platformShard(app.platformAccounts, 'deposit_clearing'),
          amountMicros: -amountMicros,
        },
        { accountId: await walletAccountId(tx, userId), amountMicros },
      ],
    });
  });
}

/** A new signed-in user (registerAndLogin) whose wallet holds `amountMicros`. */
export async function fundedUser(app: FastifyInstance, amountMicros: bigint) {
  const user = await registerAndLogin(app);
  if (amountMicros > 0n) await fund(app, user.userId, amountMicros);
  return user;
}

export async function me(app: FastifyInstance, headers: Headers) {
  const res = await app.inject({ url: '/api/getUserById', headers });
  if (res.statusCode !== 200) throw new Error(`getUserById failed: ${res.body}`);
  return (res.json() as { user: { _id: string; payId: string; balance: string; onHold: string } })
    .user;
}

export async function accountBalance(app: FastifyInstance, accountId: string): Promise<bigint> {
  const [row] = await app.db
    .select({ balance: ledgerAccounts.balanceMicros })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  if (!row) throw new Error('no such account');
  return row.balance;
}

/** A fresh idempotency key. */
export const newKey = () => randomBytes(16).toString('hex');

/** A multipart body with one `file` field, as a browser's FormData would send it. */
export function multipartFile(filename: string, contentType: string, data: Buffer) {
  const boundary = `----tw${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads a small generated PNG and answers its fileUrl. */
export async function uploadScreenshot(
  app: FastifyInstance,
  headers: Headers = {},
): Promise<string> {
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const body = multipartFile('receipt.png', 'image/png', png);
  const res = await app.inject({
    method: 'POST',
    url: `/upload?timestamp=${Date.now()}`,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { fileUrl: string }).fileUrl;
}

/** A platform account's balance: the sum of its shards. */
export async function platformBalance(
  app: FastifyInstance,
  kind: PlatformAccountKind,
): Promise<bigint> {
  let total = 0n;
  for (const id of app.platformAccounts[kind]) total += await accountBalance(app, id);
  return total;
}

export interface TestAdmin {
  id: string;
  email: string;
  password: string;
  auth: Headers;
}

/**
 * Another admin account, inserted directly as a set-up step (as an operator with server
 * access would make one with ADMIN_EMAIL), then signed in. `createdBy` and `createdAt` set
 * what the four-eyes rules look at.
 */
export async function insertAdmin(
  app: FastifyInstance,
  options: { createdBy?: string; createdAt?: Date; tag?: string; password?: string } = {},
): Promise<TestAdmin> {
  counter += 1;
  const tag = options.tag ?? `${Date.now().toString(36)}${counter}`;
  const email = `admin_${tag}@example.com`;
  const password = options.password ?? 'Granite-Console-2026';
  const result = await insertAccount(app.db, {
    fullName: 'Test Admin',
    username: `admin_${tag}`,
    email,
    phoneNumber: '+14155550100',
    passwordHash: await hashPassword(password),
    role: 'admin',
    createdBy: options.createdBy ?? null,
  });
  if (!result.ok) throw new Error(`insertAdmin: ${result.conflict} taken`);
  if (options.createdAt) {
    await app.db
      .update(users)
      .set({ createdAt: options.createdAt })
      .where(eq(users.id, result.userId));
  }
  return { id: result.userId, email, password, auth: await adminSignIn(app, { email, password }) };
}

// Payment methods, KYC requests and uploads ------------------------------------------------

/** A USDT deposit method on TRON: the payload of `POST /api/createDepositMethod`. */
export const DEPOSIT_METHOD = {
  coinName: 'Tether USDT',
  paymentAddressType: 'trc20',
  paymentAddress: 'TQ5N6aP7xJzWb1m4Hs3vKd8eR2cYfL9uGt',
  minAmount: '10',
  maxAmount: '100000',
  conversionPrice: '1',
  currencyUsdt: 'USDT',
  coinSymbol: 'USDT',
};

/** The same as a withdraw method, with a note and a 2.5% charge: `POST /api/createWithdrawMethod`. */
export const WITHDRAW_METHOD = { ...DEPOSIT_METHOD, info: 'Sent on TRON.', charge: '2.5' };

/**
 * Creates a deposit or withdraw method as `admin` from DEPOSIT_METHOD or WITHDRAW_METHOD
 * with `overrides` (the amounts and charge a test relies on), and answers its id.
 */
export async function createMethod(
  app: FastifyInstance,
  admin: Headers,
  kind: 'deposit' | 'withdraw',
  overrides: Partial<typeof WITHDRAW_METHOD> = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: kind === 'deposit' ? '/api/createDepositMethod' : '/api/createWithdrawMethod',
    headers: admin,
    payload: { ...(kind === 'deposit' ? DEPOSIT_METHOD : WITHDRAW_METHOD), ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`create ${kind} method failed: ${res.body}`);
  return (res.json() as { method: { _id: string } }).method._id;
}

/** The three images of a KYC request, as upload URLs. */
export interface KycImages {
  idFront: string;
  idBack: string;
  cameraRoll: string;
}

/** A valid `POST /api/createKyc` body with these images. */
export function kycBody(images: KycImages) {
  return {
    firstName: 'Ada',
    middleName: 'King',
    lastName: 'Lovelace',
    dateOfBirth: '1990-12-10',
    street: '12 St James Square',
    city: 'London',
    state: 'Greater London',
    postalCode: 'SW1Y 4JH',
    country: 'UK',
    employmentStatus: 'Self-employed',
    annualIncome: '85000.50',
    documentType: 'Passport',
    ...images,
  };
}

/** Uploads the three images of a KYC request, with `headers` (anonymous without). */
export async function kycUploads(app: FastifyInstance, headers: Headers = {}): Promise<KycImages> {
  return {
    idFront: await uploadScreenshot(app, headers),
    idBack: await uploadScreenshot(app, headers),
    cameraRoll: await uploadScreenshot(app, headers),
  };
}

/** Sends a pending KYC request of `auth`'s user (kycBody, own uploads); answers its id and images. */
export async function submitKyc(
  app: FastifyInstance,
  auth: Headers,
): Promise<{ kycId: string; images: KycImages }> {
  const images = await kycUploads(app, auth);
  const res = await app.inject({
    method: 'POST',
    url: '/api/createKyc',
    headers: auth,
    payload: kycBody(images),
  });
  if (res.statusCode !== 201) throw new Error(`createKyc failed: ${res.body}`);
  return { kycId: (res.json() as { kyc: { _id: string } }).kyc._id, images };
}

/** Inserts `count` unclaimed upload rows from `uploaderIp`, to fill that address's quota. */
export async function insertUnclaimedUploads(
  db: Db,
  count: number,
  uploaderIp: string,
): Promise<void> {
  await db.insert(files).values(
    Array.from({ length: count }, () => ({
      storageName: randomBytes(16).toString('hex'),
      mimeType: 'image/png',
      sizeBytes: 1,
      widthPx: 1,
      heightPx: 1,
      uploaderIp,
    })),
  );
}
