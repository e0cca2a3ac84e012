/**
 * Transfers, withdrawals, methods, idempotency and the activity list through the API. Every
 * refusal must carry a clear message and change nothing; every posting must be exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import {
  DepositMethodList,
  TransferResponse,
  WalletActivityPage,
  WithdrawMethodList,
  WithdrawResponse,
} from '../../common/contract';
import { formatMicros, splitFee } from '../../common/money';
import { walletAccountId } from '../../server/ledger/accounts';
import {
  accountBalance,
  closeCheckingLedger,
  createAdminTestApp,
  createMethod,
  fundedUser,
  me,
  newKey,
  platformBalance,
  registerAndLogin,
  type AdminTestApp,
} from './harness';

let t: AdminTestApp;
let withdrawMethodId: string;

beforeAll(async () => {
  t = await createAdminTestApp();
  withdrawMethodId = await createMethod(t.app, t.admin, 'withdraw', { maxAmount: '5000' });
});

afterAll(() => closeCheckingLedger(t));

const usdt = (whole: number) => BigInt(Math.round(whole * 1_000_000));

function transfer(headers: Record<string, string>, payload: object, key = newKey()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/createTransfer',
    headers: { ...headers, 'idempotency-key': key },
    payload,
  });
}

describe('methods', () => {
  it('lists methods with the spec fields, and only to signed-in users', async () => {
    const user = await registerAndLogin(t.app);
    const res = await t.app.inject({ url: '/api/withdrawMethods', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(is(res.json(), WithdrawMethodList)).toBe(true);
    expect(res.json()[0]).toMatchObject({
      charge: '2.500000',
      minAmount: '10.000000',
      currencyUsdt: 'USDT',
    });
    const deposits = await t.app.inject({ url: '/api/depositMethods', headers: user.auth });
    expect(is(deposits.json(), DepositMethodList)).toBe(true);
    expect((await t.app.inject({ url: '/api/depositMethods' })).statusCode).toBe(401);
  });

  it.each([
    [{ minAmount: '-1' }, 'minAmount'],
    [{ maxAmount: '5' }, 'maxAmount'],
    [{ conversionPrice: '0' }, 'conversionPrice'],
    [{ charge: '100' }, 'charge'],
    [{ paymentAddress: 'has spaces in it' }, 'paymentAddress'],
  ])('refuses a bad method %j', async (override, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/createWithdrawMethod',
      headers: t.admin,
      payload: {
        coinName: 'X',
        paymentAddressType: 'trc20',
        paymentAddress: 'addr',
        minAmount: '10',
        maxAmount: '100',
        conversionPrice: '1',
        currencyUsdt: 'USDT',
        coinSymbol: 'USDT',
        info: '',
        charge: '1',
        ...override,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('deleting a method hides it from the list and is audited', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/createDepositMethod',
      headers: t.admin,
      payload: {
        coinName: 'Temp',
        paymentAddressType: 'btc',
        paymentAddress: 'bc1qtemp',
        minAmount: 1,
        maxAmount: 2,
        conversionPrice: 65000,
        currencyUsdt: 'USDT',
        coinSymbol: 'BTC',
      },
    });
    const id = created.json().method._id as string;
    const remove = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/deleteDepositMethod',
        headers: t.admin,
        payload: { id },
      });
    expect((await remove()).statusCode).toBe(200);
    expect((await remove()).statusCode).toBe(404);
    const user = await registerAndLogin(t.app);
    const list = (
      await t.app.inject({ url: '/api/depositMethods', headers: user.auth })
    ).json() as { _id: string }[];
    expect(list.map((m) => m._id)).not.toContain(id);
  });
});

describe('transfers', () => {
  it('moves exactly amount, net and fee between sender, receiver and fee revenue', async () => {
    const a = await fundedUser(t.app, usdt(100));
    const b = await fundedUser(t.app, 0n);
    const feeBefore = await platformBalance(t.app, 'fee_revenue');
    const split = splitFee(usdt(40.5), 1_000_000n);
    const res = await transfer(a.auth, {
      amount: '40.5',
      receivePId: b.payId,
      needToPay: formatMicros(split.netMicros),
      chargeAmount: formatMicros(split.feeMicros),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(is(body, TransferResponse)).toBe(true);
    expect(body.transfer).toMatchObject({
      amount: '40.500000',
      chargeAmount: '0.405000',
      needToPay: '40.095000',
      senderPId: a.payId,
      receivePId: b.payId,
      status: 'Completed',
    });
    expect((await me(t.app, a.auth)).balance).toBe('59.500000');
    expect((await me(t.app, b.auth)).balance).toBe('40.095000');
    expect((await platformBalance(t.app, 'fee_revenue')) - feeBefore).toBe(405_000n);

    const logA = (await t.app.inject({ url: '/api/getUserTransferLog', headers: a.auth })).json();
    const logB = (await t.app.inject({ url: '/api/getUserTransferLog', headers: b.auth })).json();
    expect(logA[0]._id).toBe(body.transfer._id);
    expect(logB[0]._id).toBe(body.transfer._id);
    const detail = await t.app.inject({
      url: `/api/getTransferDetails/${body.transfer._id}`,
      headers: b.auth,
    });
    expect(detail.statusCode).toBe(200);
  });

  it('answers a retry with the same key and body with the first answer, once', async () => {
    const a = await fundedUser(t.app, usdt(10));
    const b = await fundedUser(t.app, 0n);
    const key = newKey();
    const payload = { amount: '5', receivePId: b.payId };
    const first = await transfer(a.auth, payload, key);
    const second = await transfer(a.auth, payload, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await me(t.app, a.auth)).balance).toBe('5.000000');
    const changed = await transfer(a.auth, { ...payload, amount: '4' }, key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json().code).toBe('idempotency_conflict');
    expect((await me(t.app, a.auth)).balance).toBe('5.000000');
  });

  it('needs an idempotency key', async () => {
    const a = await fundedUser(t.app, usdt(10));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/createTransfer',
      headers: a.auth,
      payload: { amount: '1', receivePId: a.payId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('idempotency_key_required');
  });

  it('a failed request stores no key, so a corrected retry with it succeeds', async () => {
    const a = await fundedUser(t.app, usdt(10));
    const b = await fundedUser(t.app, 0n);
    const key = newKey();
    expect((await transfer(a.auth, { amount: '50', receivePId: b.payId }, key)).statusCode).toBe(
      422,
    );
    expect((await transfer(a.auth, { amount: '50', receivePId: b.payId }, key)).statusCode).toBe(
      422,
    );
  });

  it.each([
    ['1e3', 400, 'amount'],
    ['-1', 400, 'amount'],
    ['0.0000001', 400, 'amount'],
    ['abc', 400, 'amount'],
    ['0', 400, 'amount'],
    ['1000000000000.5', 400, 'amount'],
    ['11', 422, 'insufficient_funds'],
  ])('refuses amount %s with %i and changes nothing', async (amount, status, code) => {
    const a = await fundedUser(t.app, usdt(10));
    const b = await fundedUser(t.app, 0n);
    const res = await transfer(a.auth, { amount, receivePId: b.payId });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    expect(res.json().error.length).toBeGreaterThan(5);
    expect((await me(t.app, a.auth)).balance).toBe('10.000000');
    expect((await me(t.app, b.auth)).balance).toBe('0.000000');
  });

  it('says "You cannot transfer more than your balance." when the balance is short', async () => {
    const a = await fundedUser(t.app, usdt(1));
    const b = await fundedUser(t.app, 0n);
    const res = await transfer(a.auth, { amount: '2', receivePId: b.payId });
    expect(res.json().error).toBe('You cannot transfer more than your balance.');
  });

  it("refuses figures that differ from the server's", async () => {
    const a = await fundedUser(t.app, usdt(10));
    const b = await fundedUser(t.app, 0n);
    const res = await transfer(a.auth, {
      amount: '5',
      receivePId: b.payId,
      chargeAmount: '0',
      needToPay: '5',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('figures_changed');
    expect((await me(t.app, a.auth)).balance).toBe('10.000000');
  });

  it('refuses sending to yourself and to an unknown Pay ID', async () => {
    const a = await fundedUser(t.app, usdt(10));
    const self = await transfer(a.auth, { amount: '1', receivePId: a.payId });
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('self_transfer');
    const unknown = await transfer(a.auth, { amount: '1', receivePId: '10000000' });
    expect([404, 400]).toContain(unknown.statusCode);
    expect(unknown.json().code).toBe('receiver_not_found');
    expect((await me(t.app, a.auth)).balance).toBe('10.000000');
  });

  it('looks up a receiver by Pay ID with only the dialog fields', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const res = await t.app.inject({ url: `/api/getUserByPayId/${b.payId}`, headers: a.auth });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().user).sort()).toEqual(['_id', 'fullName', 'username']);
    expect(
      (await t.app.inject({ url: '/api/getUserByPayId/12', headers: a.auth })).statusCode,
    ).toBe(404);
  });

  it("hides other users' transfers (404)", async () => {
    const a = await fundedUser(t.app, usdt(10));
    const b = await fundedUser(t.app, 0n);
    const c = await registerAndLogin(t.app);
    const res = await transfer(a.auth, { amount: '1', receivePId: b.payId });
    const id = res.json().transfer._id as string;
    expect(
      (await t.app.inject({ url: `/api/getTransferDetails/${id}`, headers: c.auth })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/getTransferDetails/not-a-uuid', headers: c.auth }))
        .statusCode,
    ).toBe(404);
  });
});

describe('withdrawals', () => {
  const withdraw = (headers: Record<string, string>, payload: object, key = newKey()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/createWithdraw',
      headers: { ...headers, 'idempotency-key': key },
      payload: { gatWay: withdrawMethodId, paymentAddress: 'TXyzUserAddress123', ...payload },
    });
  const decideWithdraw = (id: string, decision: object, headers = t.admin) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/updateWithdraw/${id}`,
      headers,
      payload: { id, ...decision },
    });

  it('holds the amount at once; rejecting releases the hold', async () => {
    const a = await fundedUser(t.app, usdt(100));
    const res = await withdraw(a.auth, {
      amount: '40',
      needToPay: '39',
      charge: '2.5',
      coinConversion: '39',
    });
    expect(res.statusCode).toBe(201);
    expect(is(res.json(), WithdrawResponse)).toBe(true);
    expect(res.json().withdraw).toMatchObject({
      amount: '40.000000',
      fee: '1.000000',
      needToPay: '39.000000',
      status: 'Pending',
    });
    expect(await me(t.app, a.auth)).toMatchObject({ balance: '60.000000', onHold: '40.000000' });
    const id = res.json().withdraw._id as string;
    const rejected = await decideWithdraw(id, {
      status: 'Rejected',
      reason: 'Address failed screening',
    });
    expect(rejected.statusCode).toBe(200);
    expect(await me(t.app, a.auth)).toMatchObject({ balance: '100.000000', onHold: '0.000000' });
    const again = await decideWithdraw(id, { status: 'Completed' });
    expect(again.statusCode).toBe(409);
    expect(await me(t.app, a.auth)).toMatchObject({ balance: '100.000000', onHold: '0.000000' });
  });

  it('completing posts amount out, net to clearing and the fee to revenue', async () => {
    const a = await fundedUser(t.app, usdt(100));
    const feeBefore = await platformBalance(t.app, 'fee_revenue');
    const clearingBefore = await platformBalance(t.app, 'withdrawal_clearing');
    const res = await withdraw(a.auth, { amount: '80' });
    const id = res.json().withdraw._id as string;
    const done = await decideWithdraw(id, { status: 'Completed', transactionHash: 'abc123def456' });
    expect(done.statusCode).toBe(200);
    expect(done.json().withdraw).toMatchObject({
      status: 'Completed',
      transactionHash: 'abc123def456',
    });
    expect(await me(t.app, a.auth)).toMatchObject({ balance: '20.000000', onHold: '0.000000' });
    expect((await platformBalance(t.app, 'fee_revenue')) - feeBefore).toBe(usdt(2));
    expect((await platformBalance(t.app, 'withdrawal_clearing')) - clearingBefore).toBe(usdt(78));
    const wallet = await walletAccountId(t.app.db, a.userId);
    expect(await accountBalance(t.app, wallet)).toBe(usdt(20));
  });

  it.each([
    [{ amount: '1e3' }, 400],
    [{ amount: '-1' }, 400],
    [{ amount: '0.0000001' }, 400],
    [{ amount: 'abc' }, 400],
    [{ amount: '5' }, 400],
    [{ amount: '5001' }, 400],
    [{ amount: '60' }, 422],
    [{ amount: '20', paymentAddress: '' }, 400],
    [{ amount: '20', needToPay: '20' }, 422],
    [{ amount: '20', charge: '1' }, 422],
    [{ amount: '20', gatWay: '00000000-0000-0000-0000-000000000000' }, 400],
  ])('refuses %j with %i and holds nothing', async (payload, status) => {
    const a = await fundedUser(t.app, usdt(50));
    const res = await withdraw(a.auth, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.length).toBeGreaterThan(5);
    expect(await me(t.app, a.auth)).toMatchObject({ balance: '50.000000', onHold: '0.000000' });
  });

  it('says "You cannot withdraw more than your balance." and hides others\' withdrawals', async () => {
    const a = await fundedUser(t.app, usdt(50));
    const short = await withdraw(a.auth, { amount: '51' });
    expect(short.json().error).toBe('You cannot withdraw more than your balance.');
    const ok = await withdraw(a.auth, { amount: '20' });
    const id = ok.json().withdraw._id as string;
    const other = await registerAndLogin(t.app);
    expect(
      (await t.app.inject({ url: `/api/getWithdrawDetails/${id}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/getWithdrawDetails/${id}`, headers: a.auth })).statusCode,
    ).toBe(200);
    const log = (await t.app.inject({ url: '/api/getUserWithdrawLog', headers: a.auth })).json();
    expect(log).toHaveLength(1);
  });

  it('a user cannot decide a withdrawal (403)', async () => {
    const a = await fundedUser(t.app, usdt(50));
    const ok = await withdraw(a.auth, { amount: '20' });
    const id = ok.json().withdraw._id as string;
    const res = await decideWithdraw(id, { status: 'Rejected' }, a.auth);
    expect(res.statusCode).toBe(403);
  });
});

describe('wallet activity', () => {
  it('lists every movement newest first, paginated', async () => {
    const a = await fundedUser(t.app, usdt(100));
    const b = await fundedUser(t.app, 0n);
    for (let i = 0; i < 21; i += 1) {
      expect((await transfer(a.auth, { amount: '1', receivePId: b.payId })).statusCode).toBe(201);
    }
    const first = await t.app.inject({ url: '/api/getWalletActivity?page=1', headers: a.auth });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(is(page, WalletActivityPage)).toBe(true);
    expect(page).toMatchObject({ page: 1, pages: 2, total: 22 });
    expect(page.items[0]).toMatchObject({ kind: 'transfer_out', amount: '-1.000000' });
    const second = (
      await t.app.inject({ url: '/api/getWalletActivity?page=2', headers: a.auth })
    ).json();
    expect(second.items).toHaveLength(2);
    expect(second.items[1]).toMatchObject({ kind: 'adjustment', amount: '100.000000' });
    const received = (
      await t.app.inject({ url: '/api/getWalletActivity', headers: b.auth })
    ).json();
    expect(received.items[0]).toMatchObject({ kind: 'transfer_in', amount: '0.990000' });
    expect(
      (await t.app.inject({ url: '/api/getWalletActivity?page=0', headers: a.auth })).statusCode,
    ).toBe(400);
  });
});
