import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN } from '../../common/contract';
import { newIdempotencyKey } from './idempotency';

describe('newIdempotencyKey', () => {
  it('makes keys of the agreed form, different every time', () => {
    const keys = Array.from({ length: 200 }, newIdempotencyKey);
    for (const key of keys) {
      expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
      expect(key).toHaveLength(22);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });
});
