import { describe, expect, it } from 'vitest';
import { RecentCache } from './recent-cache';

describe('RecentCache', () => {
  it('answers a value until its time is up, then forgets it', () => {
    let nowMs = 1_000;
    const cache = new RecentCache<string, number>(10, 100, () => nowMs);
    cache.set('a', 1);
    nowMs += 99;
    expect(cache.get('a')).toBe(1);
    nowMs += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the oldest stored first', () => {
    const cache = new RecentCache<number, number>(3, 1_000);
    for (let i = 1; i <= 5; i += 1) cache.set(i, i * 10);
    expect(cache.size).toBe(3);
    expect([1, 2, 3, 4, 5].map((i) => cache.get(i))).toEqual([undefined, undefined, 30, 40, 50]);
    cache.set(3, 31); // stored again: now the newest
    cache.set(6, 60);
    expect(cache.get(3)).toBe(31);
    expect(cache.get(4)).toBeUndefined();
  });

  it('forgets on delete, and refuses limits that are not whole and positive', () => {
    const cache = new RecentCache<string, number>(2, 10);
    cache.set('a', 1);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    expect(() => new RecentCache(0, 10)).toThrow(RangeError);
    expect(() => new RecentCache(1, 0.5)).toThrow(RangeError);
  });
});
