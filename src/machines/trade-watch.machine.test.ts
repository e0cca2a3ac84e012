import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Trade } from '../../common/contract';
import { withFakeTimersPerTest } from '../testing/fake-timers';
import { SETTLEMENT_RECHECK_DELAYS_MS } from './trade-settlement';
import { GIVE_UP_AFTER_MS, LATE_CHECK_INTERVAL_MS, tradeWatchMachine } from './trade-watch.machine';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

function trade(id: string, expiresAtMs: number, status: Trade['tradeStatus'] = 'Pending'): Trade {
  return {
    _id: id,
    coinType: 'BTCUSDT',
    tradeType: 'buy',
    tradeAmount: '10.000000',
    coinPrice: '100.00',
    selectedTime: 'trade30Second',
    durationS: 30,
    payoutPercent: '80.000000',
    tradeStatus: status,
    tradeResult: status === 'Completed' ? 'win' : null,
    tradeAfterAmount: status === 'Completed' ? '18.000000' : null,
    profit: status === 'Completed' ? '8.000000' : null,
    createdAt: iso(expiresAtMs - 30_000),
    expiresAt: iso(expiresAtMs),
    receipt: null,
  };
}

/** A watcher whose server settles each trade at the time `settledAtMs` gives (never if absent). */
function start(settledAtMs: Record<string, number> = {}, failing = false) {
  const asked: string[][] = [];
  const reports: string[] = [];
  const expiries: Record<string, number> = {};
  const logic = tradeWatchMachine.provide({
    actors: {
      checkTrades: fromPromise(async ({ input }) => {
        asked.push([...input.tradeIds]);
        if (failing) throw new Error('offline');
        return input.tradeIds.map((id) => {
          const settledAt = settledAtMs[id];
          const done = settledAt !== undefined && Date.now() >= settledAt;
          return trade(id, expiries[id] ?? T0, done ? 'Completed' : 'Pending');
        });
      }),
    },
    actions: { reportSettled: (_, { trade: settled }) => reports.push(settled._id) },
  });
  const actor = createActor(logic).start();
  const place = (id: string, expiresAtMs: number) => {
    expiries[id] = expiresAtMs;
    actor.send({ type: 'PLACED', trade: trade(id, expiresAtMs), clockOffsetMs: 0 });
  };
  return { actor, asked, reports, place, expiries };
}

describe('trade watch', () => {
  withFakeTimersPerTest();

  it('asks the server at expiry and reports the settled trade once', async () => {
    vi.setSystemTime(T0);
    const t = start({ a: T0 + 30_000 });
    t.place('a', T0 + 30_000);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(t.asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.asked).toEqual([['a']]);
    expect(t.reports).toEqual(['a']);
    // A list that still shows it settled, or placed again: never a second report.
    t.actor.send({ type: 'SEEN', trades: [trade('a', T0 + 30_000, 'Completed')] });
    t.place('a', T0 + 30_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.reports).toEqual(['a']);
    expect(t.asked).toEqual([['a']]);
  });

  it('asks again after the recheck delays, then every 10 s', async () => {
    vi.setSystemTime(T0);
    const settleAt = T0 + 30_000 + 1000 + 1000 + 2000 + 4000 + LATE_CHECK_INTERVAL_MS;
    const t = start({ a: settleAt });
    t.place('a', T0 + 30_000);
    await vi.advanceTimersByTimeAsync(30_000);
    for (const delay of SETTLEMENT_RECHECK_DELAYS_MS) {
      expect(t.reports).toEqual([]);
      await vi.advanceTimersByTimeAsync(delay);
    }
    expect(t.asked).toHaveLength(5);
    expect(t.reports).toEqual([]);
    await vi.advanceTimersByTimeAsync(LATE_CHECK_INTERVAL_MS);
    expect(t.asked).toHaveLength(6);
    expect(t.reports).toEqual(['a']);
  });

  it('watches pending trades a query returns, and reports them when a list shows them settled', async () => {
    vi.setSystemTime(T0);
    const t = start();
    t.actor.send({
      type: 'SEEN',
      trades: [trade('b', T0 + 60_000), trade('old', T0 - 60_000, 'Completed')],
    });
    expect(Object.keys(t.actor.getSnapshot().context.watched)).toEqual(['b']);
    t.actor.send({ type: 'SEEN', trades: [trade('b', T0 + 60_000, 'Completed')] });
    expect(t.reports).toEqual(['b']);
    // A trade settled before this tab saw it pending is history, not news.
    expect(t.reports).not.toContain('old');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(t.asked).toEqual([]);
  });

  it('keeps several trades apart, each asked at its own expiry', async () => {
    vi.setSystemTime(T0);
    const t = start({ a: T0 + 30_000, b: T0 + 60_000 });
    t.place('b', T0 + 60_000);
    t.place('a', T0 + 30_000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(t.asked).toEqual([['a']]);
    expect(t.reports).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(t.asked).toEqual([['a'], ['b']]);
    expect(t.reports).toEqual(['a', 'b']);
  });

  it('after failed rounds keeps asking, and gives up 5 minutes after expiry', async () => {
    vi.setSystemTime(T0);
    const t = start({}, true);
    t.place('a', T0 + 30_000);
    await vi.advanceTimersByTimeAsync(30_000 + GIVE_UP_AFTER_MS + LATE_CHECK_INTERVAL_MS);
    const rounds = t.asked.length;
    expect(rounds).toBeGreaterThan(5);
    expect(t.actor.getSnapshot().context.watched).toEqual({});
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.asked).toHaveLength(rounds);
    expect(t.reports).toEqual([]);
  });

  it('counts on the server clock', async () => {
    vi.setSystemTime(T0);
    const t = start({ a: T0 + 25_000 });
    t.expiries['a'] = T0 + 30_000;
    // The server is 5 s ahead: its expiry comes 25 s from now on this device.
    t.actor.send({ type: 'PLACED', trade: trade('a', T0 + 30_000), clockOffsetMs: 5_000 });
    await vi.advanceTimersByTimeAsync(24_999);
    expect(t.asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.reports).toEqual(['a']);
  });
});
