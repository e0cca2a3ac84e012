import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as AccountApi from './account-api';
import type * as AdminApi from './admin-api';
import { ApiError, InvalidResponseError } from './api-error';
import type * as TradeApi from './trade-api';
import type * as WalletApi from './wallet-api';

/**
 * docs/product.md §8's call-wrapper rejections: each client call rejects with an error that carries its
 * message ('Couldn't Create Deposit...!') beside the server's reason. The calls use the app's
 * one HTTP client, which takes the global `fetch` when it is made: a fake one stands in for
 * the server before the modules load.
 */

type Answer = { status: number; body: unknown } | 'no answer';

const server: { answer: Answer; paths: string[] } = {
  answer: { status: 422, body: { error: 'Refused for a reason' } },
  paths: [],
};

const realFetch = globalThis.fetch;
let calls: typeof WalletApi & typeof TradeApi & typeof AccountApi & typeof AdminApi;

beforeAll(async () => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    server.paths.push(new URL(url, 'http://app.test').pathname);
    const answer = server.answer;
    if (answer === 'no answer') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  // The client is made, and takes `fetch`, when its module first loads: here.
  calls = {
    ...(await import('./wallet-api')),
    ...(await import('./trade-api')),
    ...(await import('./account-api')),
    ...(await import('./admin-api')),
  };
});

afterAll(() => {
  vi.stubGlobal('fetch', realFetch);
});

const KEY = '0b7f6c2e-3c1d-4a8e-9f0a-2b5d7e9c1a3f';
const method = {
  coinName: 'Tether',
  paymentAddressType: 'TRC20',
  paymentAddress: 'TXYZ',
  minAmount: '10',
  maxAmount: '1000',
  conversionPrice: '1',
  currencyUsdt: 'USDT',
  coinSymbol: 'USDT',
};

const CREATE_DEPOSIT = "Couldn't Create Deposit...!";
const CREATE_WITHDRAW = "Couldn't Create Withdraw...!";
const CREATE_TRANSFER = "Couldn't Create transfer...!";
const CREATE_TRADE = "Couldn't Create Trade...!";
const UPDATE_PROFILE = "Couldn't Update Profile...!";
const DELETE_PROFILE = "Couldn't Delete Profile...!";

