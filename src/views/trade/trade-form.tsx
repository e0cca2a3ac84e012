import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { memo, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { SELECTED_TIMES } from '../../../common/contract';
import { microsFromWire, parseAmount, winProfitMicros } from '../../../common/money';
import { TRADE_DURATIONS_S } from '../../../common/rules';
import type { tradeMachine } from '../../machines/trade.machine';
import { durationOf, quickStakeText, tradeAmountError } from '../../machines/trade-terms';
import { AlertIcon } from '../../ui/icons';
import { Detail, DetailList } from '../../ui/list';
import {
  formatAmountMicros,
  formatExactMicros,
  formatSignedMicros,
  formatWireAmount,
} from '../../ui/money';
import { Figure, WarningNote } from '../../ui/page';
import { SkeletonText } from '../../ui/skeleton';
import { TextField } from '../../ui/text-field';
import { durationShort, percentText } from '../shared/trade-format';
import { desktopUp, flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';
import { BreakEvenNote, TradersLine } from './odds-note';

type TradeActor = ActorRefFrom<typeof tradeMachine>;

const QUICK_PERCENTS = [25, 50, 75, 100] as const;

/**
 * The trade form: the duration (each with its payout), the stake with quick shares of the
 * balance, what a win pays back, and Buy (price up) or Sell (price down), which open the
 * confirmation dialog. With trading turned off a notice says so and the buttons are disabled.
 */
export const TradeForm = memo(function TradeForm({
  actor,
  children,
}: {
  actor: TradeActor;
  /** Shown above Buy and Sell in the action bar: the newest open trade's countdown. */
  children?: ReactNode;
}) {
  const { i18n, t } = useLingui();
  const terms = useSelector(actor, (s) => s.context.terms);
  const amount = useSelector(actor, (s) => s.context.amount);
  const clamped = useSelector(actor, (s) => s.context.clamped);
  const showErrors = useSelector(actor, (s) => s.context.showErrors);
  const selectedTime = useSelector(actor, (s) => s.context.selectedTime);

  const error = terms ? tradeAmountError(amount, terms) : null;
  const duration = terms ? durationOf(terms, selectedTime) : null;
  const parsed = parseAmount(amount);
  // The stake as typed, once it is a valid one: what a win adds and returns, what a loss costs.
  const stakeMicros = parsed.ok && !error && duration ? parsed.micros : null;
  const profitMicros =
    stakeMicros !== null && duration
      ? winProfitMicros(stakeMicros, microsFromWire(duration.payoutPercent))
      : null;
  const percent = duration ? percentText(duration.payoutPercent) : null;
  const disabled = !terms || !terms.enabled;
  const min = terms ? formatExactMicros(microsFromWire(terms.minAmount)) : null;
  const max = terms ? formatExactMicros(microsFromWire(terms.maxAmount)) : null;

  const durations = SELECTED_TIMES.map((name, index) => {
    const published = terms ? durationOf(terms, name) : null;
    return {
      selectedTime: name,
      seconds: published?.seconds ?? TRADE_DURATIONS_S[index] ?? 0,
      profitPercent: published ? percentText(published.payoutPercent) : null,
    };
  });

  return (
    <Form noValidate aria-label={t`Trade`} onSubmit={(event) => event.preventDefault()}>
      {terms && !terms.enabled && (
        <WarningNote role="status">
          <AlertIcon sizePx={20} />
          <span>
            <Trans>Trading is turned off at the moment. Please try again later.</Trans>
          </span>
        </WarningNote>
      )}

      <Group role="group" aria-label={t`Duration`}>
        {durations.map((item) => (
          <DurationButton
            key={item.selectedTime}
            type="button"
            aria-pressed={selectedTime === item.selectedTime}
            disabled={disabled}
            onClick={() =>
              actor.send({ type: 'DURATION_CHANGED', selectedTime: item.selectedTime })
            }
          >
            <strong>{i18n._(durationShort(item.seconds))}</strong>
            <Figure>
              {!terms ? (
                <SkeletonText $widthEm={2.2} />
              ) : item.profitPercent === null ? (
                '—'
              ) : (
                <ChipProfit percent={item.profitPercent} />
              )}
            </Figure>
          </DurationButton>
        ))}
      </Group>

      <TextField
        label={t`Amount`}
        name="tradeAmount"
        inputMode="decimal"
        autoComplete="off"
        suffix="USDT"
        value={amount}
        disabled={disabled}
        onChange={(event) => actor.send({ type: 'AMOUNT_CHANGED', text: event.target.value })}
        onBlur={() => actor.send({ type: 'BLUR' })}
        error={error && showErrors ? i18n._(error) : undefined}
        hint={
          clamped
            ? t`Amount exceeds your available balance.`
            : min && max
              ? t`From ${min} to ${max} USDT`
              : undefined
        }
        hintTone={clamped ? 'warning' : 'muted'}
      />

      <Chips role="group" aria-label={t`Share of your balance`}>
        {QUICK_PERCENTS.map((percent) => {
          const text = terms ? quickStakeText(terms, percent) : null;
          return (
            <Chip
              key={percent}
              type="button"
              disabled={disabled || text === null}
              onClick={() => text !== null && actor.send({ type: 'AMOUNT_CHANGED', text })}
            >
              {percent === 100 ? <Trans>Max</Trans> : `${percent}%`}
            </Chip>
          );
        })}
      </Chips>

      <DetailList aria-live="polite">
        <Detail label={<Trans>Available balance</Trans>}>
          {terms ? `${formatWireAmount(terms.balance)} USDT` : <SkeletonText $widthEm={7} />}
        </Detail>
        <Detail label={<Trans>Profit if you win</Trans>}>
          <Win>
            {profitMicros === null ? '—' : `${formatSignedMicros(profitMicros)} USDT`}
            {percent !== null && <Rate> (+{percent}%)</Rate>}
          </Win>
        </Detail>
        <Detail label={<Trans>Returned if you win</Trans>}>
          <strong>
            {stakeMicros === null || profitMicros === null
              ? '—'
              : `${formatAmountMicros(stakeMicros + profitMicros)} USDT`}
          </strong>
        </Detail>
        <Detail label={<Trans>Maximum loss</Trans>}>
          <Loss>{stakeMicros === null ? '—' : `${formatAmountMicros(stakeMicros)} USDT`}</Loss>
        </Detail>
      </DetailList>
      {duration && <BreakEvenNote payoutPercent={duration.payoutPercent} />}
      {/* Before Buy and Sell, whose bar is at the bottom of the screen: its link comes first
          in the Tab order as it does to the eye. */}
      <TradersLine />

      {/* Buy and Sell stay enabled while their confirmation is open (the dialog is modal,
          and the machine takes REVIEW only while editing): a disabled button drops the
          focus, which the dialog must give back to it when it closes. */}
      <ActionBar>
        {children}
        <Sides>
          <SideButton
            type="button"
            $side="buy"
            disabled={disabled}
            onClick={() => actor.send({ type: 'REVIEW', direction: 'buy' })}
          >
            <Arrow aria-hidden="true">▲</Arrow>
            <Trans>Buy</Trans>
          </SideButton>
          <SideButton
            type="button"
            $side="sell"
            disabled={disabled}
            onClick={() => actor.send({ type: 'REVIEW', direction: 'sell' })}
          >
            <Arrow aria-hidden="true">▼</Arrow>
            <Trans>Sell</Trans>
          </SideButton>
        </Sides>
      </ActionBar>
      <Hint>
        <Trans>Buy if you expect the price to rise, Sell if you expect it to fall.</Trans>
      </Hint>
    </Form>
  );
});

/** "+80% profit": the percent a win adds to the stake. */
function ChipProfit({ percent }: { percent: string }) {
  return <Trans>+{percent}% profit</Trans>;
}

const Form = styled.form`
  ${flexColumn(theme.space.md)}
  padding: ${theme.space.lg};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};

  > dl {
    margin-top: ${theme.space.xs};
  }
`;

const Group = styled.div`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: ${theme.space.sm};
`;

const DurationButton = styled.button`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  min-height: 56px;
  padding: ${theme.space.xs};
  border-radius: ${theme.radii.md};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.text};
  cursor: pointer;

  strong {
    font-weight: ${theme.fontWeights.semibold};
    font-variant-numeric: tabular-nums;
    /* "30 Sek." on one line, so all four buttons keep one height, down to 320 px wide. */
    white-space: nowrap;
    font-size: min(1rem, 4vw);
  }
  span {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.success};
  }
  /* The profit line keeps room for two lines ("+80% profit" wraps on a phone), so the
     buttons, and the form under them, do not grow when the percents arrive. */
  > span:last-child {
    display: flex;
    align-items: center;
    justify-content: center;
    min-height: 2.6em;
    line-height: 1.3;
    text-align: center;
  }

  &[aria-pressed='true'] {
    border-color: ${theme.colors.primary};
    background: rgba(108, 124, 255, 0.16);
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

const Chips = styled.div`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: ${theme.space.sm};
  margin-top: -${theme.space.sm};
`;

const Chip = styled.button`
  min-height: 36px;
  border-radius: ${theme.radii.pill};
  border: 1px solid ${theme.colors.border};
  background: transparent;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  font-variant-numeric: tabular-nums;
  cursor: pointer;

  &:hover:not(:disabled) {
    color: ${theme.colors.text};
    border-color: ${theme.colors.borderStrong};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

const Win = styled.strong`
  color: ${theme.colors.success};
`;

const Rate = styled.span`
  font-weight: ${theme.fontWeights.regular};
`;

const Loss = styled.strong`
  color: ${theme.colors.danger};
`;

/**
 * Buy and Sell, always within reach on a phone: fixed at the bottom of the screen, above the
 * bottom navigation, at the content's width (on a desktop screen, sticky in the form's column). The page leaves room for it (ACTION_BAR_ROOM).
 */
const ActionBar = styled.div`
  position: fixed;
  left: 50%;
  bottom: calc(${theme.sizes.bottomBarHeightPx}px + env(safe-area-inset-bottom, 0px));
  transform: translateX(-50%);
  z-index: ${theme.zIndices.bottomBar};
  width: min(100%, ${theme.sizes.contentMaxWidthPx}px);
  ${flexColumn(theme.space.sm)}
  padding: ${theme.space.sm} ${theme.space.lg};
  background: ${theme.colors.background};
  border-top: 1px solid ${theme.colors.border};

  /* A desktop screen has no bottom bar and puts the markets beside the form: the bar stays
     in the form's column, held at the bottom of the window while the form is in view. */
  ${desktopUp} {
    position: sticky;
    left: auto;
    bottom: 0;
    transform: none;
    width: auto;
    margin: 0 -${theme.space.lg};
  }
`;

const Sides = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space.md};
`;

const SideButton = styled.button<{ $side: 'buy' | 'sell' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.sm};
  min-height: ${theme.sizes.touchPx + 8}px;
  border: 0;
  border-radius: ${theme.radii.md};
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.textOnSignal};
  cursor: pointer;
  transition: transform ${theme.durations.fastMs}ms ease;

  ${({ theme, $side }) =>
    $side === 'buy'
      ? css`
          background: ${theme.colors.success};
        `
      : css`
          background: ${theme.colors.danger};
        `}

  &:active:not(:disabled) {
    transform: scale(0.98);
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

const Arrow = styled.span`
  font-size: 0.8em;
`;

const Hint = styled.p`
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textFaint};
  text-align: center;
`;
