/**
 * Timed trades through the API: opening (every refusal clear and changing nothing),
 * settlement from recorded ticks with exact amounts, exactly once, the reads, the
 * trading settings and the ledger's hold invariant.
 */
import { sql } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TradePage, TradeResponse } from '../../common/contract';
import { queryRows } from '../../server/db/client';
import { settleDueTrades } from '../../server/jobs/settle-trades';
import { walletAccountId } from '../../server/ledger/accounts';
import { checkLedger } from '../../server/ledger/check';
import { settleTrade } from '../../server/ledger/trades';
import { verifyTrades } from '../../server/modules/trades/verify';
import {
  accountBalance,
  closeCheckingLedger,
  createAdminTestApp,
  fundedUser,
  me,
  newKey,
  platformBalance,
  type AdminTestApp,
} from './harness';

let t: AdminTestApp;

/** Each scenario trades its own coins, so its ticks never become another's entry price. */
const COINS = [
  'BTC',
  'ETH',
  'SOL',
  'XRP',
  'ADA',
  'DOGE',
  'LTC',
  'DOT',
  'TRX',
  'BNB',
  'AVAX',
  'LINK',
];

beforeAll(async () => {
  t = await createAdminTestApp();
  for (const [i, symbol] of COINS.entries()) {
    await t.app.db.execute(
      sql`insert into coins (symbol, name, sort_order) values (${symbol}, ${symbol}, ${i})`,
    );
  }
});

afterAll(async () => {
  if (t) expect((await verifyTrades(t.app.db)).mismatches).toEqual([]);
  await closeCheckingLedger(t);
});

const usdt = (whole: number) => BigInt(Math.round(whole * 1_000_000));
const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;
/** The first whole second at or after a trade's expiry: where its exit tick is recorded. */
const exitSecond = (expiresAt: string) => Math.ceil(Date.parse(expiresAt) / 1000) * 1000;

async function tick(symbol: string, atMs: number, price: string, source = 'simulated') {
  await t.app.db.execute(
    sql`insert into market_ticks (symbol, recorded_at, price, source)
        values (${symbol}, ${new Date(atMs).toISOString()}::timestamptz, ${price}::numeric, ${source})
        on conflict (symbol, recorded_at) do nothing`,
  );
}
const freshTick = (symbol: string, price: string) => tick(symbol, wholeSecond(Date.now()), price);

function createTrade(headers: Record<string, string>, payload: object, key = newKey()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/createTrade',
    headers: { ...headers, 'idempotency-key': key },
    payload,
  });
}

const trade = (overrides: Record<string, unknown> = {}) => ({
  coinType: 'BTCUSDT',
  tradeType: 'buy',
  tradeAmount: '20',
  selectedTime: 'trade30Second',
  ...overrides,
});

async function tradeCount(userId: string): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    t.app.db,
    sql`select count(*)::text as n from trades where user_id = ${userId}::uuid`,
  );
  return Number(row?.n ?? 0);
}

async function details(headers: Record<string, string>, id: string) {
  return t.app.inject({ url: `/api/getTradeDetails/${id}`, headers });
}

async function updateSettings(payload: object) {
  return t.app.inject({ method: 'PUT', url: '/api/updateSiteSetting', headers: t.admin, payload });
}

