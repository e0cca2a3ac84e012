import { Trans } from '@lingui/react/macro';
import { memo, useCallback, useMemo, type ReactNode } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { useLocation } from 'wouter';
import { pairOf, type MarketQuote } from '../../services/market-feed';
import { CoinIcon } from '../../ui/coin-icon';
import { List } from '../../ui/list';
import { Skeleton, SkeletonCircle, SkeletonText } from '../../ui/skeleton';
import { formatChange, formatPrice, shownChangeTone } from '../../ui/market-format';
import { theme } from '../../ui/theme';

/** The change column is one fixed width, so the columns line up from row to row. */
const CHANGE_WIDTH_PX = 84;
/** A row's height (its least; the usual one too), also the size of a row not yet rendered. */
const ROW_HEIGHT_PX = 64;

/** Opens /trade with the coin's pair in the navigation state (docs/product.md §2). */
export function useOpenTrade(): (symbol: string) => void {
  const [, navigate] = useLocation();
  return useCallback(
    (symbol: string) => navigate('/trade', { state: { symbol: pairOf(symbol) } }),
    [navigate],
  );
}

/** The coin's icon (src/ui/coin-icon.tsx): its logo, or its initial where it has none. */
export function CoinBadge({ symbol, sizePx = 36 }: { symbol: string; sizePx?: number }) {
  return <CoinIcon symbol={symbol} sizePx={sizePx} />;
}

/**
 * The last price in tabular figures. When it moves, a green (up) or red (down) background
 * flashes behind it and fades out within `PRICE_FLASH_MS`, leaving the plain text: the flash
 * is an empty pseudo-element (no copy of the text, so the price is drawn once and a screen
 * reader reads it once), and it animates its opacity only, which runs on the compositor
 * where a colour animation would restyle and repaint every row at every frame. The `key`
 * restarts the flash at each new price. Rows are not live regions: a list of prices that
 * all change every second would talk over everything else.
 */
export function PriceCell({ quote }: { quote: MarketQuote | undefined }) {
  if (!quote) return <Skeleton $widthPx={72} $heightPx={16} />;
  return (
    <Price key={quote.lastPrice} data-flash={quote.move ?? undefined}>
      {formatPrice(quote.lastPrice)}
    </Price>
  );
}

/** The 24-hour change as a coloured pill. */
export function ChangeCell({ quote }: { quote: MarketQuote | undefined }) {
  if (!quote) return <Skeleton $widthPx={CHANGE_WIDTH_PX} $heightPx={28} />;
  return (
    <ChangePill $tone={shownChangeTone(quote.changePercent)}>
      {formatChange(quote.changePercent)}
    </ChangePill>
  );
}

/** Column headings over a list of coin rows. */
export function CoinListHeader() {
  return (
    <Header aria-hidden="true">
      <span>
        <Trans>Coin</Trans>
      </span>
      <span>
        <Trans>Last price</Trans>
      </span>
      <span>
        <Trans>24h change</Trans>
      </span>
    </Header>
  );
}

/**
 * One coin: badge, coin and pair, last price, 24-hour change. Memoized on its quote, so a
 * tick re-renders only the rows whose coin changed, and in those only the figures.
 */
export const CoinRow = memo(function CoinRow({
  symbol,
  quote,
  rank,
  onOpen,
}: {
  symbol: string;
  quote: MarketQuote | undefined;
  rank?: number | undefined;
  onOpen: (symbol: string) => void;
}) {
  const coin = useMemo(
    () => (
      <>
        {rank !== undefined ? <Rank>{rank}</Rank> : <CoinBadge symbol={symbol} />}
        <Name>
          <strong>{symbol}</strong>
          <span>{symbol}/USDT</span>
        </Name>
      </>
    ),
    [symbol, rank],
  );
  return (
    <li>
      <RowButton type="button" onClick={() => onOpen(symbol)} data-symbol={symbol}>
        {coin}
        <PriceColumn>
          <PriceCell quote={quote} />
        </PriceColumn>
        <ChangeCell quote={quote} />
      </RowButton>
    </li>
  );
});

/** A row before the coin list has loaded: badge, name and figures as placeholders. */
export function CoinRowSkeleton() {
  return (
    <li aria-hidden="true">
      <RowSkeleton>
        <SkeletonCircle $widthPx={36} $heightPx={36} />
        <Name>
          <strong>
            <SkeletonText $widthEm={3} />
          </strong>
          <span>
            <SkeletonText $widthEm={6} />
          </span>
        </Name>
        <PriceColumn>
          <PriceCell quote={undefined} />
        </PriceColumn>
        <ChangeCell quote={undefined} />
      </RowSkeleton>
    </li>
  );
}

