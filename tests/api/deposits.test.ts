/** Deposits: a screenshot, a pending request, one decision that credits exactly once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { DepositResponse } from '../../common/contract';
import {
  closeCheckingLedger,
  createAdminTestApp,
  createMethod,
  me,
  multipartFile,
  newKey,
  registerAndLogin,
  uploadScreenshot,
  type AdminTestApp,
} from './harness';

let t: AdminTestApp;
let methodId: string;

beforeAll(async () => {
  t = await createAdminTestApp();
  // A BTC method: its minimum and conversion rate are what the deposits below are checked against.
  methodId = await createMethod(t.app, t.admin, 'deposit', {
    coinName: 'Bitcoin',
    paymentAddressType: 'btc',
    paymentAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    minAmount: '50',
    conversionPrice: '65000',
    coinSymbol: 'BTC',
  });
});

afterAll(() => closeCheckingLedger(t));

function createDeposit(headers: Record<string, string>, payload: object, key = newKey()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/createDeposit',
    headers: { ...headers, 'idempotency-key': key },
    payload: { gatWay: methodId, ...payload },
  });
}

function decide(id: string, status: 'Completed' | 'Rejected', reason?: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/updateDeposit/${id}`,
    headers: t.admin,
    payload: { id, status, ...(reason ? { reason } : {}) },
  });
}

describe('deposits', () => {
  it('records a pending deposit with a reference; approval credits exactly once', async () => {
    const a = await registerAndLogin(t.app);
    const fileUrl = await uploadScreenshot(t.app);
    const res = await createDeposit(a.auth, {
      amount: '650',
      coinConversion: '0.01',
      transactionScreenshot: fileUrl,
    });
    expect(res.statusCode).toBe(201);
    const { deposit } = res.json();
    expect(is(res.json(), DepositResponse)).toBe(true);
    expect(deposit).toMatchObject({
      status: 'Pending',
      amount: '650.000000',
      coinConversion: '0.01000000',
      conversionRate: '65000.000000',
      gateway: 'Bitcoin',
      currency: 'BTC',
    });
    expect(deposit.transactionId).toMatch(/^DP[A-Z2-9]{12}$/);
    expect(deposit.transactionScreenshot).toMatch(
      /^\/files\/[0-9a-f-]{36}\?exp=\d+&sig=[0-9a-f]+$/,
    );
    expect((await me(t.app, a.auth)).balance).toBe('0.000000');

    const image = await t.app.inject({ url: deposit.transactionScreenshot });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');

    expect((await decide(deposit._id, 'Completed')).statusCode).toBe(200);
    expect((await me(t.app, a.auth)).balance).toBe('650.000000');
    const again = await decide(deposit._id, 'Completed');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_decided');
    expect((await decide(deposit._id, 'Rejected')).statusCode).toBe(409);
    expect((await me(t.app, a.auth)).balance).toBe('650.000000');

    const log = (await t.app.inject({ url: '/api/getUserDepositLog', headers: a.auth })).json();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ status: 'Completed', transactionScreenshot: null });
  });

  it('rejecting credits nothing and keeps the reason', async () => {
    const a = await registerAndLogin(t.app);
    const res = await createDeposit(a.auth, {
      amount: '100',
      transactionScreenshot: await uploadScreenshot(t.app),
    });
    const id = res.json().deposit._id as string;
    const rejected = await decide(id, 'Rejected', 'No matching transaction on chain');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().deposit).toMatchObject({
      status: 'Rejected',
      reason: 'No matching transaction on chain',
    });
    expect((await me(t.app, a.auth)).balance).toBe('0.000000');
  });

  it('refuses the same screenshot for a second deposit', async () => {
    const a = await registerAndLogin(t.app);
    const fileUrl = await uploadScreenshot(t.app);
    expect(
      (await createDeposit(a.auth, { amount: '100', transactionScreenshot: fileUrl })).statusCode,
    ).toBe(201);
    const second = await createDeposit(a.auth, { amount: '100', transactionScreenshot: fileUrl });
    expect(second.statusCode).toBe(400);
    expect(second.json().code).toBe('invalid_upload');
  });

  it('refuses a screenshot uploaded by another signed-in user', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const fileUrl = await uploadScreenshot(t.app, b.auth);
    const res = await createDeposit(a.auth, { amount: '100', transactionScreenshot: fileUrl });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_upload');
  });

  it.each([
    [{ amount: '1e3' }, 400],
    [{ amount: '-1' }, 400],
    [{ amount: '0.0000001' }, 400],
    [{ amount: 'abc' }, 400],
    [{ amount: '49.99' }, 400],
    [{ amount: '100000.01' }, 400],
    [{ amount: '650', coinConversion: '0.02' }, 422],
    [{ amount: '100', transactionScreenshot: '' }, 400],
    [{ amount: '100', transactionScreenshot: '/files/../../etc/passwd' }, 400],
    [{ amount: '100', gatWay: 'nope' }, 400],
  ])('refuses %j with %i and records nothing', async (payload, status) => {
    const a = await registerAndLogin(t.app);
    const fileUrl = await uploadScreenshot(t.app);
    const res = await createDeposit(a.auth, { transactionScreenshot: fileUrl, ...payload });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.length).toBeGreaterThan(5);
    const log = (await t.app.inject({ url: '/api/getUserDepositLog', headers: a.auth })).json();
    expect(log).toEqual([]);
  });

  it('says "Minimum is 50.00 USDT" below the minimum', async () => {
    const a = await registerAndLogin(t.app);
    const res = await createDeposit(a.auth, {
      amount: '10',
      transactionScreenshot: await uploadScreenshot(t.app),
    });
    expect(res.json().error).toBe('Minimum is 50.00 USDT');
  });

  it('refuses a text file named .png, an SVG and an 11 MB file at upload', async () => {
    const cases = [
      multipartFile('notes.png', 'image/png', Buffer.from('just some text, not an image')),
      multipartFile(
        'logo.svg',
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ),
    ];
    const upload = (body: ReturnType<typeof multipartFile>) =>
      t.app.inject({
        method: 'POST',
        url: '/upload?timestamp=1',
        payload: body.payload,
        headers: body.headers,
      });
    for (const body of cases) {
      const res = await upload(body);
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toBe('Invalid image file.');
    }
    const big = multipartFile('big.png', 'image/png', Buffer.alloc(11 * 1024 * 1024, 1));
    expect((await upload(big)).statusCode).toBe(413);
  });

  it("hides other users' deposits (404) and refuses users deciding (403)", async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const res = await createDeposit(a.auth, {
      amount: '100',
      transactionScreenshot: await uploadScreenshot(t.app),
    });
    const id = res.json().deposit._id as string;
    expect(
      (await t.app.inject({ url: `/api/getDepositDetails/${id}`, headers: b.auth })).statusCode,
    ).toBe(404);
    const byUser = await t.app.inject({
      method: 'PUT',
      url: `/api/updateDeposit/${id}`,
      headers: a.auth,
      payload: { id, status: 'Completed' },
    });
    expect(byUser.statusCode).toBe(403);
    expect((await me(t.app, a.auth)).balance).toBe('0.000000');
  });
});
