import { describe, expect, it } from 'vitest';
import { canRestore, createScrollMemory, restoresScroll } from './scroll-memory';

describe('scroll memory', () => {
  it('gives back what was saved for an address, and 0 for an unknown one', () => {
    const memory = createScrollMemory();
    memory.save('/markets', 640.4);
    expect(memory.recall('/markets')).toBe(640);
    expect(memory.recall('/orders')).toBe(0);
  });

  it('forgets the least recently used address beyond its bound', () => {
    const memory = createScrollMemory(2);
    memory.save('/a', 10);
    memory.save('/b', 20);
    expect(memory.recall('/a')).toBe(10); // /a is now the most recently used.
    memory.save('/c', 30);
    expect(memory.size).toBe(2);
    expect(memory.recall('/b')).toBe(0);
    expect(memory.recall('/a')).toBe(10);
    expect(memory.recall('/c')).toBe(30);
  });

  it('keeps no negative or non-finite positions', () => {
    const memory = createScrollMemory();
    memory.save('/a', -50);
    memory.save('/b', Number.NaN);
    expect(memory.recall('/a')).toBe(0);
    expect(memory.size).toBe(1);
  });

  it('refuses a bound below one', () => {
    expect(() => createScrollMemory(0)).toThrow();
  });

  it('restores after Back and forward always, after a link only on the main tabs', () => {
    const tabs = ['/', '/markets', '/orders'];
    expect(restoresScroll('pop', '/deposit/log', tabs)).toBe(true);
    expect(restoresScroll('push', '/markets', tabs)).toBe(true);
    expect(restoresScroll('push', '/deposit/log', tabs)).toBe(false);
  });

  it('waits until the page is tall enough, or has waited long enough', () => {
    expect(canRestore(1200, 1500, 844, 100, 4000)).toBe(false);
    expect(canRestore(600, 1500, 844, 100, 4000)).toBe(true);
    expect(canRestore(1200, 1500, 844, 4000, 4000)).toBe(true);
  });
});
