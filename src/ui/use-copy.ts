import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { useToast } from './toast';

/**
 * Copies `text` to the clipboard and says so with a toast: `successText` on success,
 * `failureText` (by default 'Copy failed.') when the browser refuses (no permission, or no
 * clipboard outside HTTPS).
 */
export function useCopy(): (
  text: string,
  successText: string,
  failureText?: string,
) => Promise<void> {
  const toast = useToast();
  const { t } = useLingui();
  return useCallback(
    async (text, successText, failureText) => {
      try {
        await navigator.clipboard.writeText(text);
        toast({ tone: 'success', text: successText });
      } catch {
        toast({ tone: 'error', text: failureText ?? t`Copy failed.` });
      }
    },
    [toast, t],
  );
}
