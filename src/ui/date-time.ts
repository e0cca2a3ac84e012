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
