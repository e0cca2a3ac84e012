/**
 * Fuzzing every route. The route list comes from the app (`app.apiRoutes`, plus the upload,
 * file and simulated-market routes outside /api), so a new route is fuzzed without anyone
 * remembering to add it. Each route gets, with the token its access calls for: random JSON
 * and random values in its own fields (fast-check, fixed seed), its valid body with one field
 * made hostile, malformed JSON, wrong content types, huge and deeply nested bodies (5,000
 * levels, whole and in every field), prototype-pollution keys, hostile path ids and query
 * strings, and odd headers.
 *
 * What must hold: no answer is a 5xx; every error is `{ error, code }` with a documented
 * code; and afterwards the ledger is exactly as it was (no money created, lost or held), its
 * invariants hold, no idempotency key produced two objects, Object.prototype is clean and
 * the fuzzing sessions are still alive. The money routes are set up so that nothing hostile
 * can succeed: the fuzzing user has no available balance, admin decisions point at decided
 * requests, adjustments debit more than the target holds.
 *
 * `HOSTILE_RUNS=<n>` raises the number of random cases per route for a long run, and
 * `HOSTILE_SEED=<n>` draws other cases (a failure names the case, so it can be replayed).
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletAccountId } from '../../server/ledger/accounts';
import { checkLedger } from '../../server/ledger/check';
import { hashToken } from '../../server/modules/auth/tokens';
import { createFileLinks } from '../../server/modules/files/links';
import {
  createMethod,
  DEPOSIT_METHOD,
  fund,
  kycBody,
  me,
  multipartFile,
  newKey,
  newUserBody,
  registerAndLogin,
  uploadScreenshot,
  WITHDRAW_METHOD,
} from '../api/harness';
import {
  buildWorld,
  contractProblem,
  duplicateProblems,
  entriesSince,
  expectStatus,
  fillParams,
  freshTick,
  ledgerDifferences,
  ledgerSnapshot,
  hostileRuns,
  summarize,
  TRADE_COIN,
  usdt,
  ZERO_UUID,
  type HttpMethod,
  type LedgerSnapshot,
  type Response,
  type World,
} from './support';

/** Fixed, so CI replays the same cases; `HOSTILE_SEED=<n>` explores other ones. */
const SEED = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : 0x5eed_f022;
const RUNS = hostileRuns(8);
/** Routes that hash a password (scrypt, ~0.1-0.3 s each) get a fraction of the cases. */
const SLOW_ROUTES = new Set([
  'POST /api/registerUser',
  'POST /api/login',
  'PUT /api/updateUserPasswordByUser',
  'PUT /api/updateAdminPassword',
  'POST /api/admin/users/:id/password',
  'POST /api/admin/admins',
]);
/** Requests in flight at once: password hashes run on the thread pool meanwhile. */
const CONCURRENCY = 4;
/** Where the fuzzing traffic comes from, so sign-in throttling never hits the set-up. */
const FUZZ_ADDRESS = '198.51.100.23';

// The routes -----------------------------------------------------------------------------------

type Role = 'none' | 'user' | 'admin' | 'fresh';

interface FuzzRoute {
  method: HttpMethod;
  url: string;
  key: string;
  /** Who calls it: none, the fuzzing user A, the admin, or a fresh session (logout). */
  roles: Role[];
  /** A body the route would accept, but for one fact that makes it fail by construction. */
  base?: Record<string, unknown>;
  /** Values for the route's path parameters, besides the hostile ones. */
  ids: string[];
  needsKey: boolean;
}

/** Routes outside /api, with the access they have. */
const EXTRA_ROUTES = [
  { method: 'POST', url: '/upload', access: 'public' },
  { method: 'GET', url: '/files/:id', access: 'public' },
  { method: 'GET', url: '/sim/binance/api/v3/ticker/24hr', access: 'public' },
  { method: 'GET', url: '/sim/geo/json', access: 'public' },
  { method: 'GET', url: '/sim/coingecko/api/v3/coins/list', access: 'public' },
  { method: 'GET', url: '/sim/coingecko/api/v3/simple/price', access: 'public' },
] as const;

const IDEMPOTENT = new Set([
  'POST /api/createDeposit',
  'POST /api/createWithdraw',
  'POST /api/createTransfer',
  'POST /api/createTrade',
  'POST /api/admin/users/:id/adjustments',
]);

function rolesFor(access: string, key: string): Role[] {
  if (key === 'POST /api/logout') return ['none', 'fresh'];
  if (access === 'public') return ['none', 'user'];
  if (access === 'any') return ['user', 'admin'];
  return [access === 'admin' ? 'admin' : 'user'];
}

// Hostile material ------------------------------------------------------------------------------

/** A value written into a JSON text as is: for what JSON.stringify cannot express. */
class Raw {
  constructor(readonly text: string) {}
}

