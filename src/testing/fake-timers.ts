import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Fake timers for each test of the enclosing `describe` (or file), and real ones again after
 * it, so a machine's delays run only when the test advances the clock.
 */
export function withFakeTimersPerTest(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
