import { describe, expect, it } from 'vitest';
import { changeLimit, limitAt, LOOSENING_DELAY_MS } from './model';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const row = (over: Partial<Parameters<typeof limitAt>[0] & object> = {}) => ({
  userId: 'u',
  kind: 'loss_day' as const,
  valueMicros: 10_000_000n as bigint | null,
  hasPending: false,
  pendingValueMicros: null as bigint | null,
  pendingEffectiveAt: null as Date | null,
  updatedAt: new Date(NOW),
  ...over,
});

describe('limitAt', () => {
  it('no row is no limit', () => {
    expect(limitAt(undefined, NOW)).toEqual({ valueMicros: null, pending: null });
  });
  it('a waiting change applies exactly when due, not before', () => {
    const r = row({
      hasPending: true,
      pendingValueMicros: 50_000_000n,
      pendingEffectiveAt: new Date(NOW + 1000),
    });
    expect(limitAt(r, NOW + 999).valueMicros).toBe(10_000_000n);
    expect(limitAt(r, NOW + 999).pending?.valueMicros).toBe(50_000_000n);
    expect(limitAt(r, NOW + 1000)).toEqual({ valueMicros: 50_000_000n, pending: null });
  });
  it('a waiting removal leaves no limit when due', () => {
    const r = row({ hasPending: true, pendingEffectiveAt: new Date(NOW) });
    expect(limitAt(r, NOW)).toEqual({ valueMicros: null, pending: null });
  });
});

describe('changeLimit', () => {
  const current = { valueMicros: 10_000_000n, pending: null };
  it('lowering applies at once', () => {
    expect(changeLimit(current, 5_000_000n, NOW)).toEqual({
      valueMicros: 5_000_000n,
      pending: null,
    });
  });
  it('a first limit applies at once', () => {
    expect(changeLimit({ valueMicros: null, pending: null }, 1n, NOW).valueMicros).toBe(1n);
  });
  it('raising waits 24 h', () => {
    expect(changeLimit(current, 20_000_000n, NOW)).toEqual({
      valueMicros: 10_000_000n,
      pending: { valueMicros: 20_000_000n, effectiveAt: new Date(NOW + LOOSENING_DELAY_MS) },
    });
  });
  it('removing waits 24 h', () => {
    expect(changeLimit(current, null, NOW).pending?.valueMicros).toBeNull();
    expect(changeLimit(current, null, NOW).valueMicros).toBe(10_000_000n);
  });
  it('lowering cancels a waiting raise', () => {
    const waiting = {
      valueMicros: 10_000_000n,
      pending: { valueMicros: null, effectiveAt: new Date(NOW) },
    };
    expect(changeLimit(waiting, 10_000_000n, NOW)).toEqual({
      valueMicros: 10_000_000n,
      pending: null,
    });
  });
});