/** Serialises like JSON.stringify, but writes Raw values verbatim (NaN, -0, 1e309...). */
function laxJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (typeof value === 'number') {
    if (Object.is(value, -0)) return '-0';
    if (!Number.isFinite(value)) return String(value);
    return JSON.stringify(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(laxJson).join(',')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const parts = Object.keys(value).map(
      (k) => `${JSON.stringify(k)}:${laxJson((value as Record<string, unknown>)[k])}`,
    );
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** The depth of the outside attack's nested bodies (docs/security.md, finding 6). */
const DEEP_LEVELS = 5000;

/**
 * Values no field may accept as valid money (so no hostile request can move money), and
 * that every text field must survive: numbers of every odd kind, numbers as strings and
 * strings as numbers, unicode, NUL bytes, injection strings, wrong types.
 */
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  -0,
  1.5e300,
  -1e-300,
  2 ** 53 + 2,
  NaN,
  Infinity,
  -Infinity,
  new Raw('1e309'),
  new Raw('-1e309'),
  new Raw('123456789012345678901234567890'),
  new Raw('0.30000000000000004'),
  '',
  '   ',
  'NaN',
  'Infinity',
  '-0',
  '-1',
  '--5',
  '1e309',
  '1e3',
  '0x1F',
  '1_000',
  '1,5',
  '١٢٣',
  '１２３',
  '10.0000001',
  '99999999999999999999999999',
  '9'.repeat(400),
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  // Not '\uFEFF10': a BOM is white space to String.trim, so that one is a valid 10.
  '\u200B10',
  '\uD800',
  '👨‍👩‍👧‍👦',
  'ß'.repeat(2000),
  'x'.repeat(60_000),
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  '../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  '${jndi:ldap://x/a}',
  ZERO_UUID,
  [],
  ['a', 1],
  {},
  { $gt: '' },
  { toString: 'x', valueOf: 1 },
  new Raw('{"__proto__":{"admin":true}}'),
];

/** Keys that try to pollute prototypes or set what a user must never set. */
const HOSTILE_KEYS: [string, unknown][] = [
  ['__proto__', { role: 'admin', isAdmin: true }],
  ['constructor', { prototype: { isAdmin: true } }],
  ['prototype', { isAdmin: true }],
  ['role', 'admin'],
  ['balance', '1000000'],
  ['userId', ZERO_UUID],
  ['tradeResult', 'win'],
];

/** Bodies that are not JSON, or JSON of the wrong kind, as raw text. */
const MALFORMED_BODIES: string[] = [
  '{',
  '{"a":}',
  "{'a':1}",
  '[1,2',
  '{"a":1}{"b":2}',
  '\uFEFF{}',
  '{"a":"\\x00"}',
  '{"a":"\u0001\u0002"}',
  '{"a":1,}',
  'null',
  'true',
  '"a string"',
  '123',
  '[]',
  '',
  '   ',
  'NaN',
  '{"amount":NaN}',
  deepObject(10_000),
  deepArray(30_000),
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `{"a":"${'x'.repeat(70_000)}"}`,
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zzz',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/JSON',
  'application/json;;;',
  'application/xml',
  'application/vnd.api+json',
  'application/json, text/html',
  'image/png',
];

/** Path ids no route may trip over. */
const HOSTILE_IDS = [
  ZERO_UUID,
  'not-a-uuid',
  ZERO_UUID.toUpperCase().replace(/0/g, 'A'),
  `{${ZERO_UUID}}`,
  `${ZERO_UUID}0`,
  "' OR '1'='1",
  '1 OR 1=1; --',
  '../../etc/passwd',
  '..%2F..%2Fsecrets',
  '\u0000',
  '%',
  'a'.repeat(5000),
  '-1',
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
  '😀',
  '\u202E',
];

/** Raw URL tails (not re-encoded): bad percent-encoding and dot segments. */
const RAW_ID_TAILS = ['%', '%E0%A4%A', '%00', '..', '../..', '%2e%2e%2f', '%C0%AE%C0%AE'];

const HOSTILE_QUERIES = [
  'page=0',
  'page=-1',
  'page=1e309',
  'page=NaN',
  'page=99999999999999999999',
  'page=1&page=2',
  'page[]=1',
  'page[a]=1',
  '__proto__=x',
  '__proto__[admin]=1',
  'constructor[prototype][admin]=1',
  'tab=__proto__',
  'status=All&status=Pending',
  `q=${'x'.repeat(5000)}`,
  'q=%00',
  'q=%',
  'q=%E0%A4%A',
  "q=' OR 1=1 --",
  'q=%25%5F',
  'actor=../../etc',
  'targetId=<script>',
  'symbols=["BTCUSDT","ETHUSDT"',
  'symbols=' + encodeURIComponent(JSON.stringify(Array.from({ length: 500 }, (_, i) => `C${i}`))),
  'ids=bitcoin,' + 'x'.repeat(3000),
  'exp=1&sig=00&admin=1',
  'timestamp=' + 'x'.repeat(3000),
];

const BAD_KEYS: (string | string[])[] = [
  '',
  'short',
  'k'.repeat(129),
  'with space in the key 123',
  'ключ-идемпотентности-123',
  '../../etc/passwd/0000000',
  ['aaaaaaaaaaaaaaaa1', 'aaaaaaaaaaaaaaaa2'],
  'null',
];

// The test --------------------------------------------------------------------------------------

let w: World;
let userToken: string;
let adminToken: string;
/** A user whose id is the target of the admin's destructive calls. */
let sacrificial: { userId: string; payId: string };
let routes: FuzzRoute[];
let ledgerBefore: LedgerSnapshot;
const prototypeKeysBefore = Object.getOwnPropertyNames(Object.prototype).sort();

let sent = 0;
const perRoute = new Map<string, number>();

beforeAll(async () => {
  w = await buildWorld();
  userToken = w.a.token;
  adminToken = w.admin.authorization?.replace('Bearer ', '') ?? '';

  // A spends what is left on a withdrawal: no hostile request of A's can move money.
  const available = (await me(w.app, w.a.auth)).balance;
  await expectStatus(w.app, 201, {
    method: 'POST',
    url: '/api/createWithdraw',
    headers: { ...w.a.auth, 'idempotency-key': newKey() },
    payload: { gatWay: w.withdrawMethodId, amount: available, paymentAddress: 'TXyzUserAddr12345' },
  });

  const decided = await decidedRequests();
  const decoys = await decoyObjects();
  const c = await registerAndLogin(w.app);
  sacrificial = { userId: c.userId, payId: c.payId };
  routes = fuzzRoutes(decided, decoys);
  ledgerBefore = await ledgerSnapshot(w.app.db);
}, 120_000);

afterAll(async () => w?.t.close());

/** A deposit, a withdrawal and a KYC request of B's that an admin already decided. */
async function decidedRequests() {
  const { app, admin, b } = w;
  const deposit = await expectStatus(app, 201, {
    method: 'POST',
    url: '/api/createDeposit',
    headers: { ...b.auth, 'idempotency-key': newKey() },
    payload: {
      gatWay: w.depositMethodId,
      amount: '20',
      transactionScreenshot: await uploadScreenshot(app, b.auth),
    },
  });
  const depositId = deposit.json().deposit._id as string;
  const { withdrawalId, kycId } = b.objects;
  const reject = (route: string, id: string, reason: string) =>
    expectStatus(app, 200, {
      method: 'PUT',
      url: `/api/${route}/${id}`,
      headers: admin,
      payload: { id, status: 'Rejected', reason },
    });
  await reject('updateDeposit', depositId, 'No such transaction');
  await reject('updateWithdraw', withdrawalId, 'Address looks wrong');
  await reject('updateKyc', kycId, 'Blurry photo');
  return { depositId, withdrawalId, kycId };
}

/** A coin and payment methods that the fuzzed admin calls may edit or delete. */
async function decoyObjects() {
  const { app, admin } = w;
  const coin = await expectStatus(app, 201, {
    method: 'POST',
    url: '/api/createCoin',
    headers: admin,
    payload: { symbol: 'DECOY', name: 'Decoy coin' },
  });
  const depositMethodId = await createMethod(app, admin, 'deposit', { coinName: 'Decoy' });
  const withdrawMethodId = await createMethod(app, admin, 'withdraw', { coinName: 'Decoy' });
  // A four-eyes request of the admin's own: approving it is refused to that same admin.
  const approval = await expectStatus(app, 202, {
    method: 'POST',
    url: `/api/admin/users/${w.b.userId}/adjustments`,
    headers: { ...admin, 'idempotency-key': newKey() },
    payload: { amount: '20000', reason: 'Decoy request for a second admin' },
  });
  return {
    coinId: coin.json().coin._id as string,
    depositMethodId,
    withdrawMethodId,
    approvalId: approval.json().approval._id as string,
  };
}

type Decided = Awaited<ReturnType<typeof decidedRequests>>;
type Decoys = Awaited<ReturnType<typeof decoyObjects>>;

/**
 * Valid bodies and path ids per route, each failing by construction where success would
 * move money or end a fuzzing session. Routes not listed here (new ones) are fuzzed with
 * random bodies and hostile ids only.
 */
function knownRoutes(decided: Decided, decoys: Decoys) {
  const { a, b } = w;
  const victimId = sacrificial.userId;
  const usedScreenshot = `/files/${a.objects.claimedFileIds[0]}`;
  const method = { ...DEPOSIT_METHOD, coinName: 'Fuzzed' };
  const known: Record<string, { base?: Record<string, unknown>; ids?: string[] }> = {
    'POST /api/registerUser': { base: newUserBody() },
    'POST /api/login': { base: { email: a.email, password: 'not-the-password-1' } },
    'PUT /api/updateUserPasswordByUser': {
      base: { password: 'Brand-New-Secret-77', currentPassword: 'not-the-password-1' },
    },
    'PUT /api/updateProfile': { base: { fullName: 'Fuzzy Person', phoneNumber: '+14155550123' } },
    'PUT /api/updateSiteSetting': { base: { transferMin: '1', tradingEnabled: true } },
    'PUT /api/updateAdminPassword': {
      base: { currentPassword: 'not-the-password-1', password: 'Brand-New-Secret-77' },
    },
    'GET /api/admin/users/:id': { ids: [victimId, a.userId, b.userId] },
    'PUT /api/updateUser': {
      base: {
        id: victimId,
        fullName: 'Victim Person',
        username: `victim_${randomBytes(3).toString('hex')}`,
        email: `victim_${randomBytes(3).toString('hex')}@example.com`,
        phoneNumber: '+14155550123',
        appNotice: 'Hello',
      },
    },
    'PUT /api/admin/users/:id/flags': { base: { tradingAllowed: false }, ids: [victimId] },
    // More than anyone holds: a debit that must fail after every check has run.
    'POST /api/admin/users/:id/adjustments': {
      base: { amount: '-1000000', reason: 'Fuzzed adjustment' },
      ids: [victimId, b.userId],
    },
    'POST /api/admin/users/:id/password': {
      base: { password: 'Fuzzed-Password-42' },
      ids: [victimId],
    },
    'POST /api/userLogin/:id': { ids: [victimId, b.userId] },
    'POST /api/createCoin': { base: { symbol: 'FUZZ', name: 'Fuzz coin', sortOrder: 3 } },
    'PUT /api/updateCoin': { base: { id: decoys.coinId, name: 'Decoy', sortOrder: 1 } },
    'PUT /api/deleteCoin': { base: { id: decoys.coinId } },
    'POST /api/admin/admins': {
      base: {
        fullName: 'Fuzz Admin',
        username: 'fuzz_admin',
        email: 'fuzz.admin@example.com',
        password: 'Fuzzed-Password-42',
      },
    },
    // The admin's own request (approving it is refused), their own account (disabling it is
    // refused, and it is not disabled, so enabling it is too).
    'POST /api/admin/approvals/:id/approve': { base: {}, ids: [decoys.approvalId] },
    'POST /api/admin/approvals/:id/reject': {
      base: { reason: 'Fuzzed rejection' },
      ids: [decoys.approvalId],
    },
    'POST /api/admin/admins/:id/disable': { base: { reason: 'Fuzzed' }, ids: [w.adminId] },
    'POST /api/admin/admins/:id/enable': { base: { reason: 'Fuzzed' }, ids: [w.adminId] },
    'GET /api/admin/deposits/:id': { ids: [decided.depositId, b.objects.depositId] },
    'GET /api/admin/withdrawals/:id': { ids: [decided.withdrawalId, a.objects.withdrawalId] },
    'GET /api/admin/kyc/:id': { ids: [decided.kycId, a.objects.kycId] },
    'POST /api/createDepositMethod': { base: method },
    'PUT /api/updateDepositMethod': { base: { id: decoys.depositMethodId, ...method } },
    'PUT /api/deleteDepositMethod': { base: { id: decoys.depositMethodId } },
    'POST /api/createWithdrawMethod': { base: { ...WITHDRAW_METHOD, coinName: 'Fuzzed' } },
    'PUT /api/updateWithdrawMethod': {
      base: { id: decoys.withdrawMethodId, ...WITHDRAW_METHOD, coinName: 'Fuzzed' },
    },
    'PUT /api/deleteWithdrawMethod': { base: { id: decoys.withdrawMethodId } },
    // The screenshot is already used: the deposit fails at its very last check.
    'POST /api/createDeposit': {
      base: {
        gatWay: w.depositMethodId,
        amount: '100',
        coinConversion: '100',
        transactionScreenshot: usedScreenshot,
      },
    },
    'GET /api/getDepositDetails/:id': { ids: [a.objects.depositId, b.objects.depositId] },
    'PUT /api/updateDeposit/:id': {
      base: { id: decided.depositId, status: 'Completed', reason: 'ok' },
      ids: [decided.depositId],
    },
    'POST /api/createWithdraw': {
      base: {
        gatWay: w.withdrawMethodId,
        amount: '10',
        paymentAddress: 'TXyzUserAddr12345',
        needToPay: '9.75',
        charge: '2.5',
        coinConversion: '9.75',
      },
    },
    'GET /api/getWithdrawDetails/:id': { ids: [a.objects.withdrawalId, b.objects.withdrawalId] },
    'PUT /api/updateWithdraw/:id': {
      base: { id: decided.withdrawalId, status: 'Completed', transactionHash: '0xabc123456789' },
      ids: [decided.withdrawalId],
    },
    'GET /api/getUserByPayId/:payId': { ids: [b.payId, a.payId, '00000000'] },
    'POST /api/createTransfer': {
      base: { amount: '10', receivePId: b.payId, needToPay: '9.9', chargeAmount: '0.1' },
    },
    'GET /api/getTransferDetails/:id': { ids: [a.objects.transferId, b.objects.transferId] },
    'POST /api/createTrade': {
      base: {
        coinType: `${TRADE_COIN}USDT`,
        tradeType: 'sell',
        tradeAmount: '20',
        selectedTime: 'trade30Second',
        payoutPercent: '80',
      },
    },
    'GET /api/getTradeDetails/:id': { ids: [a.objects.tradeId, b.objects.tradeId] },
    // A has a pending request and these uploads are used: it fails at the last checks.
    'POST /api/createKyc': {
      base: kycBody({
        idFront: `/files/${a.objects.claimedFileIds[1]}`,
        idBack: `/files/${a.objects.claimedFileIds[2]}`,
        cameraRoll: `/files/${a.objects.claimedFileIds[3]}`,
      }),
    },
    'PUT /api/updateKyc/:id': {
      base: { id: decided.kycId, status: 'Completed' },
      ids: [decided.kycId],
    },
    'GET /api/getMarketTicks/:symbol': { ids: [TRADE_COIN, 'BTCUSDT', 'btc'] },
    'GET /files/:id': { ids: [a.objects.fileId, b.objects.fileId] },
  };
  return known;
}

function fuzzRoutes(decided: Decided, decoys: Decoys): FuzzRoute[] {
  const known = knownRoutes(decided, decoys);
  const all = [...w.app.apiRoutes, ...EXTRA_ROUTES];
  return all.map((route) => {
    const key = `${route.method} ${route.url}`;
    const entry = known[key] ?? {};
    return {
      method: route.method as HttpMethod,
      url: route.url,
      key,
      roles: rolesFor(route.access, key),
      ...(entry.base === undefined ? {} : { base: entry.base }),
      ids: entry.ids ?? [],
      needsKey: IDEMPOTENT.has(key),
    };
  });
}

// Sending ----------------------------------------------------------------------------------------

interface FuzzCase {
  route: FuzzRoute;
  role: Role;
  url: string;
  /** Raw body text; undefined sends none. */
  body?: string;
  contentType?: string;
  headers?: Record<string, string | string[]>;
  /** What the case is, for the failure message. */
  label: string;
  /** A status the answer must have, for cases whose outcome is certain. */
  expectStatus?: number[];
}

const hasBody = (route: FuzzRoute) => route.method !== 'GET' && route.method !== 'HEAD';

async function authFor(role: Role): Promise<Record<string, string>> {
  if (role === 'none') return {};
  if (role === 'user') return { authorization: `Bearer ${userToken}` };
  if (role === 'admin') return { authorization: `Bearer ${adminToken}` };
  // A session of its own, for a call that ends the session it is made with.
  const view = await w.app.inject({
    method: 'POST',
    url: `/api/userLogin/${sacrificial.userId}`,
    headers: w.admin,
  });
  return { authorization: `Bearer ${view.json().token as string}` };
}

/** Stands for the route's own valid token in header cases. */
const TOKEN = '{token}';

/**
 * Replaces TOKEN in header values with a valid token for the route: the admin's on admin
 * routes, A's elsewhere, and a session of its own for logout (which would end A's).
 */
async function withTokens(
  route: FuzzRoute,
  headers: Record<string, string | string[]>,
): Promise<Record<string, string | string[]>> {
  const tokenFor = async () => {
    if (route.roles.includes('fresh')) {
      return ((await authFor('fresh')).authorization ?? '').replace('Bearer ', '');
    }
    return route.roles.includes('admin') && !route.roles.includes('user') ? adminToken : userToken;
  };
  const resolved: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    const values = [value].flat();
    const filled: string[] = [];
    for (const v of values) filled.push(v.includes(TOKEN) ? v.replace(TOKEN, await tokenFor()) : v);
    resolved[name] = Array.isArray(value) ? filled : (filled[0] ?? '');
  }
  return resolved;
}

async function send(c: FuzzCase): Promise<string | null> {
  if (c.route.key === 'POST /api/createTrade') await freshTick(w.app);
  const headers: Record<string, string | string[]> = { ...(await authFor(c.role)) };
  if (c.route.needsKey) headers['idempotency-key'] = newKey();
  if (c.body !== undefined) headers['content-type'] = c.contentType ?? 'application/json';
  Object.assign(headers, await withTokens(c.route, c.headers ?? {}));
  let res: Response;
  try {
    res = await w.app.inject({
      method: c.route.method,
      url: c.url,
      headers,
      remoteAddress: FUZZ_ADDRESS,
      ...(c.body === undefined ? {} : { payload: c.body }),
    });
  } catch (error) {
    return `${describeCase(c)}: inject threw ${(error as Error).message}`;
  }
  sent += 1;
  perRoute.set(c.route.key, (perRoute.get(c.route.key) ?? 0) + 1);
  // The simulated market speaks the real services' formats, errors included.
  const problem = c.route.url.startsWith('/sim/')
    ? res.statusCode >= 500
      ? `status ${res.statusCode}: ${res.body.slice(0, 200)}`
      : null
    : contractProblem(res);
  if (problem !== null) return `${describeCase(c)}: ${problem}`;
  if (c.expectStatus && !c.expectStatus.includes(res.statusCode)) {
    return `${describeCase(c)}: expected ${c.expectStatus.join('/')}, got ${res.statusCode} ${res.body.slice(0, 200)}`;
  }
  return null;
}

function describeCase(c: FuzzCase): string {
  const body = c.body === undefined ? '' : ` body=${JSON.stringify(c.body.slice(0, 120))}`;
  return `${c.route.method} ${c.url.slice(0, 120)} as ${c.role} [${c.label}]${body}`;
}

/** Runs the cases a few at a time and answers every problem found. */
async function runCases(cases: FuzzCase[]): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next];
      next += 1;
      if (c === undefined) break;
      const problem = await send(c);
      if (problem !== null) problems.push(problem);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return problems;
}

