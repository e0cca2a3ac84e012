import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { User } from '../../../common/contract';
import { coinUnitsForUsdt, parseAmount } from '../../../common/money';
import { withdrawMachine } from '../../machines/withdraw.machine';
import { createWithdraw } from '../../services/wallet-api';
import { Button } from '../../ui/button';
import { InfoIcon } from '../../ui/icons';
import { Detail, DetailList } from '../../ui/list';
import {
  formatAmountMicros,
  formatCoinQuantity,
  formatExactMicros,
  formatRate,
  formatWireAmount,
} from '../../ui/money';
import { Card, Figure, Page } from '../../ui/page';
import { EmailVerificationNotice } from '../shared/email-verification-notice';
import { TextField } from '../../ui/text-field';
import { useFormFields } from '../../ui/use-form-fields';
import { normalizeAmountInput } from '../shared/amount-rules';
import { useCheckoutActor } from '../shared/use-checkout-actor';
import {
  validateWithdraw,
  withdrawRequest,
  withdrawSplit,
  withdrawTerms,
  type WithdrawCheckoutState,
  type WithdrawField,
} from './withdraw-terms';
import { WithdrawReviewDialog } from './withdraw-review-dialog';
import { flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';

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
  const { actor, submitting, submitted } = useCheckoutActor(withdrawMachine, createWithdraw, {
    id: 'withdraw',
    logPath: '/withdraw/log',
  });

  const terms = withdrawTerms(method, user.balance);
  const [clamped, setClamped] = useState(false);
  const form = useFormFields({
    fields: FIELD_ORDER,
    validate: (values) => validateWithdraw(values, terms),
    describe: (problem: MessageDescriptor) => i18n._(problem),
    onEdit: () => actor.send({ type: 'EDIT' }),
  });
  const values = form.values;

  const parsed = parseAmount(values.amount);
  const split = parsed.ok ? withdrawSplit(parsed.micros, terms) : null;
  const coin = method.coinSymbol;
  const currency = method.currencyUsdt;
  const coinLimit = (micros: bigint) =>
    formatCoinQuantity(coinUnitsForUsdt(micros, terms.rateMicros));
  const minCoin = coinLimit(terms.minMicros);
  const maxCoin = coinLimit(terms.maxMicros);
  const feePercent = formatWireAmount(method.charge, 2);

  /** A typed amount stops at the balance, and the hint says so. */
  const clampAmount = (text: string) => {
    const next = normalizeAmountInput(text, terms.balanceMicros);
    setClamped(next.clamped);
    return next.text;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event) || submitting || submitted || !parsed.ok) return;
    actor.send({
      type: 'REVIEW',
      request: withdrawRequest(methodId, parsed.micros, values.paymentAddress, terms),
    });
  };

  return (
    <Page>
      <EmailVerificationNotice />
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
          inputMode="decimal"
          autoComplete="off"
          suffix={currency}
          {...form.bind('amount', clampAmount)}
          hint={clamped ? t`Amount exceeds your available balance.` : undefined}
          hintTone="warning"
        />
        <TextField
          label={t`Wallet Address`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...form.bind('paymentAddress')}
        />
        <DetailList aria-live="polite">
          <Detail label={<Trans>Processing fee</Trans>}>
            {feePercent} %{split && <Faint>{formatAmountMicros(split.feeMicros, 4)} USDT</Faint>}
          </Detail>
          <Detail label={<Trans>You receive</Trans>}>
            <Strong>{split ? formatAmountMicros(split.netMicros, 4) : '—'} USDT</Strong>
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
        <SubmitButton type="submit" block busy={submitting} disabled={submitted}>
          <Trans>withdraw</Trans>
        </SubmitButton>
      </Form>
      <WithdrawReviewDialog
        actor={actor}
        network={`${method.name} (${method.label.toUpperCase()})`}
        currency={currency}
      />
    </Page>
  );
}

const Form = styled.form`
  ${flexColumn(theme.space.sm)}

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
