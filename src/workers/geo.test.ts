import { describe, expect, it } from 'vitest';
import { regionOf } from './geo';

describe('geo', () => {
  it('only US means the US host', () => {
    expect(regionOf({ country_code: 'US' })).toBe('us');
    expect(regionOf({ country_code: 'us ' })).toBe('us');
    expect(regionOf({ country_code: 'GB' })).toBe('global');
    expect(regionOf({ error: true, reason: 'RateLimited' })).toBe('global');
    expect(regionOf(null)).toBe('global');
  });
});