/** Deterministic samples of an arbitrary: the seed depends on the route and the purpose. */
function sample<T>(arbitrary: fc.Arbitrary<T>, count: number, salt: string): T[] {
  let hash = SEED;
  for (const ch of salt) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return fc.sample(arbitrary, { seed: hash, numRuns: count });
}

const runsFor = (route: FuzzRoute) => (SLOW_ROUTES.has(route.key) ? Math.ceil(RUNS / 4) : RUNS);

/** The route's URL with its params filled with a valid-looking value, for body fuzzing. */
function urlFor(route: FuzzRoute): string {
  return fillParams(route.url, route.ids[0] ?? ZERO_UUID);
}

/** Every role of the route, or only the first for slow routes. */
const rolesOf = (route: FuzzRoute): Role[] =>
  SLOW_ROUTES.has(route.key) ? route.roles.slice(0, 1) : route.roles;

// Case builders ----------------------------------------------------------------------------------

function randomBodyCases(route: FuzzRoute): FuzzCase[] {
  const runs = runsFor(route);
  const keys = Object.keys(route.base ?? {});
  const key = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'id', ...keys),
  );
  const anything = fc.anything({
    key,
    maxDepth: 3,
    maxKeys: 6,
    withBigInt: true,
    withDate: true,
    withNullPrototype: true,
  });
  const cases: FuzzCase[] = [];
  for (const role of rolesOf(route)) {
    const salt = `${route.key}/${role}`;
    for (const text of sample(fc.json({ maxDepth: 4 }), runs, `${salt}/json`)) {
      cases.push({ route, role, url: urlFor(route), body: text, label: 'fc.json' });
    }
    for (const value of sample(anything, runs, `${salt}/anything`)) {
      cases.push({ route, role, url: urlFor(route), body: laxJson(value), label: 'fc.anything' });
    }
    if (keys.length > 0) {
      // The route's own fields with random values: reaches past the shape check more often.
      const fields = Object.fromEntries(keys.map((k) => [k, fc.oneof(fc.jsonValue(), anything)]));
      for (const record of sample(fc.record(fields), runs, `${salt}/record`)) {
        cases.push({ route, role, url: urlFor(route), body: laxJson(record), label: 'fields' });
      }
    }
  }
  return cases;
}

