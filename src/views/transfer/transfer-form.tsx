import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { navigate } from 'wouter/use-browser-location';
import { fromPromise } from 'xstate';
import type { User } from '../../../common/contract';
import { parseAmount } from '../../../common/money';
import { PAY_ID_DIGITS } from '../../../common/rules';
import { submissionWith } from '../../machines/submission.machine';
import { transferMachine } from '../../machines/transfer.machine';
import { invalidateAfterMoneyMoved, useSiteSetting } from '../../services/queries';
import { createTransfer, lookupPayId } from '../../services/wallet-api';
import { Button } from '../../ui/button';
import { Detail, DetailList } from '../../ui/list';
import { formatAmountMicros, formatExactMicros, formatWireAmount } from '../../ui/money';
import { TextField } from '../../ui/text-field';
import { useFormFields } from '../../ui/use-form-fields';
import { normalizeAmountInput } from '../shared/amount-rules';
import { useNoticeToasts } from '../shared/use-notice-toasts';
import { PayIdStatus } from './pay-id-status';
import { TransferConfirmDialog } from './transfer-confirm-dialog';
import {
  transferDraft,
  transferSplit,
  transferTerms,
  validateTransfer,
  type TransferField,
} from './transfer-terms';
import { flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';
import { useAppActor } from '../../machines/actors';
import { leaveOverlays } from '../../ui/overlay-history';

const FIELD_ORDER: readonly TransferField[] = ['receivePId', 'amount'];

/** Room for a pasted Pay ID with spaces around it; anything longer is not a Pay ID. */
const PAY_ID_INPUT_MAX_LENGTH = PAY_ID_DIGITS * 2;

/** The transfer form (docs/product.md §2, §5): receiver by Pay ID, amount, fee and net, then confirm. */
export function TransferForm({ user }: { user: User }) {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const setting = useSiteSetting();
  const [logic] = useState(() =>
    transferMachine.provide({
      actors: {
        lookupPayId: fromPromise(({ input, signal }) => lookupPayId(input.payId, signal)),
        submission: submissionWith((attempt) =>
          createTransfer(attempt.request, attempt.idempotencyKey),
        ),
      },
      actions: {
        refreshWalletData: () => void invalidateAfterMoneyMoved(queryClient),
        // docs/product.md §4: the detail replaces the form in the history, so Back does not resend.
        goToResult: (_, { id }) =>
          leaveOverlays(() =>
            navigate(`/transfer/log/${encodeURIComponent(id)}`, { replace: true }),
          ),
      },
    }),
  );
  const actor = useAppActor(logic, { id: 'transfer', input: { ownPayId: user.payId } });
  useNoticeToasts(actor);
  const lookup = useSelector(actor, (s) => s.value.lookup);
  const selfTransfer = lookup === 'self';

  const terms = transferTerms(setting.data, user.balance);
  const [clamped, setClamped] = useState(false);
  const form = useFormFields({
    fields: FIELD_ORDER,
    validate: (values) => validateTransfer(values, terms),
    describe: (problem: MessageDescriptor) => i18n._(problem),
    onEdit: (field, text) =>
      actor.send(field === 'amount' ? { type: 'EDIT' } : { type: 'PAY_ID_CHANGED', payId: text }),
  });
  const values = form.values;

  const parsed = parseAmount(values.amount);
  const split = parsed.ok ? transferSplit(parsed.micros, terms) : null;
  const feePercent = formatAmountMicros(terms.feeMicroPercent, 2);
  const min = formatExactMicros(terms.minMicros);

  /** A typed amount stops at the balance, and the hint says so. */
  const clampAmount = (text: string) => {
    const next = normalizeAmountInput(text, terms.balanceMicros);
    setClamped(next.clamped);
    return next.text;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event) || selfTransfer || !parsed.ok) return;
    actor.send({ type: 'REVIEW', draft: transferDraft(values.receivePId, parsed.micros, terms) });
  };

  return (
    <>
      <Form noValidate onSubmit={onSubmit} aria-label={t`Transfer`}>
        <TextField
          label={t`Receiver Pay ID`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={PAY_ID_INPUT_MAX_LENGTH}
          {...form.bind('receivePId')}
          error={
            selfTransfer ? t`You cannot transfer to your own Pay ID.` : form.errorOf('receivePId')
          }
          hint={<PayIdStatus actor={actor} />}
        />
        <TextField
          label={t`Amount`}
          inputMode="decimal"
          autoComplete="off"
          suffix="USDT"
          {...form.bind('amount', clampAmount)}
          hint={
            clamped
              ? t`Amount exceeds your available balance.`
              : terms.minMicros > 0n
                ? t`Minimum amount is ${min} USDT`
                : undefined
          }
          hintTone={clamped ? 'warning' : 'muted'}
        />
        <DetailList aria-live="polite">
          <Detail label={<Trans>Available balance</Trans>}>
            {formatWireAmount(user.balance, 2)} USDT
          </Detail>
          <Detail label={<Trans>Fee ({feePercent} %)</Trans>}>
            {split ? formatAmountMicros(split.feeMicros, 2) : '—'} USDT
          </Detail>
          <Detail label={<Trans>Receiver gets</Trans>}>
            <Net>{split ? formatAmountMicros(split.netMicros, 2) : '—'} USDT</Net>
          </Detail>
        </DetailList>
        <Button type="submit" block>
          <Trans>Transfer</Trans>
        </Button>
      </Form>
      <TransferConfirmDialog actor={actor} />
    </>
  );
}

const Form = styled.form`
  ${flexColumn(theme.space.sm)}

  > dl {
    margin-bottom: ${theme.space.md};
  }
`;

const Net = styled.strong`
  color: ${theme.colors.success};
`;
