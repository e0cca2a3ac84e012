import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { navigate } from 'wouter/use-browser-location';
import type { User } from '../../../common/contract';
import { coinUnitsForUsdt, displayMicros, parseAmount } from '../../../common/money';
import { submissionWith } from '../../machines/submission.machine';
import { withdrawMachine } from '../../machines/withdraw.machine';
import { invalidateAfterMoneyMoved } from '../../services/queries';
import { createWithdraw } from '../../services/wallet-api';
import { Button } from '../../ui/button';
import { focusFirstInvalid } from '../../ui/focus-first-invalid';
import { InfoIcon } from '../../ui/icons';
import { Detail, DetailList } from '../../ui/list';
import {
  formatCoinQuantity,
  formatExactMicros,
  formatRate,
  formatWireAmount,
} from '../../ui/money';
import { Card, Figure, Page } from '../../ui/page';
import { TextField } from '../../ui/text-field';
import { normalizeAmountInput } from '../shared/amount-rules';
import { SubmitFailureMessage } from '../shared/submit-failure';
import { useNoticeToasts } from '../shared/use-notice-toasts';
import {
  validateWithdraw,
  withdrawRequest,
  withdrawSplit,
  withdrawTerms,
  type WithdrawCheckoutState,
  type WithdrawField,
} from './withdraw-terms';
import { theme } from '../../ui/theme';
import { useAppActor } from '../../machines/actors';

const FIELD_ORDER: readonly WithdrawField[] = ['amount', 'paymentAddress'];

/** The withdraw form of one method: amount, wallet address, the fee and what arrives. */
export function WithdrawCheckout({
  methodId,
  method,
  user,
}: {
  methodId: string;
  method: WithdrawCheckoutState;
  user: User;
}) {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const [logic] = useState(() =>
    withdrawMachine.provide({
      actors: {
        submission: submissionWith((attempt) =>
          createWithdraw(attempt.request, attempt.idempotencyKey),
        ),
      },
      actions: {
        refreshWalletData: () => void invalidateAfterMoneyMoved(queryClient),
        goToResult: (_, { id }) => navigate(`/withdraw/log/${encodeURIComponent(id)}`),
      },
    }),
  );
  const actor = useAppActor(logic, { id: 'withdraw' });
  useNoticeToasts(actor);
  const submitting = useSelector(actor, (s) => s.matches({ submitting: 'sending' }));
  const submitted = useSelector(actor, (s) => s.matches('submitted'));
  const failure = useSelector(actor, (s) => s.context.failure);

  const terms = withdrawTerms(method, user.balance);
  const [values, setValues] = useState({ amount: '', paymentAddress: '' });
  const [clamped, setClamped] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<WithdrawField, boolean>>>({});
  const [attempted, setAttempted] = useState(false);

  const errors = validateWithdraw(values, terms);
  const fieldError = (field: WithdrawField) => {
    const error = errors[field];
    return error && (attempted || touched[field]) ? i18n._(error) : undefined;
  };

  const parsed = parseAmount(values.amount);
  const split = parsed.ok ? withdrawSplit(parsed.micros, terms) : null;
  const coin = method.coinSymbol;
  const currency = method.currencyUsdt;
  const coinLimit = (micros: bigint) =>
    formatCoinQuantity(coinUnitsForUsdt(micros, terms.rateMicros));
  const minCoin = coinLimit(terms.minMicros);
  const maxCoin = coinLimit(terms.maxMicros);
  const feePercent = formatWireAmount(method.charge, 2);

  const edit = (field: WithdrawField, text: string) => {
    if (field === 'amount') {
      const next = normalizeAmountInput(text, terms.balanceMicros);
      setClamped(next.clamped);
      setValues((current) => ({ ...current, amount: next.text }));
    } else {
      setValues((current) => ({ ...current, paymentAddress: text }));
    }
    actor.send({ type: 'EDIT' });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    focusFirstInvalid(event.currentTarget, FIELD_ORDER, errors);
    if (Object.keys(errors).length > 0 || submitting || submitted || !parsed.ok) return;
    actor.send({
      type: 'SUBMIT',
      request: withdrawRequest(methodId, parsed.micros, values.paymentAddress, terms),
    });
  };

  return (
    <Page>
      <DetailList>
        <Detail label={<Trans>Currency</Trans>}>{currency}</Detail>
        <Detail label={<Trans>Gateway</Trans>}>
          {method.name} ({method.label.toUpperCase()})
        </Detail>
        <Detail label={<Trans>Available balance</Trans>}>
          {formatWireAmount(user.balance, 2)} {currency}
        </Detail>
        <Detail label={<Trans>Minimum amount</Trans>}>
          {formatExactMicros(terms.minMicros)} {currency}
        </Detail>
      </DetailList>
      <Form noValidate onSubmit={onSubmit} aria-label={t`Withdraw`}>
        <TextField
          label={t`Amount`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          suffix={currency}
          value={values.amount}
          onChange={(event) => edit('amount', event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, amount: true }))}
          error={fieldError('amount')}
          hint={clamped ? t`Amount exceeds your available balance.` : undefined}
          hintTone="warning"
        />
        <TextField
          label={t`Wallet Address`}
          name="paymentAddress"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={values.paymentAddress}
          onChange={(event) => edit('paymentAddress', event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, paymentAddress: true }))}
          error={fieldError('paymentAddress')}
        />
        <DetailList aria-live="polite">
          <Detail label={<Trans>Processing fee</Trans>}>
            {feePercent} %{split && <Faint>{displayMicros(split.feeMicros, 4)} USDT</Faint>}
          </Detail>
          <Detail label={<Trans>You receive</Trans>}>
            <Strong>{split ? displayMicros(split.netMicros, 4) : '—'} USDT</Strong>
            {split && split.netMicros > 0n && coin !== currency && (
              <Faint>
                ≈ {formatCoinQuantity(coinUnitsForUsdt(split.netMicros, terms.rateMicros))} {coin}
              </Faint>
            )}
          </Detail>
          <Detail label={<Trans>Limits</Trans>}>
            {minCoin} – {maxCoin} {coin}
          </Detail>
          <Detail label={<Trans>Rate</Trans>}>
            1 {coin} = {formatRate(method.conversionRate)} {currency}
          </Detail>
        </DetailList>
        {method.info.trim() !== '' && (
          <Info>
            <InfoIcon sizePx={20} />
            <p>{method.info}</p>
          </Info>
        )}
        {failure && (
          <SubmitFailureMessage failure={failure} onRetry={() => actor.send({ type: 'RETRY' })} />
        )}
        <SubmitButton type="submit" block busy={submitting} disabled={submitted}>
          <Trans>withdraw</Trans>
        </SubmitButton>
      </Form>
    </Page>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};

  > dl {
    margin-bottom: ${theme.space.sm};
  }
`;

const Strong = styled(Figure)`
  display: block;
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.success};
`;

const Faint = styled(Figure)`
  display: block;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
`;

const Info = styled(Card)`
  flex-direction: row;
  align-items: flex-start;
  margin-bottom: ${theme.space.sm};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};

  > svg {
    flex: none;
    color: ${theme.colors.accent};
  }
  p {
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
`;

/** the contract's button text is 'withdraw'; shown in capitals like the other actions. */
const SubmitButton = styled(Button)`
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;
