/**
 * The authorization matrix from the hostile side, built from the app's own route list. Two
 * users A and B hold real data of every kind (a deposit, a withdrawal, a transfer, a trade, a
 * KYC request, uploads). B, signed in, tries every route with A's ids: in paths, in bodies, as
 * query parameters. B never gets a 2xx on A's objects, never sees anything of A's, and B's
 * writes change nothing of A's (every row that refers to A, compared before and after).
 * Every admin route refuses no token (401), a user's token and an admin's read-only "view as
 * user" token (403), even with a body that would move money. Signed file links cannot be
 * re-targeted, extended or forged. tests/api/access.test.ts has the plain 401/403 matrix.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { checkLedger } from '../../server/ledger/check';
import { createFileLinks } from '../../server/modules/files/links';
import { kycBody, me, newKey, uploadScreenshot } from '../api/harness';
import {
  buildWorld,
  closeHostileSuite,
  contractProblem,
  expectStatus,
  fillParams,
  freshTick,
  identifiersOf,
  ledgerDifferences,
  ledgerSnapshot,
  objectIdsOf,
  paramsOf,
  summarize,
  TRADE_COIN,
  type Actor,
  type Headers,
  type HttpMethod,
  type Response,
  type World,
} from './support';

let w: World;
/** An admin's read-only "view as user" session of A. */
let viewAsA: Headers;
/** A four-eyes request waiting for a second admin: 20,000 USDT for B. */
let pendingApprovalId: string;

beforeAll(async () => {
  w = await buildWorld();
  const view = await expectStatus(w.app, 200, {
    method: 'POST',
    url: `/api/userLogin/${w.a.userId}`,
    headers: w.admin,
  });
  viewAsA = { authorization: `Bearer ${view.json().token as string}` };
  const asked = await expectStatus(w.app, 202, {
    method: 'POST',
    url: `/api/admin/users/${w.b.userId}/adjustments`,
    headers: { ...w.admin, 'idempotency-key': newKey() },
    payload: { amount: '20000', reason: 'A large credit waiting for a second admin' },
  });
  pendingApprovalId = asked.json().approval._id as string;
}, 120_000);

afterAll(() => closeHostileSuite(w?.t));

const isRead = (method: string) => method === 'GET' || method === 'HEAD';
const userRoutes = () => w.app.apiRoutes.filter((r) => r.access === 'user' || r.access === 'any');
const adminRoutes = () => w.app.apiRoutes.filter((r) => r.access === 'admin');

