import { describe, expect, it } from 'vitest';
import {
  SIGN_IN_FREE_ATTEMPTS_PER_ACCOUNT,
  SIGN_IN_FREE_ATTEMPTS_PER_ADDRESS,
  SIGN_IN_FREE_ATTEMPTS_PER_ADDRESS_ON_ACCOUNT,
  SIGN_IN_WINDOW_MS,
} from '../../../common/rules';
import { waitText } from './proof';
import { decideAttempt, delayAfterMs, signInCounters, type CounterState } from './throttle';

const T0 = Date.parse('2026-11-02T09:00:00Z');

/** Runs `attempts` attempts at the given times through one counter with `free` free ones. */
function run(free: number, timesMs: number[]) {
  let state: CounterState | null = null;
  return timesMs.map((nowMs) => {
    const decision = decideAttempt(state, free, nowMs);
    if (decision.allowed) state = decision.next;
    return decision.allowed ? 'ok' : decision.retryAfterMs;
  });
}

describe('a sign-in counter', () => {
  it('lets the free attempts through at once, then waits that double up to 5 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => delayAfterMs(n, 2))).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 128_000, 256_000,
    ]);
    expect(delayAfterMs(11, 2)).toBe(300_000);
    expect(delayAfterMs(1_000_000, 2)).toBe(300_000);
  });

  it('refuses an attempt inside the wait, saying how long is left, and lets it through after', () => {
    expect(run(2, [T0, T0, T0, T0 + 999, T0 + 1000, T0 + 1000, T0 + 2999, T0 + 3000])).toEqual([
      'ok',
      'ok',
      1000,
      1,
      'ok',
      2000,
      1,
      'ok',
    ]);
  });

  it('starts again from nothing when its window has ended, and never waits beyond it', () => {
    const late = T0 + SIGN_IN_WINDOW_MS - 10_000;
    const state: CounterState = {
      windowStartedAt: new Date(T0),
      failures: 40,
      nextAttemptAt: new Date(T0 + SIGN_IN_WINDOW_MS + 200_000),
    };
    expect(decideAttempt(state, 5, late)).toEqual({ allowed: false, retryAfterMs: 10_000 });
    const fresh = decideAttempt(state, 5, T0 + SIGN_IN_WINDOW_MS);
    expect(fresh).toEqual({
      allowed: true,
      next: {
        windowStartedAt: new Date(T0 + SIGN_IN_WINDOW_MS),
        failures: 1,
        nextAttemptAt: null,
      },
    });
  });

  it('lets an attempt through within the free ones even while a wait is set', () => {
    // A right password gave a slot back: the counter is below its free attempts again.
    const state: CounterState = {
      windowStartedAt: new Date(T0),
      failures: 4,
      nextAttemptAt: new Date(T0 + 60_000),
    };
    expect(decideAttempt(state, 5, T0 + 1).allowed).toBe(true);
  });
});

describe('the counters of an attempt', () => {
  it('are the address on the account, the address, and the account', () => {
    expect(signInCounters('x@rt.example', '203.0.113.7')).toEqual([
      {
        key: 'address:203.0.113.7|account:x@rt.example',
        freeAttempts: SIGN_IN_FREE_ATTEMPTS_PER_ADDRESS_ON_ACCOUNT,
      },
      { key: 'address:203.0.113.7', freeAttempts: SIGN_IN_FREE_ATTEMPTS_PER_ADDRESS },
      { key: 'account:x@rt.example', freeAttempts: SIGN_IN_FREE_ATTEMPTS_PER_ACCOUNT },
    ]);
  });

  it('take an IPv6 address by its /64', () => {
    const [, a] = signInCounters('x@rt.example', '2001:db8:1:2:aaaa::1');
    const [, b] = signInCounters('x@rt.example', '2001:db8:1:2:bbbb::9');
    expect(a?.key).toBe(b?.key);
  });

  it('let one address make fewer attempts a window than the account lets through free', () => {
    // One address at the fastest pace its own counter allows, for a whole window.
    const times: number[] = [];
    let nowMs = T0;
    let state: CounterState | null = null;
    while (nowMs < T0 + SIGN_IN_WINDOW_MS) {
      const decision = decideAttempt(state, SIGN_IN_FREE_ATTEMPTS_PER_ADDRESS_ON_ACCOUNT, nowMs);
      if (decision.allowed) {
        state = decision.next;
        times.push(nowMs);
      } else {
        nowMs += decision.retryAfterMs;
      }
    }
    // Two windows of one address can fall into one window of the account.
    expect(2 * times.length).toBeLessThanOrEqual(SIGN_IN_FREE_ATTEMPTS_PER_ACCOUNT);
  });
});

describe('the wait as the 429 says it', () => {
  it.each([
    [1, '1 second'],
    [1000, '1 second'],
    [1001, '2 seconds'],
    [59_000, '59 seconds'],
    [60_000, '1 minute'],
    [89_000, '2 minutes'],
    [300_000, '5 minutes'],
  ])('%i ms is "%s"', (ms, text) => {
    expect(waitText(ms)).toBe(text);
  });
});
