/**
 * Concurrency: many requests at once must conserve money. Meaningful on PostgreSQL (run with
 * TEST_DATABASE_URL), where requests really overlap; on PGlite they serialise, and the same
 * assertions must hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { microsFromWire } from '../../common/money';
import { checkLedger } from '../../server/ledger/check';
import {
  closeCheckingLedger,
  createAdminTestApp,
  createMethod,
  fund,
  fundedUser,
  me,
  newKey,
  registerAndLogin,
  uploadScreenshot,
  type AdminTestApp,
} from './harness';

let t: AdminTestApp;

beforeAll(async () => {
  t = await createAdminTestApp();
});

afterAll(() => closeCheckingLedger(t));

const usdt = (whole: number) => BigInt(whole) * 1_000_000n;

describe('concurrency', () => {
  it('200 concurrent transfers among 10 accounts conserve the total, none negative', async () => {
    const accounts: Awaited<ReturnType<typeof registerAndLogin>>[] = [];
    for (let i = 0; i < 10; i += 1) {
      const user = await fundedUser(t.app, usdt(50));
      accounts.push(user);
    }
    const feeBefore = (await checkLedger(t.app.db)).userBalancesMicros;
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const requests = Array.from({ length: 200 }, () => {
      const from = accounts[Math.floor(random() * 10)]!;
      let to = accounts[Math.floor(random() * 10)]!;
      if (to === from) to = accounts[(accounts.indexOf(from) + 1) % 10]!;
      const amount = (1 + Math.floor(random() * 2000) / 100).toFixed(2);
      return t.app.inject({
        method: 'POST',
        url: '/api/createTransfer',
        headers: { ...from.auth, 'idempotency-key': newKey() },
        payload: { amount, receivePId: to.payId },
      });
    });
    const results = await Promise.all(requests);
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 201 || s === 422)).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(50);

    let total = 0n;
    for (const account of accounts) {
      const user = await me(t.app, account.auth);
      const balance = microsFromWire(user.balance);
      expect(balance >= 0n).toBe(true);
      total += balance;
    }
    const report = await checkLedger(t.app.db);
    expect(report.violations).toEqual([]);
    // What left the ten wallets went to fee revenue: nothing created, nothing lost.
    const fees = results
      .filter((r) => r.statusCode === 201)
      .reduce((sum, r) => sum + microsFromWire(r.json().transfer.chargeAmount as string), 0n);
    expect(total + fees).toBe(usdt(500));
    expect(report.userBalancesMicros).toBe(feeBefore - fees);
  });

  it('50 parallel withdrawals of the full balance leave exactly one accepted', async () => {
    const methodId = await createMethod(t.app, t.admin, 'withdraw', {
      minAmount: '1',
      maxAmount: '1000',
      info: '',
      charge: '1',
    });
    const a = await fundedUser(t.app, usdt(100));
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/createWithdraw',
          headers: { ...a.auth, 'idempotency-key': newKey() },
          payload: { gatWay: methodId, amount: '100', paymentAddress: 'TUserAddr1' },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(49);
    expect(await me(t.app, a.auth)).toMatchObject({ balance: '0.000000', onHold: '100.000000' });
  });

  it('one idempotency key sent 20 times at once has one effect and 20 identical answers', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    await fund(t.app, a.userId, usdt(100));
    const key = newKey();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/createTransfer',
          headers: { ...a.auth, 'idempotency-key': key },
          payload: { amount: '10', receivePId: b.payId },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect((await me(t.app, a.auth)).balance).toBe('90.000000');
    expect((await me(t.app, b.auth)).balance).toBe('9.900000');
  });

  it('two concurrent approvals of one deposit credit it once', async () => {
    const methodId = await createMethod(t.app, t.admin, 'deposit', {
      minAmount: '1',
      maxAmount: '1000',
    });
    const a = await registerAndLogin(t.app);
    const deposit = await t.app.inject({
      method: 'POST',
      url: '/api/createDeposit',
      headers: { ...a.auth, 'idempotency-key': newKey() },
      payload: {
        gatWay: methodId,
        amount: '25',
        transactionScreenshot: await uploadScreenshot(t.app),
      },
    });
    const id = deposit.json().deposit._id as string;
    const decisions = await Promise.all(
      Array.from({ length: 2 }, () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/updateDeposit/${id}`,
          headers: t.admin,
          payload: { id, status: 'Completed' },
        }),
      ),
    );
    expect(decisions.map((d) => d.statusCode).sort()).toEqual([200, 409]);
    expect((await me(t.app, a.auth)).balance).toBe('25.000000');
  });
});