function mutationCases(route: FuzzRoute): FuzzCase[] {
  const base = route.base;
  if (base === undefined) return [];
  const role = route.roles[route.roles.length - 1] ?? 'none';
  const perField = SLOW_ROUTES.has(route.key) ? 1 : Math.max(4, Math.ceil(RUNS / 2));
  const cases: FuzzCase[] = [];
  for (const field of Object.keys(base)) {
    const values = sample(fc.constantFrom(...HOSTILE_VALUES), perField, `${route.key}/${field}`);
    for (const value of values) {
      cases.push({
        route,
        role,
        url: urlFor(route),
        body: laxJson({ ...base, [field]: value }),
        label: `${field} hostile`,
      });
    }
  }
  for (const [key, value] of HOSTILE_KEYS) {
    cases.push({
      route,
      role,
      url: urlFor(route),
      body: `{${laxJson(base).slice(1, -1)},${JSON.stringify(key)}:${laxJson(value)}}`,
      label: `extra key ${key}`,
    });
  }
  // A duplicated key: JSON.parse keeps the last one, which is hostile.
  const [first] = Object.keys(base);
  if (first !== undefined) {
    cases.push({
      route,
      role,
      url: urlFor(route),
      body: `{${laxJson(base).slice(1, -1)},${JSON.stringify(first)}:[1]}`,
      label: 'duplicate key',
    });
  }
  return cases;
}

