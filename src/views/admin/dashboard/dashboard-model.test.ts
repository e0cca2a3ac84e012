import { describe, expect, it } from 'vitest';
import { ageParts } from './dashboard-model';

describe('ageParts', () => {
  it('uses the largest whole unit', () => {
    expect(ageParts(0)).toEqual({ value: 0, unit: 'second' });
    expect(ageParts(59_999)).toEqual({ value: 59, unit: 'second' });
    expect(ageParts(60_000)).toEqual({ value: 1, unit: 'minute' });
    expect(ageParts(3_600_000 * 5)).toEqual({ value: 5, unit: 'hour' });
    expect(ageParts(86_400_000 * 2)).toEqual({ value: 2, unit: 'day' });
    expect(ageParts(-5)).toEqual({ value: 0, unit: 'second' });
  });
});
