import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../common/rules';
import { clockTime } from './date-time';

describe('clockTime', () => {
  it('writes the time of day as every offered language does on the 24-hour clock', () => {
    const moments = [
      new Date(2026, 0, 1, 0, 0, 0),
      new Date(2026, 5, 15, 9, 5, 7),
      new Date(2026, 10, 22, 14, 30, 59),
      new Date(2026, 11, 31, 23, 59, 59),
    ];
    for (const language of LANGUAGES) {
      const intl = new Intl.DateTimeFormat(language, {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
      for (const moment of moments) {
        expect(clockTime(moment.getTime()), language).toBe(intl.format(moment));
      }
    }
  });

  it('pads each part to two digits', () => {
    expect(clockTime(new Date(2026, 0, 2, 3, 4, 5).getTime())).toBe('03:04:05');
  });
});
