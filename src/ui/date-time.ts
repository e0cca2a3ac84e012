import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';

/** Formats an ISO timestamp as a date and time in the active language. */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useLingui();
  return useCallback(
    (iso: string) => i18n.date(iso, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n],
  );
}

/**
 * "14:05:09": a time of day on the 24-hour clock, in the device's time zone. Every language
 * the app offers writes it this way (date-time.test.ts checks each against Intl), so the
 * chart's axis, which asks for every label on every frame, needs no Intl formatter: the
 * first one a page creates costs tens of milliseconds on a phone.
 */
export function clockTime(timeMs: number): string {
  const at = new Date(timeMs);
  return `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())}`;
}

function twoDigits(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}