describe('createTrade', () => {
  it('opens a trade at the newest recorded price and holds the stake', async () => {
    const user = await fundedUser(t.app, usdt(100));
    await freshTick('BTC', '65000.50');
    const before = Date.now();
    const res = await createTrade(user.auth, trade({ tradeAmount: '25', payoutPercent: '80' }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(is(body, TradeResponse)).toBe(true);
    expect(body.trade).toMatchObject({
      coinType: 'BTCUSDT',
      tradeType: 'buy',
      tradeAmount: '25.000000',
      coinPrice: '65000.5',
      selectedTime: 'trade30Second',
      durationS: 30,
      payoutPercent: '80.000000',
      tradeStatus: 'Pending',
      tradeResult: null,
      tradeAfterAmount: null,
      profit: null,
      receipt: null,
    });
    const createdAt = Date.parse(body.trade.createdAt);
    expect(createdAt).toBeGreaterThanOrEqual(before);
    expect(Date.parse(body.trade.expiresAt) - createdAt).toBe(30_000);
    // The balance shown is what is available; the stake is on hold.
    expect(await me(t.app, user.auth)).toMatchObject({
      balance: '75.000000',
      onHold: '25.000000',
    });
    const [row] = await queryRows<{ entry_source: string; entry_tick_at: string }>(
      t.app.db,
      sql`select entry_source, entry_tick_at::text from trades where id = ${body.trade._id}::uuid`,
    );
    expect(row?.entry_source).toBe('simulated');
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('accepts a number amount and the payout percent written in full', async () => {
    const user = await fundedUser(t.app, usdt(100));
    await freshTick('BTC', '65000.50');
    const res = await createTrade(
      user.auth,
      trade({ tradeAmount: 12.5, selectedTime: 'trade5Min', payoutPercent: '88.000000' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().trade).toMatchObject({ tradeAmount: '12.500000', durationS: 300 });
  });

  const refusals: Array<[string, Record<string, unknown>, number, object]> = [
    ['a pair without USDT', { coinType: 'BTC' }, 400, { code: 'coin_not_listed' }],
    ['a lower-case junk pair', { coinType: 'btc/usdt' }, 400, { code: 'coin_not_listed' }],
    [
      'a coin that is not listed',
      { coinType: 'ZZZUSDT' },
      404,
      { code: 'coin_not_listed', error: 'ZZZUSDT is not a listed coin.' },
    ],
    [
      'an exponent',
      { tradeAmount: '1e3' },
      400,
      { code: 'amount', field: 'tradeAmount', error: 'Amount must be a number' },
    ],
    [
      'a negative amount',
      { tradeAmount: '-1' },
      400,
      { code: 'amount', field: 'tradeAmount', error: 'Amount cannot be negative' },
    ],
    [
      'seven decimals',
      { tradeAmount: '0.0000001' },
      400,
      { code: 'amount', field: 'tradeAmount', error: 'Amount can have at most 6 decimals' },
    ],
    [
      'text',
      { tradeAmount: 'abc' },
      400,
      { code: 'amount', field: 'tradeAmount', error: 'Amount must be a number' },
    ],
    [
      'zero',
      { tradeAmount: '0' },
      400,
      { code: 'amount', field: 'tradeAmount', error: 'Amount must be greater than 0' },
    ],
    [
      'below the minimum',
      { tradeAmount: '9.99' },
      400,
      { code: 'amount', field: 'tradeAmount', error: 'Minimum trade amount is 10.00 USDT' },
    ],
    [
      'above the maximum',
      { tradeAmount: '10000.01' },
      400,
      { code: 'amount', field: 'tradeAmount', error: 'Maximum trade amount is 10000.00 USDT' },
    ],
    [
      'more than the balance',
      { tradeAmount: '50.000001' },
      422,
      { code: 'insufficient_funds', error: 'Your available balance is too low for this trade.' },
    ],
    [
      'an unknown direction',
      { tradeType: 'hold' },
      400,
      { code: 'invalid_body', field: 'tradeType' },
    ],
    [
      'an unknown duration',
      { selectedTime: 'trade10Second' },
      400,
      { code: 'invalid_body', field: 'selectedTime' },
    ],
    [
      'a payout that is not a number',
      { payoutPercent: 'lots' },
      400,
      { code: 'amount', field: 'payoutPercent' },
    ],
    [
      'a payout other than the published one',
      { payoutPercent: '85' },
      409,
      {
        code: 'figures_changed',
        field: 'payoutPercent',
        error:
          'The payout for this duration is now 80% (you confirmed 85%). Please review it and confirm again.',
      },
    ],
    ['a missing amount', { tradeAmount: undefined }, 400, { code: 'invalid_body' }],
  ];

  /** One user for every refusal: after all of them, nothing of theirs has changed. */
  let refused: Awaited<ReturnType<typeof fundedUser>> | undefined;
  const refusedUser = async () => (refused ??= await fundedUser(t.app, usdt(50)));

  it.each(refusals)(
    'refuses %s, clearly, and changes nothing',
    async (_, override, status, error) => {
      const user = await refusedUser();
      await freshTick('BTC', '65000.50');
      const res = await createTrade(user.auth, trade(override));
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject(error);
      expect(res.json().error.length).toBeGreaterThan(5);
      expect(await me(t.app, user.auth)).toMatchObject({
        balance: '50.000000',
        onHold: '0.000000',
      });
      expect(await tradeCount(user.userId)).toBe(0);
    },
  );

  it.each(['coinPrice', 'tradeResult', 'tradeAfterAmount', 'tradeStatus'])(
    'refuses a body that carries its own %s',
    async (field) => {
      const user = await refusedUser();
      await freshTick('BTC', '65000.50');
      const value = {
        coinPrice: '1',
        tradeResult: 'win',
        tradeAfterAmount: '1000',
        tradeStatus: 'Completed',
      }[field];
      const res = await createTrade(user.auth, trade({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unknown_field', field });
      expect(await tradeCount(user.userId)).toBe(0);
    },
  );

  it('needs an Idempotency-Key', async () => {
    const user = await refusedUser();
    await freshTick('BTC', '65000.50');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/createTrade',
      headers: user.auth,
      payload: trade(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('idempotency_key_required');
    expect(await tradeCount(user.userId)).toBe(0);
  });

  it('answers Market data unavailable when the newest tick is stale or missing', async () => {
    const user = await refusedUser();
    await tick('ETH', wholeSecond(Date.now()) - 10_000, '2500');
    const stale = await createTrade(user.auth, trade({ coinType: 'ETHUSDT' }));
    expect(stale.statusCode).toBe(503);
    expect(stale.json()).toEqual({ error: 'Market data unavailable', code: 'market_unavailable' });
    // AVAX is listed but has never been recorded.
    const none = await createTrade(user.auth, trade({ coinType: 'AVAXUSDT' }));
    expect(none.statusCode).toBe(503);
    expect(none.json()).toEqual({ error: 'Market data unavailable', code: 'market_unavailable' });
    expect(await me(t.app, user.auth)).toMatchObject({ balance: '50.000000', onHold: '0.000000' });
    expect(await tradeCount(user.userId)).toBe(0);
  });

  it('replays the first answer for the same key and holds once', async () => {
    const user = await fundedUser(t.app, usdt(100));
    await freshTick('BTC', '65001');
    const key = newKey();
    const first = await createTrade(user.auth, trade(), key);
    expect(first.statusCode).toBe(201);
    const again = await createTrade(user.auth, trade(), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await tradeCount(user.userId)).toBe(1);
    expect(await me(t.app, user.auth)).toMatchObject({ balance: '80.000000', onHold: '20.000000' });
    const other = await createTrade(user.auth, trade({ tradeType: 'sell' }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_conflict');
  });

  it('is refused in a blocked country and for everyone when trading is off', async () => {
    const blocked = await fundedUser(t.app, usdt(100));
    const elsewhere = await fundedUser(t.app, usdt(100));
    await t.app.db.execute(sql`update users set country = 'FR' where id = ${blocked.userId}::uuid`);
    await t.app.db.execute(
      sql`update users set country = 'DE' where id = ${elsewhere.userId}::uuid`,
    );
    try {
      const set = await updateSettings({ tradingBlockedCountries: ['fr', 'FR', 'us'] });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().trading.blockedCountries).toEqual(['FR', 'US']);
      await freshTick('BTC', '65000');
      const refused = await createTrade(blocked.auth, trade());
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: 'Trading is not available in your country (FR).',
        code: 'trading_restricted',
      });
      expect((await createTrade(elsewhere.auth, trade())).statusCode).toBe(201);

      expect((await updateSettings({ tradingEnabled: false })).statusCode).toBe(200);
      const off = await createTrade(elsewhere.auth, trade());
      expect(off.statusCode).toBe(403);
      expect(off.json()).toEqual({
        error: 'Trading is turned off at the moment. Please try again later.',
        code: 'trading_disabled',
      });
      expect(await tradeCount(blocked.userId)).toBe(0);
      expect(await tradeCount(elsewhere.userId)).toBe(1);
    } finally {
      await updateSettings({ tradingEnabled: true, tradingBlockedCountries: [] });
    }
  });

  it('refuses a disabled account like every money route (its session is dead)', async () => {
    const user = await fundedUser(t.app, usdt(100));
    await t.app.db.execute(
      sql`update users set disabled_at = now() where id = ${user.userId}::uuid`,
    );
    await freshTick('BTC', '65000');
    const res = await createTrade(user.auth, trade());
    expect(res.statusCode).toBe(401);
    expect(await tradeCount(user.userId)).toBe(0);
  });
});

describe('settlement', () => {
  it('settles win, loss, draw and void with exact amounts, exactly once', async () => {
    const user = await fundedUser(t.app, usdt(100));
    const houseBefore = await platformBalance(t.app, 'trading_house');
    const opened: Record<string, { _id: string; expiresAt: string }> = {};
    for (const symbol of ['SOL', 'XRP', 'DOGE', 'TRX']) {
      await freshTick(symbol, '100');
      const res = await createTrade(user.auth, trade({ coinType: `${symbol}USDT` }));
      expect(res.statusCode, res.body).toBe(201);
      opened[symbol] = res.json().trade;
    }
    expect(await me(t.app, user.auth)).toMatchObject({ balance: '20.000000', onHold: '80.000000' });
    const sol = opened.SOL!;
    const xrp = opened.XRP!;
    const doge = opened.DOGE!;
    const trx = opened.TRX!;
    // SOL rises (the buy wins), XRP falls (loses), DOGE ends where it started (draw), and
    // TRX is never recorded again (void). A tick before expiry never counts.
    await tick('SOL', exitSecond(sol.expiresAt) - 1000, '50', 'simulated');
    await tick('SOL', exitSecond(sol.expiresAt), '100.000001', 'binance');
    await tick('XRP', exitSecond(xrp.expiresAt), '99.99');
    await tick('DOGE', exitSecond(doge.expiresAt), '100.000');
    const lastExpiry = Math.max(...Object.values(opened).map((o) => Date.parse(o.expiresAt)));

    // Not yet expired: nothing settles.
    const early = await settleDueTrades(t.app.db, t.app.platformAccounts, Date.now(), {
      userId: user.userId,
    });
    expect(early.settled).toBe(0);

    // Just after expiry the three with exit ticks settle; TRX waits for the window.
    const first = await settleDueTrades(t.app.db, t.app.platformAccounts, lastExpiry + 1500, {
      userId: user.userId,
    });
    expect(first.settled).toBe(3);
    expect((await details(user.auth, trx._id)).json().trade.tradeStatus).toBe('Pending');
    // Past the window (and its grace), TRX is void.
    const second = await settleDueTrades(t.app.db, t.app.platformAccounts, lastExpiry + 7001, {
      userId: user.userId,
    });
    expect(second.settled).toBe(1);

    const win = (await details(user.auth, sol._id)).json().trade;
    expect(is({ trade: win }, TradeResponse)).toBe(true);
    expect(win).toMatchObject({
      tradeStatus: 'Completed',
      tradeResult: 'win',
      tradeAfterAmount: '36.000000',
      profit: '16.000000',
      receipt: {
        entry: { price: '100', source: 'simulated' },
        exit: {
          price: '100.000001',
          at: new Date(exitSecond(sol.expiresAt)).toISOString(),
          source: 'binance',
        },
        rule: 'buy-wins-if-exit-above-entry',
        windowS: 5,
        voidReason: null,
      },
    });
    expect((await details(user.auth, xrp._id)).json().trade).toMatchObject({
      tradeResult: 'loss',
      tradeAfterAmount: '0.000000',
      profit: '-20.000000',
      receipt: { exit: { price: '99.99' } },
    });
    expect((await details(user.auth, doge._id)).json().trade).toMatchObject({
      tradeResult: 'draw',
      tradeAfterAmount: '20.000000',
      profit: '0.000000',
      receipt: { exit: { price: '100' } },
    });
    expect((await details(user.auth, trx._id)).json().trade).toMatchObject({
      tradeResult: 'void',
      tradeAfterAmount: '20.000000',
      profit: '0.000000',
      receipt: { exit: null, voidReason: 'No recorded price within 5 s after expiry' },
    });

    // 100 − 4 × 20 held; back: 36 + 0 + 20 + 20 = 76 → 96 available, nothing held.
    expect(await me(t.app, user.auth)).toMatchObject({ balance: '96.000000', onHold: '0.000000' });
    // The house paid 16 and took 20.
    expect((await platformBalance(t.app, 'trading_house')) - houseBefore).toBe(usdt(4));
    const entries = await queryRows<{ reference_id: string }>(
      t.app.db,
      sql`select reference_id from journal_entries where kind = 'trade_settlement'
          and reference_id in (${sol._id}, ${xrp._id}, ${doge._id}, ${trx._id})`,
    );
    expect(entries.map((e) => e.reference_id).sort()).toEqual([sol._id, xrp._id].sort());

    // Exactly once: settling again, or settling a settled trade directly, changes nothing.
    const again = await settleDueTrades(t.app.db, t.app.platformAccounts, lastExpiry + 60_000, {
      userId: user.userId,
    });
    expect(again.settled).toBe(0);
    const wallet = await walletAccountId(t.app.db, user.userId);
    const direct = await t.app.db.transaction((tx) =>
      settleTrade(
        tx,
        t.app.platformAccounts,
        {
          id: sol._id,
          account: 'real',
          walletAccountId: wallet,
          direction: 'buy',
          stakeMicros: usdt(20),
          payoutMicroPercent: 80_000_000n,
          entryPrice: '100',
        },
        { price: '200', recordedAt: new Date(), source: 'simulated' },
        Date.now(),
      ),
    );
    expect(direct).toBeNull();
    expect(await accountBalance(t.app, wallet)).toBe(usdt(96));
    const report = await verifyTrades(t.app.db);
    expect(report.mismatches).toEqual([]);
    expect(report.verified).toBe(report.settled);
  });

  it('two sweeps at once settle each trade once', async () => {
    const users = await Promise.all([fundedUser(t.app, usdt(100)), fundedUser(t.app, usdt(100))]);
    const ids: string[] = [];
    await freshTick('BNB', '600');
    for (const [i, user] of [...users, ...users, ...users].entries()) {
      const res = await createTrade(
        user.auth,
        trade({ coinType: 'BNBUSDT', tradeType: i % 2 === 0 ? 'buy' : 'sell' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().trade._id);
    }
    const [last] = await queryRows<{ ms: string }>(
      t.app.db,
      sql`select (extract(epoch from max(expires_at)) * 1000)::bigint::text as ms from trades
          where id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    );
    const lastExpiry = Number(last?.ms);
    for (let s = wholeSecond(lastExpiry) - 3000; s <= lastExpiry + 1000; s += 1000) {
      await tick('BNB', s, '601');
    }
    const nowMs = lastExpiry + 1500;
    const sweeps = await Promise.all([
      settleDueTrades(t.app.db, t.app.platformAccounts, nowMs, { batchSize: 2 }),
      settleDueTrades(t.app.db, t.app.platformAccounts, nowMs, { batchSize: 2 }),
    ]);
    const [count] = await queryRows<{ settled: string; entries: string }>(
      t.app.db,
      sql`select (select count(*) from trades where status = 'Completed' and id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}))::text as settled,
                 (select count(*) from journal_entries where kind = 'trade_settlement'
                  and reference_id in (${sql.join(ids, sql`, `)}))::text as entries`,
    );
    expect(count).toEqual({ settled: '6', entries: '6' });
    expect(sweeps[0].settled + sweeps[1].settled).toBeGreaterThanOrEqual(6);
    // The first wallet's three buys won 16 each; the second's three sells lost 20 each.
    expect((await me(t.app, users[0]!.auth)).balance).toBe('148.000000');
    expect((await me(t.app, users[1]!.auth)).balance).toBe('40.000000');
  });

  it('a trade that fails to settle does not hold up the others', async () => {
    const user = await fundedUser(t.app, usdt(100));
    await freshTick('LINK', '10');
    const a = (await createTrade(user.auth, trade({ coinType: 'LINKUSDT' }))).json().trade;
    const b = (await createTrade(user.auth, trade({ coinType: 'LINKUSDT' }))).json().trade;
    // A broken row: its hold is gone, so the books refuse to release it.
    const wallet = await walletAccountId(t.app.db, user.userId);
    await t.app.db.execute(
      sql`update ledger_accounts set held_micros = held_micros - 20000000 where id = ${wallet}::uuid`,
    );
    await t.app.db.execute(
      sql`update trades set stake_micros = 40000000 where id = ${a._id}::uuid`,
    );
    const lastExpiry = Math.max(Date.parse(a.expiresAt), Date.parse(b.expiresAt));
    for (let s = wholeSecond(lastExpiry) - 1000; s <= lastExpiry + 1000; s += 1000) {
      await tick('LINK', s, '11');
    }
    const summary = await settleDueTrades(t.app.db, t.app.platformAccounts, lastExpiry + 1500, {
      userId: user.userId,
    });
    expect(summary.settled).toBe(1);
    expect(summary.failed.map((f) => f.tradeId)).toEqual([a._id]);
    expect((await details(user.auth, b._id)).json().trade.tradeResult).toBe('win');
    // Repair the row so the books agree again, and it settles.
    await t.app.db.execute(
      sql`update trades set stake_micros = 20000000 where id = ${a._id}::uuid`,
    );
    await t.app.db.execute(
      sql`update ledger_accounts set held_micros = held_micros + 20000000 where id = ${wallet}::uuid`,
    );
    const retry = await settleDueTrades(t.app.db, t.app.platformAccounts, lastExpiry + 1500, {
      userId: user.userId,
    });
    expect(retry.settled).toBe(1);
    expect(await me(t.app, user.auth)).toMatchObject({ balance: '132.000000', onHold: '0.000000' });
  });
});

describe('reads', () => {
  it('lists trades newest first, 6 a page, by tab', async () => {
    const user = await fundedUser(t.app, usdt(200));
    await freshTick('LTC', '80');
    await freshTick('DOT', '5');
    const created: Array<{ _id: string; expiresAt: string }> = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await createTrade(
        user.auth,
        trade({ coinType: i < 3 ? 'DOTUSDT' : 'LTCUSDT', tradeAmount: '10' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json().trade);
    }
    const list = async (query: string) => {
      const res = await t.app.inject({ url: `/api/getUserTrades${query}`, headers: user.auth });
      expect(res.statusCode, res.body).toBe(200);
      expect(is(res.json(), TradePage)).toBe(true);
      return res.json() as TradePage;
    };
    const first = await list('');
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 8 });
    expect(first.trades).toHaveLength(6);
    const times = first.trades.map((x) => Date.parse(x.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await list('?tab=All&page=2');
    expect(second.trades).toHaveLength(2);
    const allIds = [...first.trades, ...second.trades].map((x) => x._id).sort();
    expect(allIds).toEqual(created.map((c) => c._id).sort());
    expect((await list('?page=3')).trades).toHaveLength(0);

    // The three DOT trades settle; the LTC ones have no exit tick yet.
    const dotExpiry = Math.max(...created.slice(0, 3).map((c) => Date.parse(c.expiresAt)));
    for (let s = wholeSecond(dotExpiry) - 1000; s <= dotExpiry + 1000; s += 1000) {
      await tick('DOT', s, '4.9');
    }
    await settleDueTrades(t.app.db, t.app.platformAccounts, dotExpiry + 1500, {
      userId: user.userId,
    });
    expect(await list('?tab=Completed')).toMatchObject({ total: 3, pageCount: 1 });
    const pending = await list('?tab=Pending&page=1');
    expect(pending).toMatchObject({ total: 5, pageCount: 1 });
    expect(pending.trades.every((x) => x.tradeStatus === 'Pending')).toBe(true);
    expect((await list('?tab=Completed')).trades.every((x) => x.tradeResult === 'loss')).toBe(true);

    for (const query of [
      '?tab=Open',
      '?tab=pending',
      '?page=0',
      '?page=abc',
      '?page=-1',
      '?page=1.5',
    ]) {
      const res = await t.app.inject({ url: `/api/getUserTrades${query}`, headers: user.auth });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toMatch(/tab|page/);
    }
  });

  it("answers 404 for another user's trade and for unknown ids", async () => {
    const owner = await fundedUser(t.app, usdt(50));
    const stranger = await fundedUser(t.app, usdt(50));
    await freshTick('BTC', '65000');
    const id = (await createTrade(owner.auth, trade())).json().trade._id as string;
    expect((await details(owner.auth, id)).statusCode).toBe(200);
    for (const [auth, tradeId] of [
      [stranger.auth, id],
      [owner.auth, '00000000-0000-0000-0000-000000000000'],
      [owner.auth, 'not-a-trade'],
    ] as const) {
      const res = await details(auth, tradeId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Trade not found.', code: 'not_found' });
    }
  });

  it('settles a due trade before answering it', async () => {
    const user = await fundedUser(t.app, usdt(50));
    await freshTick('ADA', '0.5');
    const listed = (await createTrade(user.auth, trade({ coinType: 'ADAUSDT' }))).json().trade;
    const detailed = (
      await createTrade(user.auth, trade({ coinType: 'ADAUSDT', tradeType: 'sell' }))
    ).json().trade;
    // As if 40 s had passed: both expired 10 s ago and their exit was recorded.
    const expiredAt = Date.now() - 10_000;
    await t.app.db.execute(
      sql`update trades set created_at = ${new Date(expiredAt - 30_000).toISOString()}::timestamptz,
            expires_at = ${new Date(expiredAt).toISOString()}::timestamptz
          where id in (${listed._id}::uuid, ${detailed._id}::uuid)`,
    );
    await tick('ADA', Math.ceil(expiredAt / 1000) * 1000, '0.51');
    const page = await t.app.inject({
      url: '/api/getUserTrades?tab=Completed',
      headers: user.auth,
    });
    expect(
      page
        .json()
        .trades.map((x: { _id: string }) => x._id)
        .sort(),
    ).toEqual([listed._id, detailed._id].sort());
    expect((await details(user.auth, listed._id)).json().trade).toMatchObject({
      tradeResult: 'win',
      tradeAfterAmount: '36.000000',
    });
    expect(await me(t.app, user.auth)).toMatchObject({ balance: '46.000000', onHold: '0.000000' });

    // The details call alone settles too.
    await freshTick('ADA', '0.5');
    const third = (await createTrade(user.auth, trade({ coinType: 'ADAUSDT' }))).json().trade;
    await t.app.db.execute(
      sql`update trades set expires_at = now() - interval '8 seconds' where id = ${third._id}::uuid`,
    );
    expect((await details(user.auth, third._id)).json().trade).toMatchObject({
      tradeStatus: 'Completed',
      tradeResult: 'void',
    });
  });
});

describe('updateSiteSetting', () => {
  it('validates every field and refuses unknown ones, changing nothing', async () => {
    const before = await queryRows(t.app.db, sql`select * from site_settings`);
    const cases: Array<[object, string]> = [
      [{}, 'invalid_body'],
      [{ tradeResult: 'win' }, 'unknown_field'],
      [{ outcome: 'loss' }, 'unknown_field'],
      [{ payouts: { trade10Second: '50' } }, 'unknown_field'],
      [{ payouts: { trade30Second: '0' } }, 'amount'],
      [{ payouts: { trade30Second: '100.000001' } }, 'amount'],
      [{ payouts: { trade30Second: '-5' } }, 'amount'],
      [{ payouts: { trade30Second: 'abc' } }, 'amount'],
      [{ tradeMin: '0' }, 'amount'],
      [{ tradeMin: '1e3' }, 'amount'],
      [{ tradeMin: '20000' }, 'amount'],
      [{ tradeMin: '5', tradeMax: '4' }, 'amount'],
      [{ tradeMax: '2000000000' }, 'amount'],
      [{ transferCharge: '101' }, 'amount'],
      [{ transferMin: '-1' }, 'amount'],
      [{ tradingBlockedCountries: ['USA'] }, 'invalid_body'],
      [{ tradingBlockedCountries: ['F1'] }, 'invalid_body'],
      [{ tradingBlockedCountries: Array.from({ length: 251 }, () => 'US') }, 'invalid_body'],
      [{ tradingEnabled: 'yes' }, 'invalid_body'],
      [{ whatsappLink: 'javascript:alert(1)' }, 'invalid_body'],
      [{ emailLink: 'not a link' }, 'invalid_body'],
    ];
    for (const [payload, code] of cases) {
      const res = await updateSettings(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code, JSON.stringify(payload)).toBe(code);
      expect(res.json().error.length).toBeGreaterThan(5);
    }
    expect(await queryRows(t.app.db, sql`select * from site_settings`)).toEqual(before);
    const user = await fundedUser(t.app, 0n);
    const asUser = await t.app.inject({
      method: 'PUT',
      url: '/api/updateSiteSetting',
      headers: user.auth,
      payload: { tradingEnabled: false },
    });
    expect(asUser.statusCode).toBe(403);
  });

  it('updates in part, audits before and after, and new trades get the new payout', async () => {
    const res = await updateSettings({
      payouts: { trade30Second: '75.5' },
      telegramLink: 'https://t.me/support_desk',
      transferMin: '2',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().setting).toMatchObject({
      telegramLink: 'https://t.me/support_desk',
      transferMin: '2.000000',
    });
    expect(res.json().trading.durations[0]).toEqual({
      selectedTime: 'trade30Second',
      seconds: 30,
      payoutPercent: '75.500000',
    });
    expect(res.json().trading.durations[1].payoutPercent).toBe('82.000000');
    const [audit] = await queryRows<{ before: unknown; after: unknown; actor_id: string }>(
      t.app.db,
      sql`select before, after, actor_id from audit_log where action = 'site_settings.updated'
          order by id desc limit 1`,
    );
    expect(audit?.before).toEqual({
      payout30sMicroPercent: '80000000',
      telegramLink: null,
      transferMinMicros: '0',
    });
    expect(audit?.after).toEqual({
      payout30sMicroPercent: '75500000',
      telegramLink: 'https://t.me/support_desk',
      transferMinMicros: '2000000',
    });

    try {
      const user = await fundedUser(t.app, usdt(50));
      await freshTick('BTC', '65000');
      const stale = await createTrade(user.auth, trade({ payoutPercent: '80' }));
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toContain('now 75.5%');
      const ok = await createTrade(user.auth, trade({ payoutPercent: '75.5' }));
      expect(ok.statusCode).toBe(201);
      expect(ok.json().trade.payoutPercent).toBe('75.500000');
    } finally {
      await updateSettings({
        payouts: { trade30Second: '80' },
        telegramLink: null,
        transferMin: '0',
      });
    }
  });
});

describe('ledger check', () => {
  it("holds must equal pending withdrawals plus pending trades' stakes", async () => {
    const user = await fundedUser(t.app, usdt(100));
    await freshTick('BTC', '65000');
    expect((await createTrade(user.auth, trade())).statusCode).toBe(201);
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
    const wallet = await walletAccountId(t.app.db, user.userId);
    await t.app.db.execute(
      sql`update ledger_accounts set held_micros = held_micros + 1 where id = ${wallet}::uuid`,
    );
    try {
      const report = await checkLedger(t.app.db);
      expect(report.violations).toHaveLength(1);
      expect(report.violations[0]).toContain(
        `wallet ${wallet} holds 20000001 but pending withdrawals (0) and pending trades (20000000) total 20000000`,
      );
    } finally {
      await t.app.db.execute(
        sql`update ledger_accounts set held_micros = held_micros - 1 where id = ${wallet}::uuid`,
      );
    }
  });
});

describe('trades:verify', () => {
  it('finds a stored result that the recorded ticks do not support', async () => {
    const clean = await verifyTrades(t.app.db);
    expect(clean.mismatchCount).toBe(0);
    expect(clean.settled).toBeGreaterThan(10);
    expect(clean.verified).toBe(clean.settled);
    expect(clean.void).toBeGreaterThan(0);
    const [win] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id::text from trades where result = 'win' order by settled_at limit 1`,
    );
    const id = win!.id;
    await t.app.db.execute(sql`update trades set result = 'loss' where id = ${id}::uuid`);
    try {
      const report = await verifyTrades(t.app.db);
      expect(report.mismatchCount).toBe(1);
      expect(report.mismatches).toEqual([
        { tradeId: id, problems: ['result loss, re-derived win'] },
      ]);
    } finally {
      await t.app.db.execute(sql`update trades set result = 'win' where id = ${id}::uuid`);
    }
  });

  it('leaves out trades whose ticks retention has purged, without calling them wrong', async () => {
    const before = await verifyTrades(t.app.db);
    expect(before.unverifiable).toBe(0);
    // Retention deletes the oldest ticks first, for every coin alike.
    await t.app.db.execute(
      sql`delete from market_ticks where recorded_at <= (
            select min(entry_tick_at) from trades where status = 'Completed')`,
    );
    const after = await verifyTrades(t.app.db);
    expect(after.unverifiable).toBeGreaterThan(0);
    expect(after.settled + after.unverifiable).toBe(before.settled);
    expect(after.mismatchCount).toBe(0);
  });
});