function malformedCases(route: FuzzRoute): FuzzCase[] {
  const role = route.roles[route.roles.length - 1] ?? 'none';
  const url = urlFor(route);
  const validText = laxJson(route.base ?? {});
  const cases: FuzzCase[] = MALFORMED_BODIES.map((body, i) => ({
    route,
    role,
    url,
    body,
    label: `malformed #${i}`,
  }));
  // A valid body under another type may reach the password hash: slow routes get a few.
  const types = SLOW_ROUTES.has(route.key) ? CONTENT_TYPES.slice(0, 3) : CONTENT_TYPES;
  for (const contentType of types) {
    cases.push({ route, role, url, body: validText, contentType, label: `type ${contentType}` });
  }
  cases.push({
    route,
    role,
    url,
    body: `{"a":"${'y'.repeat(1024 * 1024)}"}`,
    label: '1 MB body',
    expectStatus: [400, 401, 403, 404, 413, 429],
  });
  // 5,000 levels of arrays or objects (10 kB), as the whole body and in each field of the
  // valid body: refused as a bad body before anything parses or validates it (they once
  // overflowed the stack in the validation's error message: a 500).
  const deep = [deepArray(DEEP_LEVELS), deepObject(DEEP_LEVELS)];
  const fields = Object.keys(route.base ?? {});
  for (const [i, nested] of deep.entries()) {
    cases.push({
      route,
      role,
      url,
      body: nested,
      label: `${DEEP_LEVELS} deep #${i}`,
      expectStatus: [400],
    });
    for (const field of fields) {
      cases.push({
        route,
        role,
        url,
        body: `{${laxJson(route.base ?? {}).slice(1, -1)},${JSON.stringify(field)}:${nested}}`,
        label: `${field} ${DEEP_LEVELS} deep #${i}`,
        expectStatus: [400],
      });
    }
  }
  return cases;
}

