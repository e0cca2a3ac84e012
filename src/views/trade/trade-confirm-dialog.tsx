import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { SelectedTime } from '../../../common/contract';
import type { tradeMachine } from '../../machines/trade.machine';
import { durationOf, payoutAmountWire } from '../../machines/trade-terms';
import { useMarketPrice } from '../../services/market-feed-react';
import { translate } from '../../services/messages';
import { ConfirmDialog } from '../../ui/dialog';
import { AlertIcon } from '../../ui/icons';
import { Detail, DetailList } from '../../ui/list';
import { formatSignedMicros, formatWireAmount } from '../../ui/money';
import { microsFromWire, winProfitMicros } from '../../../common/money';
import { formatPrice } from '../../ui/market-format';
import { durationLong, pairText, percentText, ruleText } from '../shared/trade-format';
import { SimulatedPricesTag } from '../shared/simulated-prices-tag';
import { SubmitFailureMessage } from '../shared/submit-failure';
import { BreakEvenNote } from './odds-note';
import { WarningNote } from '../../ui/page';
import { theme } from '../../ui/theme';
import { PracticeBadge } from '../shared/practice';

type TradeActor = ActorRefFrom<typeof tradeMachine>;

/**
 * 'Confirm Trade': the pair and direction, the stake, the duration, the profit a win adds
 * (percent and amount), what a win pays back (stake + profit) and the most it can lose (the
 * stake), then Confirm. The entry price is the
 * server's, recorded when it accepts the trade; the live price is shown for reference only.
 */
export function TradeConfirmDialog({ actor }: { actor: TradeActor }) {
  const { i18n } = useLingui();
  const open = useSelector(
    actor,
    (s) =>
      s.matches('confirming') ||
      s.matches('submitting') ||
      s.matches('refreshingTerms') ||
      s.matches('termsUnavailable'),
  );
  const checkingTerms = useSelector(actor, (s) => s.matches('refreshingTerms'));
  const busy = useSelector(
    actor,
    (s) => s.matches({ submitting: 'sending' }) || s.matches('refreshingTerms'),
  );
  const failed = useSelector(
    actor,
    (s) => s.matches({ submitting: 'failed' }) || s.matches('termsUnavailable'),
  );
  const draft = useSelector(actor, (s) => s.context.draft);
  const terms = useSelector(actor, (s) => s.context.terms);
  const failure = useSelector(actor, (s) => s.context.failure);
  const change = useSelector(actor, (s) => s.context.payoutChange);
  const quote = useMarketPrice(draft?.coinType);
  const cancel = useCallback(() => actor.send({ type: 'CANCEL' }), [actor]);

  if (!open || !draft) return null;

  const buy = draft.tradeType === 'buy';
  const selectedTime = draft.selectedTime as SelectedTime;
  const seconds = (terms && durationOf(terms, selectedTime)?.seconds) ?? null;
  const payout = percentText(draft.payoutPercent);
  const winAmount = formatWireAmount(payoutAmountWire(draft.tradeAmount, draft.payoutPercent));
  const profitMicros = winProfitMicros(
    microsFromWire(draft.tradeAmount),
    microsFromWire(draft.payoutPercent),
  );
  const pair = pairText(draft.coinType);
  const from = change ? percentText(change.fromPercent) : '';
  const to = change ? percentText(change.toPercent) : '';

  const confirm = () => actor.send({ type: failed ? 'RETRY' : 'CONFIRM' });
  const canConfirm = !failed || failure?.retryable === true;

  return (
    <ConfirmDialog
      title={<Trans>Confirm Trade</Trans>}
      confirmLabel={
        failed ? (
          <Trans>Try again</Trans>
        ) : buy ? (
          <Trans>Confirm Buy</Trans>
        ) : (
          <Trans>Confirm Sell</Trans>
        )
      }
      busy={busy}
      confirmDisabled={!canConfirm}
      onCancel={cancel}
      onConfirm={confirm}
    >
      {draft.account === 'practice' && (
        <PracticeNote data-testid="confirm-practice">
          <PracticeBadge />
          <span>
            <Trans>Practice trade: it stakes your practice balance, not USDT.</Trans>
          </span>
        </PracticeNote>
      )}
      <Headline $buy={buy}>
        <span aria-hidden="true">{buy ? '▲' : '▼'}</span>
        {buy ? <Trans>Buy {pair} — price up</Trans> : <Trans>Sell {pair} — price down</Trans>}
      </Headline>
      {change && (
        <WarningNote role="alert">
          <AlertIcon sizePx={20} />
          <span>
            <Trans>
              The payout changed from {from}% to {to}%. Check the new figures and confirm again.
            </Trans>
          </span>
        </WarningNote>
      )}
      <DetailList>
        <Detail label={<Trans>Stake</Trans>}>{formatWireAmount(draft.tradeAmount)} USDT</Detail>
        <Detail label={<Trans>Direction</Trans>}>
          {buy ? <Trans>Buy (up)</Trans> : <Trans>Sell (down)</Trans>}
        </Detail>
        <Detail label={<Trans>Duration</Trans>}>
          {seconds === null ? '—' : i18n._(durationLong(seconds))}
        </Detail>
        <Detail label={<Trans>Profit if you win</Trans>}>
          <Win>
            +{payout}% · {formatSignedMicros(profitMicros)} USDT
          </Win>
        </Detail>
        <Detail label={<Trans>Returned if you win</Trans>}>
          <strong>{winAmount} USDT</strong>
        </Detail>
        <Detail label={<Trans>Maximum loss</Trans>}>
          <Loss>{formatWireAmount(draft.tradeAmount)} USDT</Loss>
        </Detail>
        <Detail label={<Trans>Current price</Trans>}>
          {quote ? formatPrice(quote.lastPrice) : '—'}
        </Detail>
      </DetailList>
      <BreakEvenNote payoutPercent={draft.payoutPercent} />
      <SimulatedPricesTag />
      <Terms>
        {translate(i18n, ruleText(buy ? 'buy' : 'sell'))}{' '}
        <Trans>
          The entry price is the one the server records when it accepts the trade. A loss costs the
          stake.
        </Trans>
      </Terms>
      {failed && failure && <SubmitFailureMessage failure={failure} />}
      {checkingTerms && (
        <Terms role="status">
          <Trans>Checking the current payout…</Trans>
        </Terms>
      )}
    </ConfirmDialog>
  );
}

const Headline = styled.p<{ $buy: boolean }>`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.sm};
  font-weight: ${theme.fontWeights.semibold};
  color: ${({ theme, $buy }) => ($buy ? theme.colors.success : theme.colors.danger)};
  text-align: center;
`;

const Win = styled.strong`
  color: ${theme.colors.success};
`;

const Loss = styled.strong`
  color: ${theme.colors.danger};
`;

const Terms = styled.p`
  font-size: ${theme.fontSizes.xs};
  line-height: 1.45;
  color: ${theme.colors.textMuted};
`;

const PracticeNote = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
  margin: 0;
  padding: ${theme.space.sm} ${theme.space.md};
  border: 2px solid ${theme.colors.warning};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.warning};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
`;
