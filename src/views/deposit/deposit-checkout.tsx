import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { parseAmount } from '../../../common/money';
import { depositMachine } from '../../machines/deposit.machine';
import { createDeposit } from '../../services/wallet-api';
import { Button } from '../../ui/button';
import { focusFirstInvalid } from '../../ui/focus-first-invalid';
import { Detail, DetailList } from '../../ui/list';
import { formatCoinWire, formatExactMicros, formatRate } from '../../ui/money';
import { Figure, Page } from '../../ui/page';
import { TextField } from '../../ui/text-field';
import { normalizeAmountInput } from '../shared/amount-rules';
import { ImageUploadField } from '../shared/image-upload-field';
import { SubmitFailureMessage } from '../shared/submit-failure';
import { useImageUpload } from '../shared/use-image-upload';
import { useCheckoutActor } from '../shared/use-checkout-actor';
import { DepositAddressCard } from './deposit-address-card';
import {
  coinConversion,
  depositRequest,
  depositTerms,
  maximumMessage,
  validateDeposit,
  type DepositCheckoutState,
} from './deposit-terms';
import { flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';

const FIELD_ORDER = ['amount', 'screenshot'] as const;

/** The deposit form of one method: address, amount, screenshot, and the request. */
export function DepositCheckout({
  methodId,
  method,
}: {
  methodId: string;
  method: DepositCheckoutState;
}) {
  const { i18n, t } = useLingui();
  const { actor, submitting, submitted, failure } = useCheckoutActor(
    depositMachine,
    createDeposit,
    {
      id: 'deposit',
      logPath: '/deposit/log',
    },
  );

  const terms = depositTerms(method);
  const { upload, choose } = useImageUpload();
  const [amount, setAmount] = useState('');
  const [clamped, setClamped] = useState(false);
  const [amountTouched, setAmountTouched] = useState(false);
  const [attempted, setAttempted] = useState(false);

  const errors = validateDeposit(
    { amount, screenshotUrl: upload.fileUrl, uploading: upload.status === 'uploading' },
    terms,
  );
  const amountError =
    errors.amount && (attempted || amountTouched) ? i18n._(errors.amount) : undefined;
  const screenshotError = errors.screenshot && attempted ? i18n._(errors.screenshot) : undefined;

  const parsed = parseAmount(amount);
  const coinAmount =
    parsed.ok && parsed.micros > 0n ? formatCoinWire(coinConversion(parsed.micros, terms)) : null;
  const coin = method.coinSymbol;
  const currency = method.currencyUsdt;
  const min = formatExactMicros(terms.minMicros);
  const max = formatExactMicros(terms.maxMicros);
  const rate = formatRate(method.conversionRate);

  const onAmountChange = (text: string) => {
    const next = normalizeAmountInput(text, terms.maxMicros);
    setAmount(next.text);
    setClamped(next.clamped);
    actor.send({ type: 'EDIT' });
  };

  const onChoose = (file: File) => {
    choose(file);
    actor.send({ type: 'EDIT' });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    focusFirstInvalid(event.currentTarget, FIELD_ORDER, errors);
    if (Object.keys(errors).length > 0 || submitting || submitted) return;
    if (!parsed.ok || !upload.fileUrl) return;
    actor.send({
      type: 'SUBMIT',
      request: depositRequest(methodId, parsed.micros, terms, upload.fileUrl),
    });
  };

  return (
    <Page>
      <DepositAddressCard method={method} />
      <DetailList>
        <Detail label={<Trans>Currency</Trans>}>{currency}</Detail>
        <Detail label={<Trans>Minimum deposit</Trans>}>
          {min} {currency}
        </Detail>
        <Detail label={<Trans>Maximum deposit</Trans>}>
          {max} {currency}
        </Detail>
        <Detail label={<Trans>Rate</Trans>}>
          1 {coin} = {rate} {currency}
        </Detail>
      </DetailList>
      <Form noValidate onSubmit={onSubmit} aria-label={t`Deposit`}>
        <TextField
          label={t`Amount`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={min}
          suffix={currency}
          value={amount}
          onChange={(event) => onAmountChange(event.target.value)}
          onBlur={() => setAmountTouched(true)}
          error={amountError}
          hint={clamped ? i18n._(maximumMessage(terms)) : undefined}
          hintTone="warning"
        />
        <Conversion aria-live="polite">
          <span>
            <Trans>You send</Trans>
          </span>
          <Figure>
            {coinAmount ?? '—'} {coin}
          </Figure>
        </Conversion>
        <ImageUploadField
          label={t`Transaction screenshot`}
          name="screenshot"
          upload={upload}
          onChoose={onChoose}
          error={screenshotError}
        />
        {failure && (
          <SubmitFailureMessage failure={failure} onRetry={() => actor.send({ type: 'RETRY' })} />
        )}
        <Button type="submit" block busy={submitting} disabled={submitted}>
          <Trans>Submit Deposit Request</Trans>
        </Button>
      </Form>
    </Page>
  );
}

const Form = styled.form`
  ${flexColumn(theme.space.sm)}
`;

const Conversion = styled.p`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${theme.space.md};
  margin-bottom: ${theme.space.sm};
  padding: ${theme.space.md} ${theme.space.lg};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  font-size: ${theme.fontSizes.sm};

  > span {
    color: ${theme.colors.textMuted};
  }
  > span:last-child {
    color: ${theme.colors.text};
    font-weight: ${theme.fontWeights.semibold};
    overflow-wrap: anywhere;
    text-align: right;
  }
`;