function idCases(route: FuzzRoute): FuzzCase[] {
  if (!route.url.includes(':')) return [];
  // Other users' ids for the user's routes; the admin's routes use their own list, which
  // keeps its destructive calls off the fuzzing sessions' accounts.
  const others = route.roles.includes('admin') ? [] : [w.b.userId, w.b.objects.depositId];
  // A route that hashes a password before it looks the id up pays a hash per id.
  const hostile = SLOW_ROUTES.has(route.key) ? HOSTILE_IDS.slice(0, 8) : HOSTILE_IDS;
  const ids = [...route.ids, ...hostile, ...others];
  const body = route.base === undefined ? undefined : laxJson(route.base);
  const cases: FuzzCase[] = [];
  for (const role of rolesOf(route)) {
    for (const id of ids) {
      cases.push({
        route,
        role,
        url: fillParams(route.url, id),
        ...(body === undefined || !hasBody(route) ? {} : { body }),
        label: 'id',
      });
    }
    for (const tail of RAW_ID_TAILS) {
      cases.push({ route, role, url: route.url.replace(/:[A-Za-z]+/g, tail), label: 'raw id' });
    }
  }
  return cases;
}

function queryCases(route: FuzzRoute): FuzzCase[] {
  if (hasBody(route)) return [];
  const random = sample(
    fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 40 }), { maxKeys: 4 }),
    runsFor(route),
    `${route.key}/query`,
  ).map((dict) => new URLSearchParams(dict).toString());
  const role = route.roles[route.roles.length - 1] ?? 'none';
  return [...HOSTILE_QUERIES, ...random].map((query) => ({
    route,
    role,
    url: `${urlFor(route)}?${query}`,
    label: 'query',
  }));
}