/** Each call of docs/product.md §8's list, the path it goes to, and its message. */
const CASES: [string, string, () => Promise<unknown>, string][] = [
  [
    'createDeposit',
    '/api/createDeposit',
    () => calls.createDeposit({ gatWay: 'm1', amount: '50', transactionScreenshot: 'f.png' }, KEY),
    CREATE_DEPOSIT,
  ],
  [
    'createWithdraw',
    '/api/createWithdraw',
    () => calls.createWithdraw({ gatWay: 'm1', amount: '50', paymentAddress: 'TXYZ' }, KEY),
    CREATE_WITHDRAW,
  ],
  [
    'createTransfer',
    '/api/createTransfer',
    () => calls.createTransfer({ amount: '5', receivePId: '12345678' }, KEY),
    CREATE_TRANSFER,
  ],
  [
    'createTrade',
    '/api/createTrade',
    () =>
      calls.createTrade(
        {
          coinType: 'BTCUSDT',
          tradeType: 'buy',
          tradeAmount: '10',
          selectedTime: 'trade30Sec',
          payoutPercent: '80',
          account: 'real',
        },
        KEY,
      ),
    CREATE_TRADE,
  ],
  [
    'updatePassword',
    '/api/updateUserPasswordByUser',
    () =>
      calls.updatePassword({ currentPassword: 'Old-Harbor-2025', password: 'Granite-Harbor-2026' }),
    UPDATE_PROFILE,
  ],
  [
    'updateAdminUser',
    '/api/updateUser',
    () =>
      calls.updateAdminUser({
        id: 'u1',
        fullName: 'Alice',
        username: 'alice',
        email: 'alice@example.com',
        phoneNumber: '+15550101010',
      }),
    UPDATE_PROFILE,
  ],
  [
    'updateAdminUserFlags',
    '/api/admin/users/u1/flags',
    () => calls.updateAdminUserFlags('u1', { disabled: true }),
    UPDATE_PROFILE,
  ],
  [
    'resetAdminUserPassword',
    '/api/admin/users/u1/password',
    () => calls.resetAdminUserPassword('u1', 'Granite-Harbor-2026'),
    UPDATE_PROFILE,
  ],
  [
    'updateOwnAdminPassword',
    '/api/updateAdminPassword',
    () => calls.updateOwnAdminPassword({ currentPassword: 'a', password: 'Copper-Lantern-2026' }),
    UPDATE_PROFILE,
  ],
  [
    'updateSiteSettings',
    '/api/updateSiteSetting',
    () => calls.updateSiteSettings({ tradingEnabled: false }),
    UPDATE_PROFILE,
  ],
  [
    'createCoin',
    '/api/createCoin',
    () => calls.createCoin({ symbol: 'DOGE', name: 'Dogecoin' }),
    UPDATE_PROFILE,
  ],
  [
    'updateCoin',
    '/api/updateCoin',
    () => calls.updateCoin({ id: 'c1', name: 'Doge' }),
    UPDATE_PROFILE,
  ],
  [
    'createDepositMethod',
    '/api/createDepositMethod',
    () => calls.createDepositMethod(method),
    UPDATE_PROFILE,
  ],
  [
    'updateDepositMethod',
    '/api/updateDepositMethod',
    () => calls.updateDepositMethod({ id: 'm1', ...method }),
    UPDATE_PROFILE,
  ],
  [
    'createWithdrawMethod',
    '/api/createWithdrawMethod',
    () => calls.createWithdrawMethod({ ...method, info: 'TRC20 only', charge: '1' }),
    UPDATE_PROFILE,
  ],
  [
    'updateWithdrawMethod',
    '/api/updateWithdrawMethod',
    () => calls.updateWithdrawMethod({ id: 'm1', ...method, info: 'TRC20 only', charge: '1' }),
    UPDATE_PROFILE,
  ],
  ['deleteCoin', '/api/deleteCoin', () => calls.deleteCoin('c1'), DELETE_PROFILE],
  [
    'deleteDepositMethod',
    '/api/deleteDepositMethod',
    () => calls.deleteDepositMethod('m1'),
    DELETE_PROFILE,
  ],
  [
    'deleteWithdrawMethod',
    '/api/deleteWithdrawMethod',
    () => calls.deleteWithdrawMethod('m1'),
    DELETE_PROFILE,
  ],
];

async function rejection(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('the call did not reject');
}

describe('call-wrapper rejections (docs/product.md §8)', () => {
  for (const [name, path, call, message] of CASES) {
    it(`${name} rejects with '${message}' and the server's reason`, async () => {
      server.answer = { status: 422, body: { error: 'Refused for a reason' } };
      server.paths = [];
      const error = await rejection(call);
      expect(server.paths).toEqual([path]);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).callFailure?.message).toBe(message);
      expect((error as ApiError).serverMessage).toBe('Refused for a reason');
      expect((error as ApiError).status).toBe(422);
    });
  }

  it('carries the message when no answer arrived', async () => {
    server.answer = 'no answer';
    const error = await rejection(CASES[0]![2]);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).callFailure?.message).toBe(CREATE_DEPOSIT);
  });

  it("carries the message beside 'Invalid response structure'", async () => {
    server.answer = { status: 201, body: { deposit: { nothing: 'useful' } } };
    const error = await rejection(CASES[0]![2]);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).message).toBe('Invalid response structure');
    expect((error as InvalidResponseError).callFailure?.message).toBe(CREATE_DEPOSIT);
  });

  it('is not carried by calls the spec names no message for', async () => {
    server.answer = { status: 503, body: { error: 'Service unavailable' } };
    const read = await rejection(() => calls.fetchDepositLog());
    expect(read).toBeInstanceOf(ApiError);
    expect((read as ApiError).status).toBe(503);
    expect((read as ApiError).callFailure).toBeUndefined();
  });
});
