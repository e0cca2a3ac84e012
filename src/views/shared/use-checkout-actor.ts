import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { useAppActor } from '../../machines/actors';
import type { createCheckoutMachine } from '../../machines/submission-checkout';
import { submissionWith } from '../../machines/submission.machine';
import type { RequestFields } from '../../machines/submission.machine';
import { invalidateAfterMoneyMoved } from '../../services/queries';
import { useNoticeToasts } from './use-notice-toasts';

/**
 * The running deposit or withdraw checkout (`createCheckoutMachine`), wired the same way for
 * both: `create` sends the request with its idempotency key, a success refreshes the wallet
 * and opens the new record under `logPath`, and the machine's notices become toasts.
 */
export function useCheckoutActor<TRequest extends RequestFields, TResult extends { _id: string }>(
  machine: ReturnType<typeof createCheckoutMachine<TRequest, TResult>>,
  create: (request: TRequest, idempotencyKey: string) => Promise<TResult>,
  { id, logPath }: { id: 'deposit' | 'withdraw'; logPath: '/deposit/log' | '/withdraw/log' },
) {
  const queryClient = useQueryClient();
  const [logic] = useState(() =>
    machine.provide({
      actors: {
        submission: submissionWith((attempt) => create(attempt.request, attempt.idempotencyKey)),
      },
      actions: {
        refreshWalletData: () => void invalidateAfterMoneyMoved(queryClient),
        goToResult: (_, { id: resultId }) => navigate(`${logPath}/${encodeURIComponent(resultId)}`),
      },
    }),
  );
  const actor = useAppActor(logic, { id });
  useNoticeToasts(actor);
  const submitting = useSelector(actor, (s) => s.matches({ submitting: 'sending' }));
  const submitted = useSelector(actor, (s) => s.matches('submitted'));
  const failure = useSelector(actor, (s) => s.context.failure);
  return { actor, submitting, submitted, failure };
}
