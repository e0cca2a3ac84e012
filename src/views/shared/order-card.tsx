import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import type { Trade } from '../../../common/contract';
import { useDateTime } from '../../ui/date-time';
import { ChevronRightIcon } from '../../ui/icons';
import { ClockIcon } from '../../ui/page-icons';
import { formatSignedMicros, formatWireAmount } from '../../ui/money';
import { Figure } from '../../ui/page';
import { SkeletonText } from '../../ui/skeleton';
import { formatPrice } from '../../ui/market-format';
import { TradeCountdown, useCountdownExpired } from './trade-countdowns';
import { pairText, tradeOutcome, type TradeOutcome } from './trade-format';
import { coinOfPair } from '../../workers/market-types';
import { flexColumn, flexRow } from '../../ui/layout';
import { theme } from '../../ui/theme';

/**
 * One order (docs/product.md §2 /orders): coin pair, 'Market BUY' or 'Market SELL', date, amount
 * (USDT) and entry price; a settled one shows its Gain or Loss (a draw or a void says the
 * stake came back), a pending one its HH:MM:SS countdown. Opens /order/{id}.
 */
export function OrderCard({ trade }: { trade: Trade }) {
  const dateTime = useDateTime();
  const outcome = tradeOutcome(trade);
  const coin = coinOfPair(trade.coinType);
  return (
    <li>
      <Card href={`/order/${encodeURIComponent(trade._id)}`} data-trade-id={trade._id}>
        <Top>
          <Pair>{pairText(trade.coinType)}</Pair>
          <SidePill side={trade.tradeType} />
          <ChevronRightIcon sizePx={16} aria-hidden="true" />
        </Top>
        <When dateTime={trade.createdAt}>{dateTime(trade.createdAt)}</When>
        <Figures>
          <Cell label={<Trans>Amount</Trans>}>
            <Figure>{formatWireAmount(trade.tradeAmount)} USDT</Figure>
          </Cell>
          <Cell label={<Trans>Price</Trans>}>
            <Figure>{formatPrice(trade.coinPrice)}</Figure>
          </Cell>
          <OutcomeCell outcome={outcome} tradeId={trade._id} coin={coin} />
        </Figures>
      </Card>
    </li>
  );
}

/** 'Market BUY' in green or 'Market SELL' in red, as a pill; a screen may enlarge it. */
export function SidePill({ side, className }: { side: 'buy' | 'sell'; className?: string }) {
  return (
    <Side $side={side} className={className}>
      {side === 'buy' ? <Trans>Market BUY</Trans> : <Trans>Market SELL</Trans>}
    </Side>
  );
}

/** One figure of the card: its name over its value. */
function Cell({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The last figure, at the card's end, coloured by the outcome. */
function OutcomeCell({
  outcome,
  tradeId,
  coin,
}: {
  outcome: TradeOutcome;
  tradeId: string;
  coin: string;
}) {
  switch (outcome.kind) {
    case 'pending':
      return <PendingCell tradeId={tradeId} />;
    case 'win':
      return (
        <EndCell tone="up" label={<Trans>Gain ({coin})</Trans>}>
          <Figure>{formatSignedMicros(outcome.profitMicros)} USDT</Figure>
        </EndCell>
      );
    case 'loss':
      return (
        <EndCell tone="down" label={<Trans>Loss ({coin})</Trans>}>
          <Figure>{formatSignedMicros(outcome.profitMicros)} USDT</Figure>
        </EndCell>
      );
    case 'draw':
      return (
        <EndCell tone="flat" label={<Trans>Result</Trans>}>
          <Trans>Draw — stake refunded</Trans>
        </EndCell>
      );
    case 'void':
      return (
        <EndCell tone="flat" label={<Trans>Result</Trans>}>
          <Trans>Void — stake refunded</Trans>
        </EndCell>
      );
  }
}

function EndCell({
  tone,
  label,
  children,
}: {
  tone: EndTone;
  label: ReactNode;
  children: ReactNode;
}) {
  return (
    <End $tone={tone}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </End>
  );
}

function PendingCell({ tradeId }: { tradeId: string }) {
  const expired = useCountdownExpired(tradeId);
  return (
    <EndCell tone="pending" label={expired ? <Trans>Settling…</Trans> : <Trans>Time left</Trans>}>
      <ClockIcon sizePx={14} aria-hidden="true" />
      <Figure role="timer">
        <TradeCountdown tradeId={tradeId} />
      </Figure>
    </EndCell>
  );
}

/** An order card on its way: the same boxes and lines as `OrderCard`, without the figures. */
export function OrderCardSkeleton() {
  return (
    <li aria-hidden="true">
      <SkeletonCard>
        <Top>
          <Pair>
            <SkeletonText $widthEm={6} />
          </Pair>
          <SkeletonText $widthPx={84} />
        </Top>
        <When>
          <SkeletonText $widthEm={10} />
        </When>
        <Figures>
          {[5, 6, 5].map((widthEm, index) => (
            <div key={index}>
              <dt>
                <SkeletonText $widthEm={4} />
              </dt>
              <dd>
                <SkeletonText $widthEm={widthEm} />
              </dd>
            </div>
          ))}
        </Figures>
      </SkeletonCard>
    </li>
  );
}

/** A list of order cards. */
export const OrderList = styled.ul`
  ${flexColumn(theme.space.md)}

  &[aria-busy='true'] {
    opacity: 0.6;
  }
`;

const cardStyle = css`
  ${flexColumn(theme.space.xs)}
  padding: ${theme.space.md} ${theme.space.lg};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  color: ${theme.colors.text};
  text-decoration: none;
`;

const Card = styled(Link)`
  ${cardStyle}

  &:hover {
    background: ${theme.colors.surfaceRaised};
  }
`;

const SkeletonCard = styled.div`
  ${cardStyle}
`;

const Top = styled.div`
  ${flexRow(theme.space.sm)}

  > svg {
    flex: none;
    color: ${theme.colors.textFaint};
  }
`;

const Pair = styled.strong`
  flex: 1;
  min-width: 0;
  font-weight: ${theme.fontWeights.bold};
`;

const Side = styled.span<{ $side: 'buy' | 'sell' }>`
  flex: none;
  padding: 2px ${theme.space.sm};
  border-radius: ${theme.radii.pill};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.semibold};
  color: ${({ theme, $side }) => ($side === 'buy' ? theme.colors.success : theme.colors.danger)};
  background: ${({ theme, $side }) =>
    $side === 'buy' ? theme.colors.successSoft : theme.colors.dangerSoft};
`;

const When = styled.time`
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textMuted};
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.15fr);
  gap: ${theme.space.sm};
  margin: ${theme.space.xs} 0 0;

  > div {
    ${flexColumn(theme.space.xxs)}
    min-width: 0;
  }
  dt {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
  dd {
    margin: 0;
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
`;

type EndTone = 'up' | 'down' | 'flat' | 'pending';

const End = styled.div<{ $tone: EndTone }>`
  text-align: right;

  dd {
    ${flexRow(theme.space.xs)}
    justify-content: flex-end;
    color: ${({ theme, $tone }) =>
      $tone === 'up'
        ? theme.colors.success
        : $tone === 'down'
          ? theme.colors.danger
          : $tone === 'pending'
            ? theme.colors.warning
            : theme.colors.textMuted};
  }
  dd > svg {
    flex: none;
  }
`;