function call(method: string, url: string, headers: Headers, payload?: unknown) {
  return w.app.inject({
    method: method as HttpMethod,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A's identifiers found in an answer (none may be). */
function leakedFrom(res: Response, owner: Actor, allowed: string[] = []): string[] {
  return identifiersOf(owner).filter((id) => !allowed.includes(id) && res.body.includes(id));
}

/**
 * Everything the database holds about `actor`: the user row and every row of every table
 * whose foreign key points at the user, as JSON text. Found from the catalog, so a new table
 * is included without anyone remembering it.
 */
async function stateOf(actor: Actor): Promise<string> {
  const references = await queryRows<{ tbl: string; col: string }>(
    w.app.db,
    sql`select c.conrelid::regclass::text as tbl, a.attname::text as col
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'f' and c.confrelid = 'users'::regclass
        order by 1, 2`,
  );
  expect(references.length).toBeGreaterThan(8);
  const parts: string[] = [];
  for (const { tbl, col } of [{ tbl: 'users', col: 'id' }, ...references]) {
    const [row] = await queryRows<{ rows: string }>(
      w.app.db,
      sql`select coalesce(json_agg(t order by t::text), '[]')::text as rows
          from ${sql.identifier(tbl)} t where ${sql.identifier(col)} = ${actor.userId}::uuid`,
    );
    parts.push(`${tbl}.${col}: ${row?.rows}`);
  }
  return parts.join('\n');
}

describe("B cannot read A's data", () => {
  it("every user route with a path parameter refuses A's ids to B, and shows them to A", async () => {
    const { a, b } = w;
    const problems: string[] = [];
    const routes = userRoutes().filter((r) => r.url.includes(':'));
    expect(routes.length).toBeGreaterThanOrEqual(5);
    for (const route of routes) {
      let ownHits = 0;
      for (const id of [...objectIdsOf(a), a.payId]) {
        const url = fillParams(route.url, id);
        const byB = await call(route.method, url, b.auth, isRead(route.method) ? undefined : {});
        const label = `${route.method} ${route.url} with A's ${id}`;
        const problem = contractProblem(byB);
        if (problem !== null) problems.push(`${label}: ${problem}`);
        if (route.url === '/api/getUserByPayId/:payId' && id === a.payId) {
          // The transfer dialog's lookup: by design it names the receiver, and nothing more.
          if (byB.statusCode !== 200) problems.push(`${label}: ${byB.statusCode}`);
          const user = byB.json().user as Record<string, unknown>;
          if (Object.keys(user).sort().join() !== '_id,fullName,username') {
            problems.push(`${label}: the lookup shows ${Object.keys(user).join(', ')}`);
          }
          const leaked = leakedFrom(byB, a, [a.userId, a.username]);
          if (leaked.length > 0) problems.push(`${label}: shows ${leaked.join(', ')}`);
          ownHits += 1;
          continue;
        }
        if (![403, 404].includes(byB.statusCode)) {
          problems.push(`${label}: B got ${byB.statusCode} ${byB.body.slice(0, 200)}`);
        }
        const leaked = leakedFrom(byB, a);
        if (leaked.length > 0) problems.push(`${label}: B's answer holds ${leaked.join(', ')}`);
        if (isRead(route.method) && (await call(route.method, url, a.auth)).statusCode === 200) {
          ownHits += 1;
        }
      }
      // A control: the ids are real, and the route would have shown them to their owner.
      if (isRead(route.method) && ownHits === 0) {
        problems.push(`${route.method} ${route.url}: A's own ids never answered 200 to A`);
      }
    }
    expect(problems, summarize(problems)).toEqual([]);
  });

  it("no read B can make, with A's ids as query parameters too, shows anything of A's", async () => {
    const { a, b } = w;
    const problems: string[] = [];
    const reads = w.app.apiRoutes.filter((r) => r.access !== 'admin' && isRead(r.method));
    for (const route of reads.filter((r) => !r.url.includes(':'))) {
      const plain = await call(route.method, route.url, b.auth);
      // Every name a route might read an id from, all pointing at A's objects.
      const query = new URLSearchParams({
        id: a.objects.depositId,
        userId: a.userId,
        user: a.userId,
        owner: a.userId,
        payId: a.payId,
        tab: 'All',
        page: '1',
      });
      const smuggled = await call(route.method, `${route.url}?${query}`, b.auth);
      for (const res of [plain, smuggled]) {
        const problem = contractProblem(res);
        if (problem !== null) problems.push(`${route.method} ${route.url}: ${problem}`);
        const leaked = leakedFrom(res, a);
        if (leaked.length > 0) {
          problems.push(`${route.method} ${route.url} shows B ${leaked.join(', ')}`);
        }
      }
      if (plain.statusCode >= 400)
        problems.push(`${route.method} ${route.url}: ${plain.statusCode}`);
    }
    expect(problems, summarize(problems)).toEqual([]);
    // A control: A's own lists do show A's objects, so the check above could fail.
    const own = await call('GET', '/api/getUserDepositLog', a.auth);
    expect(own.body).toContain(a.objects.depositId);
  });

  it("B's file links never point at A's files, and A's bare file URL is refused to B", async () => {
    const { a, b } = w;
    const bare = await call('GET', a.objects.fileUrl, b.auth);
    expect(bare.statusCode).toBe(403);
    expect(contractProblem(bare)).toBeNull();
    // The detail answers carry signed links of the caller's own files only.
    const own = await call('GET', `/api/getDepositDetails/${b.objects.depositId}`, b.auth);
    const link = own.json().deposit.transactionScreenshot as string;
    expect(link).toMatch(/^\/files\/[0-9a-f-]{36}\?exp=\d+&sig=[0-9a-f]{64}$/);
    expect(a.objects.claimedFileIds.some((id) => link.includes(id))).toBe(false);
  });
});

describe("B's writes cannot touch A's objects", () => {
  it('every user write with A’s ids in the path or the body changes nothing of A’s', async () => {
    const { a, b, app } = w;
    // B may submit a KYC request again, so the request below reaches its upload claims.
    await expectStatus(app, 200, {
      method: 'PUT',
      url: `/api/updateKyc/${b.objects.kycId}`,
      headers: w.admin,
      payload: { id: b.objects.kycId, status: 'Rejected', reason: 'Please retake the photo' },
    });
    const before = await stateOf(a);
    const ledgerBefore = await ledgerSnapshot(app.db);
    const problems: string[] = [];

    // Signing out, signing one's other sessions out, starting a two-factor set-up and
    // acknowledging the trading risk take no ids (an empty body is a valid call) and act on
    // the caller's own account only (B's): they succeed, and A's state is still compared below.
    const ownOnly = new Set([
      'POST /api/logout',
      'PUT /api/revokeOtherSessions',
      'POST /api/setupTwoFactor',
      'POST /api/acknowledgeTradingRisk',
    ]);
    const writes = userRoutes().filter(
      (r) => !isRead(r.method) && !ownOnly.has(`${r.method} ${r.url}`),
    );
    expect(writes.length).toBeGreaterThanOrEqual(7);
    const targeted = targetedBodies(a, b, await uploadScreenshot(app, b.auth));
    for (const route of writes) {
      const key = `${route.method} ${route.url}`;
      const bodies: unknown[] = [
        {},
        ...objectIdsOf(a).map((id) => ({ id, _id: id, userId: id, user: id, ownerId: id })),
        ...(targeted[key] ?? []),
      ];
      const ids = paramsOf(route.url).length > 0 ? objectIdsOf(a) : [''];
      for (const id of ids) {
        for (const body of bodies) {
          if (key === 'POST /api/createTrade') await freshTick(app);
          const url = fillParams(route.url, id);
          const res = await call(
            route.method,
            url,
            { ...b.auth, 'idempotency-key': newKey() },
            body,
          );
          const label = `${key} ${JSON.stringify(body).slice(0, 160)}`;
          const problem = contractProblem(res);
          if (problem !== null) problems.push(`${label}: ${problem}`);
          const leaked = leakedFrom(res, a);
          if (leaked.length > 0) problems.push(`${label}: answer holds ${leaked.join(', ')}`);
          if (res.statusCode < 400) problems.push(`${label}: accepted (${res.statusCode})`);
        }
      }
    }
    expect(problems, summarize(problems)).toEqual([]);
    expect(await stateOf(a)).toBe(before);
    expect(ledgerDifferences(ledgerBefore, await ledgerSnapshot(app.db))).toEqual([]);
    // A is still signed in and owns every object.
    expect((await me(app, a.auth))._id).toBe(a.userId);
  });

  it("B signing out ends B's session only", async () => {
    const { a, b, app } = w;
    const other = await expectStatus(app, 200, {
      method: 'POST',
      url: '/api/login',
      payload: { email: b.email, password: b.password },
    });
    const bAuth = { authorization: `Bearer ${other.json().token as string}` };
    await expectStatus(app, 200, { method: 'POST', url: '/api/logout', headers: bAuth });
    expect((await call('GET', '/api/getUserById', bAuth)).statusCode).toBe(401);
    expect((await me(app, a.auth))._id).toBe(a.userId);
    expect((await me(app, b.auth))._id).toBe(b.userId);
  });
});

/**
 * Bodies that would succeed for A's objects if ownership were not checked: claiming A's
 * upload for B's deposit or KYC, and fields naming A smuggled into B's own requests.
 */
function targetedBodies(a: Actor, b: Actor, bUpload: string): Record<string, unknown[]> {
  return {
    'POST /api/createDeposit': [
      { gatWay: w.depositMethodId, amount: '100', transactionScreenshot: a.objects.fileUrl },
      {
        gatWay: w.depositMethodId,
        amount: '100',
        transactionScreenshot: `/files/${a.objects.claimedFileIds[0]}`,
      },
    ],
    'POST /api/createKyc': [
      kycBody({ idFront: a.objects.fileUrl, idBack: bUpload, cameraRoll: b.objects.fileUrl }),
      kycBody({
        idFront: `/files/${a.objects.claimedFileIds[1]}`,
        idBack: bUpload,
        cameraRoll: b.objects.fileUrl,
      }),
    ],
    'POST /api/createTransfer': [
      { amount: '10', receivePId: a.userId },
      { amount: '10', receivePId: b.payId, senderPId: a.payId },
    ],
    'POST /api/createWithdraw': [
      {
        gatWay: w.withdrawMethodId,
        amount: '10',
        paymentAddress: 'TXyzUserAddr12345',
        userId: a.userId,
      },
    ],
    'POST /api/createTrade': [
      {
        coinType: `${TRADE_COIN}USDT`,
        tradeType: 'buy',
        tradeAmount: '20',
        selectedTime: 'trade5Min',
        userId: a.userId,
      },
    ],
    'PUT /api/updateProfile': [
      { fullName: 'Hijacked', phoneNumber: '+14155550123', id: a.userId },
      { fullName: 'Hijacked', phoneNumber: '+14155550123', email: a.email },
    ],
    'PUT /api/updateUserPasswordByUser': [
      { password: 'Hijacked-Secret-81', userId: a.userId },
      { password: 'Hijacked-Secret-81', email: a.email },
    ],
  };
}

describe('admin routes refuse everyone but admins', () => {
  /** Bodies that would move money or change A if a non-admin got through. */
  function adminBody(url: string): Record<string, unknown> {
    const { a, b } = w;
    const bodies: Record<string, Record<string, unknown>> = {
      '/api/updateDeposit/:id': { id: a.objects.depositId, status: 'Completed' },
      '/api/updateWithdraw/:id': {
        id: a.objects.withdrawalId,
        status: 'Rejected',
        reason: 'Refund to me',
      },
      '/api/updateKyc/:id': { id: a.objects.kycId, status: 'Completed' },
      '/api/admin/users/:id/adjustments': { amount: '1000', reason: 'Free money please' },
      '/api/admin/users/:id/flags': { disabled: true },
      '/api/admin/users/:id/password': { password: 'Hijacked-Secret-81' },
      '/api/updateUser': {
        id: a.userId,
        fullName: 'Hijacked',
        username: b.username,
        email: a.email,
        phoneNumber: '+14155550123',
      },
      '/api/updateSiteSetting': { transferCharge: '0', tradingEnabled: false },
      '/api/admin/approvals/:id/approve': {},
      '/api/admin/approvals/:id/reject': { reason: 'Rejected by a stranger' },
      '/api/admin/admins/:id/disable': { reason: 'Disabled by a stranger' },
      '/api/admin/admins/:id/enable': { reason: 'Enabled by a stranger' },
    };
    return bodies[url] ?? { id: a.objects.depositId };
  }

  /** The id a path parameter gets: the object of A's that the route acts on. */
  function adminUrl(url: string): string {
    const { a, b } = w;
    if (url.includes('/adjustments')) return fillParams(url, b.userId);
    if (url.includes('/approvals/')) return fillParams(url, pendingApprovalId);
    if (url.includes('/admins/')) return fillParams(url, w.adminId);
    if (url.includes('Deposit') || url.includes('/deposits')) {
      return fillParams(url, a.objects.depositId);
    }
    if (url.includes('Withdraw') || url.includes('/withdrawals')) {
      return fillParams(url, a.objects.withdrawalId);
    }
    if (url.includes('Kyc') || url.includes('/kyc')) return fillParams(url, a.objects.kycId);
    return fillParams(url, a.userId);
  }

  it('no token 401, a user token 403, a read-only view-as token 403, and nothing changes', async () => {
    const { a, b, app } = w;
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const beforeA = await stateOf(a);
    const beforeB = await stateOf(b);
    const ledgerBefore = await ledgerSnapshot(app.db);
    const problems: string[] = [];
    const callers: [string, Headers, number][] = [
      ['no token', {}, 401],
      ["B's token", b.auth, 403],
      ["A's token", a.auth, 403],
      ["an admin's view-as token of A", viewAsA, 403],
    ];
    for (const route of routes) {
      const url = adminUrl(route.url);
      const body = isRead(route.method) ? undefined : adminBody(route.url);
      for (const [who, auth, status] of callers) {
        const res = await call(route.method, url, { ...auth, 'idempotency-key': newKey() }, body);
        const label = `${route.method} ${route.url} with ${who}`;
        if (res.statusCode !== status) problems.push(`${label}: ${res.statusCode} ${res.body}`);
        const problem = contractProblem(res);
        if (problem !== null) problems.push(`${label}: ${problem}`);
        const leaked = leakedFrom(res, a);
        if (leaked.length > 0) problems.push(`${label}: answer holds ${leaked.join(', ')}`);
      }
    }
    expect(problems, summarize(problems)).toEqual([]);
    expect(await stateOf(a)).toBe(beforeA);
    expect(await stateOf(b)).toBe(beforeB);
    expect(ledgerDifferences(ledgerBefore, await ledgerSnapshot(app.db))).toEqual([]);
    // Nobody but an admin decided the waiting request, nor disabled the admin.
    const [approval] = await queryRows<{ status: string }>(
      app.db,
      sql`select status from admin_approvals where id = ${pendingApprovalId}::uuid`,
    );
    expect(approval?.status).toBe('Pending');
    expect((await call('GET', '/api/admin/overview', w.admin)).statusCode).toBe(200);
    // The view-as session was refused, not ended: it still reads A's account.
    expect((await me(app, viewAsA))._id).toBe(a.userId);
  });

  it('the same calls by the admin do work (the refusals above were about the caller)', async () => {
    const { a, app } = w;
    const deposit = await call('GET', adminUrl('/api/admin/deposits/:id'), w.admin);
    expect(deposit.statusCode).toBe(200);
    expect(deposit.body).toContain(a.objects.depositId);
    const user = await call('GET', adminUrl('/api/admin/users/:id'), w.admin);
    expect(user.statusCode).toBe(200);
    expect(user.json().user._id).toBe(a.userId);
    const approvals = await call('GET', '/api/admin/approvals', w.admin);
    expect(approvals.statusCode).toBe(200);
    expect(approvals.body).toContain(pendingApprovalId);
    expect((await checkLedger(app.db)).violations).toEqual([]);
  });
});

// A valid link is a bearer capability by design (an <img> sends no token; see "Documents" in
// docs/architecture.md): B's token neither helps nor hurts it. What B must never manage is
// to obtain one for A's file (the read tests above), or to move, extend or forge one.
describe('signed file links', () => {
  const links = () => createFileLinks(w.t.config);
  const parts = (link: string) => {
    const url = new URL(link, 'http://localhost');
    return {
      exp: url.searchParams.get('exp') ?? '',
      sig: url.searchParams.get('sig') ?? '',
      admin: url.searchParams.get('admin'),
    };
  };
  const expired = { error: 'This link has expired. Please reload the page.', code: 'forbidden' };

  it("A's link works for A; moved, extended, tampered or expired it is refused to B", async () => {
    const { a, b } = w;
    const fileId = a.objects.fileId;
    const aLink = links().sign(fileId);
    expect((await call('GET', aLink, a.auth)).statusCode).toBe(200);

    const own = parts(links().sign(b.objects.fileId));
    const mine = parts(aLink);
    const tampered = `${mine.sig.slice(0, -2)}${mine.sig.endsWith('00') ? '11' : '00'}`;
    const attempts: [string, string][] = [
      ["B's signature on A's file", `/files/${fileId}?exp=${own.exp}&sig=${own.sig}`],
      [
        "A's signature, expiry pushed out",
        `/files/${fileId}?exp=${Number(mine.exp) + 3600}&sig=${mine.sig}`,
      ],
      ["A's link, tampered signature", `/files/${fileId}?exp=${mine.exp}&sig=${tampered}`],
      ["A's link, expired", links().sign(fileId, 60_000, Date.now() - 120_000)],
      ["A's link naming B as an admin", `${aLink}&admin=${b.userId}`],
      ['no signature', `/files/${fileId}`],
      [
        'another file id under A’s signature',
        `/files/${b.objects.fileId}?exp=${mine.exp}&sig=${mine.sig}`,
      ],
    ];
    for (const [label, url] of attempts) {
      const res = await call('GET', url, b.auth);
      expect(res.statusCode, label).toBe(403);
      expect(res.json(), label).toEqual(expired);
      expect(res.rawPayload.includes(Buffer.from('PNG')), label).toBe(false);
    }
  });

  it("an admin's link is bound to that admin, and B cannot become the viewer", async () => {
    const { a, b } = w;
    const adminLink = links().signForAdmin(a.objects.fileId, w.adminId);
    const { exp, sig } = parts(adminLink);
    for (const url of [
      `/files/${a.objects.fileId}?exp=${exp}&sig=${sig}&admin=${b.userId}`,
      `/files/${a.objects.fileId}?exp=${exp}&sig=${sig}`,
      // A link signed for B as if B were an admin is refused: B is not one.
      links().signForAdmin(a.objects.fileId, b.userId),
    ]) {
      const res = await call('GET', url, b.auth);
      expect(res.statusCode, url).toBe(403);
    }
    // The admin's own link works, and its view is audited with the admin as the actor.
    expect((await call('GET', adminLink, {})).statusCode).toBe(200);
    const [row] = await queryRows<{ n: string }>(
      w.app.db,
      sql`select count(*)::text as n from audit_log
          where action = 'file.viewed' and target_id = ${a.objects.fileId}
            and actor_id = ${w.adminId}::uuid`,
    );
    expect(row?.n).toBe('1');
  });
});
