import { describe, expect, it } from 'vitest';
import { weakMemo } from './weak-memo';

describe('weakMemo', () => {
  it('makes one value per key, on first use', () => {
    let made = 0;
    const of = weakMemo((key: { name: string }) => ({ name: key.name, n: (made += 1) }));
    const a = { name: 'a' };
    const b = { name: 'b' };
    expect(of(a)).toBe(of(a));
    expect(of(b).name).toBe('b');
    expect(made).toBe(2);
  });
});