export function CoinList({ children, label }: { children: ReactNode; label?: string }) {
  return <Rows aria-label={label}>{children}</Rows>;
}

/** How long a price's flash takes to fade out, in ms. */
const PRICE_FLASH_MS = 600;

const flashFade = keyframes`
  from { opacity: 0.3; }
  to { opacity: 0; }
`;

const Price = styled.span`
  position: relative;
  isolation: isolate;
  font-variant-numeric: tabular-nums;
  font-feature-settings: 'tnum';
  font-weight: ${theme.fontWeights.semibold};
  white-space: nowrap;

  /* The flash: a tinted background behind the text, at rest fully transparent. */
  &[data-flash]::before {
    content: '';
    position: absolute;
    inset: -2px -4px;
    z-index: -1;
    border-radius: ${theme.radii.sm};
    opacity: 0;
    pointer-events: none;
    animation: ${flashFade} ${PRICE_FLASH_MS}ms ease-out;
  }
  &[data-flash='up']::before {
    background: ${theme.colors.success};
  }
  &[data-flash='down']::before {
    background: ${theme.colors.danger};
  }

  /* Without motion, no flash: the new figure alone says the price changed. */
  @media (prefers-reduced-motion: reduce) {
    &[data-flash]::before {
      animation: none;
    }
  }
`;

const ChangePill = styled.span<{ $tone: 'up' | 'down' | 'flat' }>`
  display: inline-block;
  flex: none;
  width: ${CHANGE_WIDTH_PX}px;
  padding: 5px ${theme.space.xs};
  border-radius: ${theme.radii.sm};
  text-align: center;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  font-variant-numeric: tabular-nums;
  font-feature-settings: 'tnum';
  white-space: nowrap;
  color: ${({ theme, $tone }) => ($tone === 'flat' ? theme.colors.textMuted : theme.colors.textOnSignal)};
  background: ${({ theme, $tone }) =>
    $tone === 'up'
      ? theme.colors.success
      : $tone === 'down'
        ? theme.colors.danger
        : theme.colors.surfaceRaised};
`;

const Rows = styled(List)`
  /*
   * Rows off screen skip style, layout and paint until they scroll near the viewport, so a
   * tick that changes every price of a long list re-renders the visible rows only.
   */
  > li {
    content-visibility: auto;
    contain-intrinsic-size: auto ${ROW_HEIGHT_PX}px;
  }
`;

const Header = styled.div`
  display: flex;
  gap: ${theme.space.sm};
  padding: 0 calc(${theme.space.lg} + 1px);
  color: ${theme.colors.textFaint};
  font-size: ${theme.fontSizes.xs};
  white-space: nowrap;

  > span:first-child {
    flex: 1;
  }
  > span:last-child {
    width: ${CHANGE_WIDTH_PX}px;
    text-align: center;
  }
`;

const rowStyle = css`
  display: flex;
  align-items: center;
  /* Narrow gaps: at 390 px a sub-cent price ("0.00001560") leaves the pair's name little room. */
  gap: ${theme.space.sm};
  width: 100%;
  min-height: ${ROW_HEIGHT_PX}px;
  padding: ${theme.space.sm} ${theme.space.lg};
  border: 0;
  background: transparent;
  color: ${theme.colors.text};
  text-align: left;
`;

const RowButton = styled.button`
  ${rowStyle}
  cursor: pointer;

  &:hover {
    background: ${theme.colors.surfaceRaised};
  }
`;

const RowSkeleton = styled.div`
  ${rowStyle}
`;

const Rank = styled.span`
  flex: none;
  width: 1.5em;
  color: ${theme.colors.textFaint};
  font-size: ${theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  text-align: right;
`;

const Name = styled.span`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-width: 0;
  line-height: 1.25;
  white-space: nowrap;

  strong,
  span {
    overflow: hidden;
    text-overflow: ellipsis;
  }
  strong {
    font-weight: ${theme.fontWeights.semibold};
  }
  span {
    color: ${theme.colors.textFaint};
    font-size: ${theme.fontSizes.xs};
  }
`;

const PriceColumn = styled.span`
  display: flex;
  justify-content: flex-end;
  flex: none;
  min-width: 72px;
  text-align: right;
`;
