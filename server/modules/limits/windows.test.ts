import { describe, expect, it } from 'vitest';
import { addMonths, dayWindow, monthWindow, weekWindow } from './windows';

const at = (iso: string) => Date.parse(iso);

describe('limit windows (UTC calendar)', () => {
  it('a day runs from midnight to midnight UTC', () => {
    const w = dayWindow(at('2026-11-27T23:59:59.999Z'));
    expect(w.startsAt.toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(w.endsAt.toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(dayWindow(at('2026-11-28T00:00:00.000Z')).startsAt.toISOString()).toBe(
      '2026-11-28T00:00:00.000Z',
    );
  });

  it('a week starts on Monday, also when now is a Sunday or a Monday', () => {
    // 2026-11-27 is a Friday; 2026-11-23 a Monday; 2026-11-29 a Sunday.
    expect(weekWindow(at('2026-11-27T10:00:00Z')).startsAt.toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    expect(weekWindow(at('2026-11-29T23:00:00Z')).endsAt.toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
    expect(weekWindow(at('2026-11-30T00:00:00Z')).startsAt.toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
  });

  it('a month runs from the 1st, across the year end', () => {
    const w = monthWindow(at('2026-12-31T23:00:00Z'));
    expect(w.startsAt.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(w.endsAt.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('adds months keeping the time, clamping the day to the month', () => {
    expect(addMonths(new Date('2026-08-31T12:34:56Z'), 6).toISOString()).toBe(
      '2027-02-28T12:34:56.000Z',
    );
    expect(addMonths(new Date('2026-01-15T00:00:00Z'), 60).toISOString()).toBe(
      '2031-01-15T00:00:00.000Z',
    );
  });
});
