import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import type { Subscription } from 'xstate';
import type { WalletNotice } from '../../machines/submission';
import { useToast } from '../../ui/toast';

interface NoticeSource {
  on(type: 'notice', handler: (notice: WalletNotice) => void): Subscription;
}

/** Shows a wallet machine's notices ('Deposit submitted!', failures) as toasts. */
export function useNoticeToasts(actor: NoticeSource): void {
  const toast = useToast();
  const { i18n } = useLingui();
  useEffect(() => {
    const subscription = actor.on('notice', (notice) => {
      toast({ tone: notice.tone, text: i18n._(notice.message) });
    });
    return () => subscription.unsubscribe();
  }, [actor, toast, i18n]);
}
