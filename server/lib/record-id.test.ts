import { describe, expect, it } from 'vitest';
import { newRecordId } from './record-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRecordId', () => {
  it('is a version 7 UUID whose first 48 bits are the time in milliseconds', () => {
    const nowMs = Date.UTC(2026, 10, 22, 7, 30, 0, 123);
    const id = newRecordId(nowMs);
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(nowMs);
  });

  it('sorts by time, so inserts land next to each other in an index', () => {
    const ids = [0, 1, 1_000, 86_400_000].map((offsetMs) =>
      newRecordId(1_795_000_000_000 + offsetMs),
    );
    expect([...ids].sort()).toEqual(ids);
  });

  it('keeps 74 random bits: ids made in the same millisecond differ', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newRecordId(1_795_000_000_000)));
    expect(ids.size).toBe(10_000);
  });

  it('refuses a time it cannot encode', () => {
    expect(() => newRecordId(-1)).toThrow(RangeError);
    expect(() => newRecordId(2 ** 48)).toThrow(RangeError);
    expect(() => newRecordId(1.5)).toThrow(RangeError);
  });
});