function headerCases(route: FuzzRoute): FuzzCase[] {
  const url = urlFor(route);
  const body = hasBody(route) ? laxJson(route.base ?? {}) : undefined;
  const guarded = !route.roles.includes('none');
  const refused = guarded ? [401, 429] : undefined;
  const make = (
    label: string,
    headers: Record<string, string | string[]>,
    expected?: number[],
  ): FuzzCase => ({
    route,
    role: 'none',
    url,
    ...(body === undefined ? {} : { body }),
    headers,
    label,
    ...(expected === undefined ? {} : { expectStatus: expected }),
  });
  const cases: FuzzCase[] = [
    make('no token', {}, refused),
    make('Bearer alone', { authorization: 'Bearer' }, refused),
    make('Bearer and a space', { authorization: 'Bearer ' }, refused),
    make('Basic', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }, refused),
    make('junk token', { authorization: `Bearer ${'A'.repeat(43)}` }, refused),
    make('near token', { authorization: `Bearer ${userToken.slice(0, -1)}x` }, refused),
    make('token and junk', { authorization: `Bearer ${TOKEN} junk` }, refused),
    make('token hash', { authorization: `Bearer ${hashToken(userToken)}` }, refused),
    make('huge token', { authorization: `Bearer ${'A'.repeat(16_000)}` }, refused),
    make('duplicate authorization', { authorization: [`Bearer ${TOKEN}`, `Bearer ${TOKEN}`] }),
    make('lower-case scheme, two spaces', { authorization: `bearer  ${TOKEN}` }),
    make('huge header', { authorization: `Bearer ${TOKEN}`, 'x-filler': 'z'.repeat(32_000) }),
    make('odd forwarding', {
      authorization: `Bearer ${TOKEN}`,
      'x-forwarded-for': '127.0.0.1, ::1, <script>',
      'x-real-ip': '::ffff:10.0.0.1',
      host: 'evil.example',
    }),
    make('unicode header', { authorization: `Bearer ${TOKEN}`, 'accept-language': 'zh-CN,ü' }),
  ];
  // The token cases of a route that hashes a password cost a hash each: a few suffice.
  if (SLOW_ROUTES.has(route.key)) cases.splice(2, cases.length - 4);
  if (route.needsKey) {
    const role = route.roles[0] ?? 'user';
    for (const key of BAD_KEYS) {
      cases.push({
        route,
        role,
        url,
        ...(body === undefined ? {} : { body }),
        headers: { 'idempotency-key': key },
        label: `idempotency key ${JSON.stringify(key).slice(0, 40)}`,
        expectStatus: [400],
      });
    }
  }
  return cases;
}

// Uploads ----------------------------------------------------------------------------------------

async function uploadCases(): Promise<FuzzCase[]> {
  const route = routes.find((r) => r.key === 'POST /upload');
  if (route === undefined) throw new Error('no upload route');
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: '#123456' },
  })
    .png()
    .toBuffer();
  const names = [
    '../../etc/passwd.png',
    '/etc/passwd',
    'C:\\Windows\\win.ini',
    'a\u0000.png',
    '😀.png',
    'x'.repeat(2000),
    '',
    '"quoted".png',
  ];
  const cases: FuzzCase[] = [];
  const multipart = (label: string, filename: string, type: string, data: Buffer) => {
    const body = multipartFile(filename, type, data);
    cases.push({
      route,
      role: 'none',
      url: '/upload',
      body: body.payload.toString('latin1'),
      contentType: body.headers['content-type'],
      label,
    });
  };
  for (const name of names) multipart(`file name ${name.slice(0, 20)}`, name, 'image/png', png);
  const blobs = sample(fc.uint8Array({ maxLength: 2048 }), RUNS, 'upload/blobs');
  for (const blob of blobs) multipart('random bytes', 'a.png', 'image/png', Buffer.from(blob));
  // A PNG signature followed by garbage, and a PNG cut in half.
  multipart(
    'png head',
    'a.png',
    'image/png',
    Buffer.concat([png.subarray(0, 16), randomBytes(64)]),
  );
  multipart('half png', 'a.png', 'image/png', png.subarray(0, png.length >> 1));
  const boundary = '----fuzz';
  for (const [label, body] of [
    [
      'no closing boundary',
      `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc`,
    ],
    ['no parts', `--${boundary}--\r\n`],
    ['garbage', 'not multipart at all'],
    [
      'proto field',
      `--${boundary}\r\nContent-Disposition: form-data; name="__proto__"; filename="a.png"\r\n\r\nx\r\n--${boundary}--\r\n`,
    ],
  ] as const) {
    cases.push({
      route,
      role: 'none',
      url: '/upload',
      body,
      contentType: `multipart/form-data; boundary=${boundary}`,
      label,
    });
  }
  return cases;
}

function fileLinkCases(): FuzzCase[] {
  const route = routes.find((r) => r.key === 'GET /files/:id');
  if (route === undefined) throw new Error('no files route');
  const links = createFileLinks(w.t.config);
  const good = new URL(links.sign(w.a.objects.fileId), 'http://x');
  const exp = good.searchParams.get('exp') ?? '';
  const sig = good.searchParams.get('sig') ?? '';
  const id = w.a.objects.fileId;
  // The signature covers the file, the expiry and the admin: any change of them is refused.
  const refused = [
    `exp=${exp}&sig=${sig}&admin=${w.adminId}`,
    `exp=${exp}&sig=${sig}&admin=${encodeURIComponent("' OR 1=1")}`,
    `exp=${exp}&sig=${sig}&admin=`,
    `exp=${exp}&sig[]=${sig}`,
    `exp=${exp}&exp=${exp}&sig=${sig}`,
    `exp=99999999999999999999&sig=${sig}`,
    `exp=-1&sig=${sig}`,
    `exp=${exp}&sig=${sig.toUpperCase()}`,
    `exp=${exp}&sig=${'0'.repeat(64)}`,
    `exp=${exp}&sig=${sig}00`,
    `exp=1e12&sig=${sig}`,
    `exp=${exp}.0&sig=${sig}`,
    `exp=0${exp}&sig=${sig}`,
    '__proto__[ok]=true',
  ];
  // Parameters the link does not use change nothing ("admin[]" is another name than "admin").
  const served = [`exp=${exp}&sig=${sig}&admin[]=x`, `exp=${exp}&sig=${sig}&__proto__=x`];
  const cases = (queries: string[], status: number) =>
    queries.map((query) => ({
      route,
      role: 'none' as const,
      url: `/files/${id}?${query}`,
      label: 'file link',
      expectStatus: [status],
    }));
  return [...cases(refused, 403), ...cases(served, 200)];
}

