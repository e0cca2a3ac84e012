import { Trans } from '@lingui/react/macro';
import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import type { Trade } from '../../../common/contract';
import { useDateTime } from '../../ui/date-time';
import { ChevronRightIcon, ClockIcon } from '../../ui/icons';
import { formatSignedMicros, formatWireAmount } from '../../ui/money';
import { Figure } from '../../ui/page';
import { SkeletonText } from '../../ui/skeleton';
import { formatPrice } from '../../ui/market-format';
import { TradeCountdown, useCountdownExpired } from './trade-countdowns';
import { coinOf, pairText, tradeOutcome, type TradeOutcome } from './trade-format';
import { theme } from '../../ui/theme';

/**
 * One order (docs/product.md §2 /orders): coin pair, 'Market BUY' or 'Market SELL', date, amount
 * (USDT) and entry price; a settled one shows its Gain or Loss (a draw or a void says the
 * stake came back), a pending one its HH:MM:SS countdown. Opens /order/{id}.
 */
export function OrderCard({ trade }: { trade: Trade }) {
  const dateTime = useDateTime();
  const outcome = tradeOutcome(trade);
  const coin = coinOf(trade.coinType);
  return (
    <li>
      <Card href={`/order/${encodeURIComponent(trade._id)}`} data-trade-id={trade._id}>
        <Top>
          <Pair>{pairText(trade.coinType)}</Pair>
          <Side $side={trade.tradeType}>
            {trade.tradeType === 'buy' ? <Trans>Market BUY</Trans> : <Trans>Market SELL</Trans>}
          </Side>
          <ChevronRightIcon sizePx={16} aria-hidden="true" />
        </Top>
        <When dateTime={trade.createdAt}>{dateTime(trade.createdAt)}</When>
        <Figures>
          <div>
            <dt>
              <Trans>Amount</Trans>
            </dt>
            <dd>
              <Figure>{formatWireAmount(trade.tradeAmount)} USDT</Figure>
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Price</Trans>
            </dt>
            <dd>
              <Figure>{formatPrice(trade.coinPrice)}</Figure>
            </dd>
          </div>
          <OutcomeCell outcome={outcome} tradeId={trade._id} coin={coin} />
        </Figures>
      </Card>
    </li>
  );
}

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
        <End $tone="up">
          <dt>
            <Trans>Gain ({coin})</Trans>
          </dt>
          <dd>
            <Figure>{formatSignedMicros(outcome.profitMicros)} USDT</Figure>
          </dd>
        </End>
      );
    case 'loss':
      return (
        <End $tone="down">
          <dt>
            <Trans>Loss ({coin})</Trans>
          </dt>
          <dd>
            <Figure>{formatSignedMicros(outcome.profitMicros)} USDT</Figure>
          </dd>
        </End>
      );
    case 'draw':
      return (
        <End $tone="flat">
          <dt>
            <Trans>Result</Trans>
          </dt>
          <dd>
            <Trans>Draw — stake refunded</Trans>
          </dd>
        </End>
      );
    case 'void':
      return (
        <End $tone="flat">
          <dt>
            <Trans>Result</Trans>
          </dt>
          <dd>
            <Trans>Void — stake refunded</Trans>
          </dd>
        </End>
      );
  }
}

function PendingCell({ tradeId }: { tradeId: string }) {
  const expired = useCountdownExpired(tradeId);
  return (
    <End $tone="pending">
      <dt>{expired ? <Trans>Settling…</Trans> : <Trans>Time left</Trans>}</dt>
      <dd>
        <ClockIcon sizePx={14} aria-hidden="true" />
        <Figure role="timer">
          <TradeCountdown tradeId={tradeId} />
        </Figure>
      </dd>
    </End>
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
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};

  &[aria-busy='true'] {
    opacity: 0.6;
  }
`;

const cardStyle = css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
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
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};

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
    display: flex;
    flex-direction: column;
    gap: ${theme.space.xxs};
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

const End = styled.div<{ $tone: 'up' | 'down' | 'flat' | 'pending' }>`
  text-align: right;

  dd {
    display: flex;
    align-items: center;
    justify-content: flex-end;
    gap: ${theme.space.xs};
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
