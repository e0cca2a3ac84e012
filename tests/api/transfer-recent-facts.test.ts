/**
 * createTransfer answers from recently read facts (the session, both parties, the rules)
 * and its batch statement checks each of them again: every change below lands between two
 * transfers of the same sender to the same receiver, after the first has put the facts in
 * the server's memory, and the second is answered as if nothing had been kept. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, siteSettings, users, userTwoFactor } from '../../server/db/schema';
import { hashToken } from '../../server/modules/auth/tokens';
import {
  closeCheckingLedger,
  createTestApp,
  fundedUser,
  me,
  newKey,
  type TestApp,
} from './harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => closeCheckingLedger(t));

const usdt = (whole: number) => BigInt(Math.round(whole * 100)) * 10_000n;

type Party = Awaited<ReturnType<typeof fundedUser>>;

function transfer(from: Party, to: Party, amount = '1', key = newKey()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/createTransfer',
    headers: { ...from.auth, 'idempotency-key': key },
    payload: { amount, receivePId: to.payId },
  });
}

/** A sender and a receiver whose facts the server has just kept (one transfer made). */
async function keptPair(): Promise<{ a: Party; b: Party }> {
  const a = await fundedUser(t.app, usdt(10));
  const b = await fundedUser(t.app, 0n);
  expect((await transfer(a, b)).statusCode).toBe(201);
  return { a, b };
}

describe('createTransfer from recently read facts', () => {
  it('a signed-out session is refused (401) and moves nothing', async () => {
    const { a, b } = await keptPair();
    await t.app.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(a.token)));
    const res = await transfer(a, b);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
    expect((await me(t.app, b.auth)).balance).toBe('0.990000');
  });

  it('a signed-out session gets 401, not the refusal its body earns', async () => {
    const { a, b } = await keptPair();
    await t.app.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(a.token)));
    expect((await transfer(a, b, '-1')).statusCode).toBe(401);
    expect((await transfer(a, b, '1000')).statusCode).toBe(401);
  });

  it('a receiver disabled since is not found (404)', async () => {
    const { a, b } = await keptPair();
    await t.app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, b.userId));
    const res = await transfer(a, b);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('receiver_not_found');
    expect((await me(t.app, a.auth)).balance).toBe('9.000000');
  });

  it('a second factor turned on since asks for a code (403)', async () => {
    const { a, b } = await keptPair();
    await t.app.db
      .insert(userTwoFactor)
      .values({ userId: a.userId, secret: 'sealed-secret', enabledAt: new Date() });
    const res = await transfer(a, b);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('two_factor_required');
    expect((await me(t.app, a.auth)).balance).toBe('9.000000');
  });

  it('a new fee is the one charged, and a figure sent for the old one is refused', async () => {
    const { a, b } = await keptPair();
    await t.app.db.update(siteSettings).set({ transferChargeMicroPercent: 2_000_000n });
    try {
      const stale = await t.app.inject({
        method: 'POST',
        url: '/api/createTransfer',
        headers: { ...a.auth, 'idempotency-key': newKey() },
        payload: { amount: '1', receivePId: b.payId, chargeAmount: '0.01' },
      });
      expect(stale.statusCode).toBe(422);
      expect(stale.json().code).toBe('figures_changed');
      const res = await transfer(a, b);
      expect(res.statusCode).toBe(201);
      expect(res.json().transfer.chargeAmount).toBe('0.020000');
    } finally {
      await t.app.db.update(siteSettings).set({ transferChargeMicroPercent: 1_000_000n });
    }
  });

  it("a receiver's new name is the one stored with the transfer", async () => {
    const { a, b } = await keptPair();
    const renamed = `renamed_${Date.now() % 1_000_000}`;
    await t.app.db.update(users).set({ username: renamed }).where(eq(users.id, b.userId));
    const res = await transfer(a, b);
    expect(res.statusCode).toBe(201);
    expect(res.json().transfer.receiverUsername).toBe(renamed);
  });

  it('a replay of an answered key after the receiver was disabled gets the first answer', async () => {
    const a = await fundedUser(t.app, usdt(10));
    const b = await fundedUser(t.app, 0n);
    const key = newKey();
    const first = await transfer(a, b, '1', key);
    expect(first.statusCode).toBe(201);
    await t.app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, b.userId));
    const again = await transfer(a, b, '1', key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect((await me(t.app, a.auth)).balance).toBe('9.000000');
  });
});
