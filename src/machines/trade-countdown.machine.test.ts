import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  MAX_COUNTDOWNS,
  msUntilNextTick,
  secondsLeftAt,
  tradeCountdownsMachine,
} from './trade-countdown.machine';
import { SETTLEMENT_RECHECK_DELAYS_MS } from './trade-settlement';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

function start() {
  const refreshes: { tradeId: string; reason: string }[] = [];
  const logic = tradeCountdownsMachine.provide({
    actions: { refreshTradeData: (_, params) => refreshes.push(params) },
  });
  const actor = createActor(logic).start();
  const secondsOf = (tradeId: string) =>
    actor.getSnapshot().context.countdowns[tradeId]?.getSnapshot().context.secondsLeft;
  const children = () => Object.keys(actor.getSnapshot().context.countdowns).sort();
  /** The pending trades, by id with the time each expires at, as the orders list sends them. */
  const sync = (expiresAtMs: Record<string, number>, clockOffsetMs = 0) =>
    actor.send({
      type: 'SYNC',
      trades: Object.entries(expiresAtMs).map(([_id, ms]) => ({ _id, expiresAt: iso(ms) })),
      clockOffsetMs,
    });
  return { actor, refreshes, secondsOf, children, sync };
}

describe('countdown arithmetic', () => {
  it('rounds the time left up to whole seconds', () => {
    expect(secondsLeftAt(T0 + 30_000, T0)).toBe(30);
    expect(secondsLeftAt(T0 + 30_000, T0 + 1)).toBe(30);
    expect(secondsLeftAt(T0 + 30_000, T0 + 1000)).toBe(29);
    expect(secondsLeftAt(T0 + 30_000, T0 + 29_999)).toBe(1);
    expect(secondsLeftAt(T0 + 30_000, T0 + 30_000)).toBe(0);
    expect(secondsLeftAt(T0 + 30_000, T0 + 99_000)).toBe(0);
  });

  it('ticks just after each whole second left', () => {
    expect(msUntilNextTick(T0 + 30_000, T0)).toBe(1020);
    expect(msUntilNextTick(T0 + 30_250, T0)).toBe(270);
    expect(msUntilNextTick(T0, T0 + 5)).toBe(0);
  });
});

describe('trade countdowns', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts each pending trade down a second at a time', async () => {
    const t = start();
    t.sync({ a: T0 + 30_000, b: T0 + 3_600_500 });
    expect(t.children()).toEqual(['a', 'b']);
    expect(t.secondsOf('a')).toBe(30);
    expect(t.secondsOf('b')).toBe(3601);
    await vi.advanceTimersByTimeAsync(999);
    expect(t.secondsOf('a')).toBe(30);
    await vi.advanceTimersByTimeAsync(30);
    expect(t.secondsOf('a')).toBe(29);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.secondsOf('a')).toBe(19);
    expect(t.secondsOf('b')).toBe(3590);
  });

  it('counts on the server clock', () => {
    const t = start();
    // The server is 5 s ahead of this device: 5 s of the 30 have passed there.
    t.sync({ a: T0 + 30_000 }, 5000);
    expect(t.secondsOf('a')).toBe(25);
  });

  it('at zero asks for a refetch, then again while the server settles, then stops', async () => {
    const t = start();
    t.sync({ a: T0 + 3000 });
    await vi.advanceTimersByTimeAsync(2990);
    expect(t.refreshes).toEqual([]);
    await vi.advanceTimersByTimeAsync(40);
    expect(t.secondsOf('a')).toBe(0);
    expect(t.refreshes).toEqual([{ tradeId: 'a', reason: 'expired' }]);
    const total = SETTLEMENT_RECHECK_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
    await vi.advanceTimersByTimeAsync(total + 60_000);
    expect(t.refreshes).toHaveLength(1 + SETTLEMENT_RECHECK_DELAYS_MS.length);
    expect(t.refreshes.slice(1).every((r) => r.reason === 'recheck')).toBe(true);
  });

  it('a trade already due when shown asks for a refetch at once', () => {
    const t = start();
    t.sync({ a: T0 - 1000 });
    expect(t.secondsOf('a')).toBe(0);
    expect(t.refreshes).toEqual([{ tradeId: 'a', reason: 'expired' }]);
  });

  it('stops the countdown (and its timer) of a trade that is no longer pending', async () => {
    const t = start();
    t.sync({ a: T0 + 5000, b: T0 + 60_000 });
    const a = t.actor.getSnapshot().context.countdowns.a;
    const b = t.actor.getSnapshot().context.countdowns.b;
    t.sync({ b: T0 + 60_000 });
    expect(t.children()).toEqual(['b']);
    expect(a?.getSnapshot().status).toBe('stopped');
    // The same child keeps counting: re-syncing does not restart it.
    expect(t.actor.getSnapshot().context.countdowns.b).toBe(b);
    await vi.advanceTimersByTimeAsync(10_000);
    // The stopped countdown never reached zero, so nothing was refetched for it.
    expect(t.refreshes).toEqual([]);
    expect(vi.getTimerCount()).toBe(1);
    t.actor.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it(`runs at most ${MAX_COUNTDOWNS} countdowns`, () => {
    const t = start();
    const trades = Array.from({ length: MAX_COUNTDOWNS + 5 }, (_, i) => ({
      _id: `t${i}`,
      expiresAt: iso(T0 + 60_000),
    }));
    t.actor.send({ type: 'SYNC', trades, clockOffsetMs: 0 });
    expect(t.children()).toHaveLength(MAX_COUNTDOWNS);
  });
});