// Tests ------------------------------------------------------------------------------------------

const TIMEOUT_MS = 240_000;

function expectNoProblems(problems: string[]) {
  expect(problems, summarize(problems)).toEqual([]);
}

describe('fuzzing every route', () => {
  it('covers every route of the app, with the roles its access calls for', () => {
    const keys = new Set(routes.map((r) => r.key));
    for (const route of w.app.apiRoutes) expect(keys).toContain(`${route.method} ${route.url}`);
    expect(routes.length).toBeGreaterThan(60);
  });

  it(
    'random JSON and random field values',
    async () => {
      expectNoProblems(
        await runCases(routes.flatMap((r) => (hasBody(r) ? randomBodyCases(r) : []))),
      );
    },
    TIMEOUT_MS,
  );

  it(
    'valid bodies with one hostile field or key',
    async () => {
      expectNoProblems(await runCases(routes.flatMap(mutationCases)));
    },
    TIMEOUT_MS,
  );

  it(
    'malformed JSON, wrong content types, huge and deeply nested bodies',
    async () => {
      expectNoProblems(await runCases(routes.filter(hasBody).flatMap(malformedCases)));
    },
    TIMEOUT_MS,
  );

  it(
    'hostile path ids: not UUIDs, other users’ ids, SQL, traversal, bad encoding',
    async () => {
      expectNoProblems(await runCases(routes.flatMap(idCases)));
    },
    TIMEOUT_MS,
  );

  it(
    'hostile query strings',
    async () => {
      expectNoProblems(await runCases(routes.flatMap(queryCases)));
    },
    TIMEOUT_MS,
  );

  it(
    'odd headers: tokens, duplicates, huge values, bad idempotency keys',
    async () => {
      expectNoProblems(await runCases(routes.flatMap(headerCases)));
    },
    TIMEOUT_MS,
  );

  it(
    'uploads of odd names and bytes, and tampered file links',
    async () => {
      expectNoProblems(await runCases([...(await uploadCases()), ...fileLinkCases()]));
    },
    TIMEOUT_MS,
  );
});

describe('after the fuzzing', () => {
  it('every route was called', () => {
    const missed = routes.filter((r) => (perRoute.get(r.key) ?? 0) < 5).map((r) => r.key);
    expect(missed).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * 40);
  });

  it('no money moved: every balance and hold, every entry and posting are as before', async () => {
    const after = await ledgerSnapshot(w.app.db);
    const posted = await entriesSince(w.app.db, ledgerBefore);
    expect(ledgerDifferences(ledgerBefore, after), posted.join('\n')).toEqual([]);
    expect(after.totalBalanceMicros).toBe(0n);
    expect((await checkLedger(w.app.db)).violations).toEqual([]);
  });

  it('no idempotency key or reference produced two rows', async () => {
    expect(await duplicateProblems(w.app.db)).toEqual([]);
  });

  it('no prototype was polluted', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeysBefore);
    const probe: Record<string, unknown> = {};
    expect(probe.isAdmin).toBeUndefined();
    expect(probe.role).toBeUndefined();
    expect(probe.admin).toBeUndefined();
  });

  it('the fuzzing sessions are still alive (the cases really ran signed in)', async () => {
    expect((await me(w.app, w.a.auth))._id).toBe(w.a.userId);
    expect((await me(w.app, w.admin))._id).toBe(w.adminId);
  });
});

describe('idempotency under hostile replays', () => {
  it('the same key applies once, whatever the header spelling or concurrency', async () => {
    const { app, b, receiver } = w;
    await fund(app, b.userId, usdt(100));
    const before = await ledgerSnapshot(app.db);
    const key = newKey();
    const payload = { amount: '25', receivePId: receiver.payId };
    const variants: Record<string, string | string[]>[] = [
      { 'idempotency-key': key },
      { 'Idempotency-Key': key },
      { 'IDEMPOTENCY-KEY': key },
      { 'idempotency-key': [key, key] },
    ];
    const answers = await Promise.all(
      [...variants, ...variants].map((headers) =>
        app.inject({
          method: 'POST',
          url: '/api/createTransfer',
          headers: { ...b.auth, ...headers },
          payload,
        }),
      ),
    );
    // Two keys in one header arrive joined ("k, k"), which is not a key: refused outright.
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses).toEqual([201, 201, 201, 400, 201, 201, 201, 400]);
    const created = answers.filter((res) => res.statusCode === 201);
    expect(new Set(created.map((res) => res.json().transfer._id)).size).toBe(1);
    expect(created.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    // The same key with another body is refused and changes nothing.
    const conflicting = await app.inject({
      method: 'POST',
      url: '/api/createTransfer',
      headers: { ...b.auth, 'idempotency-key': key },
      payload: { ...payload, amount: '26' },
    });
    expect(conflicting.statusCode).toBe(422);
    expect(conflicting.json().code).toBe('idempotency_conflict');

    const after = await ledgerSnapshot(app.db);
    expect(after.entries - before.entries).toBe(1);
    const wallet = await walletAccountId(app.db, b.userId);
    const moved =
      (before.accounts.get(wallet)?.balanceMicros ?? 0n) -
      (after.accounts.get(wallet)?.balanceMicros ?? 0n);
    expect(moved).toBe(usdt(25));
    expect(await duplicateProblems(app.db)).toEqual([]);
    expect((await checkLedger(app.db)).violations).toEqual([]);
  });
});
