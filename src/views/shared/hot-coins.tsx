import { Trans, useLingui } from '@lingui/react/macro';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { HOT_COINS_MODAL, HOT_COINS_STRIP } from '../../../common/rules';
import { useMarketPrices, useMarketStatus } from '../../services/market-feed-react';
import { useCoinList } from '../../services/queries';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Muted, Section, SectionTitle } from '../../ui/page';
import { Skeleton, SkeletonCircle, SkeletonText } from '../../ui/skeleton';
import { ChangeCell, CoinBadge, CoinList, CoinRow, PriceCell, useOpenTrade } from './coin-row';
import { hotCoins, listedRows } from './market-lists';
import { SimulatedPricesTag } from './simulated-prices-tag';
import { flexRow } from '../../ui/layout';
import { theme } from '../../ui/theme';

/**
 * Hot Coins (docs/product.md §2): the top 5 listed coins by 24-hour change as a strip of cards, and a
 * 'See all' dialog with the top 20. Tapping a coin opens /trade.
 */
export function HotCoins() {
  const { t } = useLingui();
  const titleId = useId();
  const coins = useCoinList();
  // Deferred, as the markets page's list is (under React, a tick would render in slices).
  const prices = useDeferredValue(useMarketPrices('all'));
  const status = useMarketStatus();
  const [open, setOpen] = useState(false);
  const openTrade = useOpenTrade();
  const rows = useMemo(() => listedRows(coins.data ?? [], prices), [coins.data, prices]);
  const strip = hotCoins(rows, HOT_COINS_STRIP);
  const loading = strip.length === 0 && (coins.data?.length ?? 1) > 0;

  // With no price at all, the page's own list says why; placeholders forever would not.
  if (strip.length === 0 && (status.phase === 'error' || coins.data?.length === 0)) return null;
  return (
    <Section aria-labelledby={titleId}>
      <Head>
        <SectionTitle id={titleId}>
          <Trans>Hot Coins</Trans>
        </SectionTitle>
        <SeeAll type="button" onClick={() => setOpen(true)} disabled={strip.length === 0}>
          <Trans>See all</Trans>
        </SeeAll>
      </Head>
      <StripBox>
        <Strip aria-label={t`Top coins by 24h change`}>
          {strip.map(({ symbol, quote }) => (
            <li key={symbol}>
              <Card type="button" onClick={() => openTrade(symbol)} data-symbol={symbol}>
                <CardHead>
                  <CoinBadge symbol={symbol} sizePx={24} />
                  <strong>{symbol}</strong>
                </CardHead>
                <CardPrice>
                  <PriceCell quote={quote} />
                </CardPrice>
                <ChangeCell quote={quote} />
              </Card>
            </li>
          ))}
          {loading &&
            Array.from({ length: HOT_COINS_STRIP }, (_, index) => (
              <li key={index} aria-hidden="true">
                {/* A card's lines at their heights: badge and name, price, change pill. */}
                <CardSkeleton>
                  <CardHead>
                    <SkeletonCircle $widthPx={24} $heightPx={24} />
                    <SkeletonText $widthEm={3} />
                  </CardHead>
                  <CardPrice>
                    <SkeletonText $widthEm={5} />
                  </CardPrice>
                  <Skeleton $widthPx={84} $heightPx={31} />
                </CardSkeleton>
              </li>
            ))}
        </Strip>
      </StripBox>
      <Dialog
        open={open}
        title={<Trans>Hot Coins</Trans>}
        onClose={() => setOpen(false)}
        footer={
          <Button variant="secondary" block onClick={() => setOpen(false)}>
            <Trans>Close</Trans>
          </Button>
        }
      >
        {open && <HotCoinsList rows={rows} onOpen={openTrade} />}
      </Dialog>
    </Section>
  );
}

function HotCoinsList({
  rows,
  onOpen,
}: {
  rows: ReturnType<typeof listedRows>;
  onOpen: (symbol: string) => void;
}) {
  const { t } = useLingui();
  const top = hotCoins(rows, HOT_COINS_MODAL);
  const count = HOT_COINS_MODAL;
  return (
    <>
      <Muted>
        <Trans>The {count} listed coins with the biggest 24-hour change.</Trans>
      </Muted>
      {/* The dialog covers the header, whose tag marks the page behind it. */}
      <SimulatedPricesTag />
      <CoinList label={t`Hot Coins`}>
        {top.map(({ symbol, quote }, index) => (
          <CoinRow key={symbol} symbol={symbol} quote={quote} rank={index + 1} onOpen={onOpen} />
        ))}
      </CoinList>
    </>
  );
}

const Head = styled.div`
  ${flexRow(theme.space.md)}
  justify-content: space-between;
`;

const SeeAll = styled.button`
  min-height: ${theme.sizes.touchPx}px;
  padding: 0 ${theme.space.sm};
  margin-right: -${theme.space.sm};
  border: 0;
  background: transparent;
  color: ${theme.colors.primaryHover};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  cursor: pointer;

  &:disabled {
    color: ${theme.colors.textFaint};
    cursor: default;
  }
`;

/** A card's width in the scrolling strip, in px; on a wide box the cards share its width. */
const CARD_WIDTH_PX = 128;
/** The box width from which all the strip's cards fit side by side, in px. */
const STRIP_GRID_MIN_PX = HOT_COINS_STRIP * (CARD_WIDTH_PX + 8);

/**
 * The strip never leaves its box, at any width. Where the cards do not fit side by side it
 * scrolls sideways within the box: the next card shows cut at the edge, which says there is
 * more, and a mouse pointer gets a thin scroll bar. Where they do fit (a container query on
 * the box's width, not the screen's), they share the width as a grid of equal columns and
 * nothing scrolls.
 */
const StripBox = styled.div`
  container-type: inline-size;
  min-width: 0;
`;

const Strip = styled.ul`
  display: flex;
  gap: ${theme.space.sm};
  padding-bottom: ${theme.space.xs};
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scroll-snap-type: x proximity;
  scrollbar-width: none;

  &::-webkit-scrollbar {
    display: none;
  }
  > li {
    flex: none;
    scroll-snap-align: start;
  }

  @media (hover: hover) and (pointer: fine) {
    scrollbar-width: thin;
    scrollbar-color: ${theme.colors.border} transparent;
  }

  @container (min-width: ${STRIP_GRID_MIN_PX}px) {
    display: grid;
    grid-template-columns: repeat(${HOT_COINS_STRIP}, minmax(0, 1fr));
    overflow-x: visible;
    padding-bottom: 0;

    > li > * {
      width: 100%;
    }
  }
`;

const cardBox = `
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  width: ${CARD_WIDTH_PX}px;
  min-width: 0;
`;

const Card = styled.button`
  ${cardBox}
  gap: ${theme.space.sm};
  padding: ${theme.space.md};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  color: ${theme.colors.text};
  text-align: left;
  cursor: pointer;

  &:hover {
    background: ${theme.colors.surfaceRaised};
  }
`;

const CardSkeleton = styled.div`
  ${cardBox}
  gap: ${theme.space.sm};
  padding: ${theme.space.md};
  border-radius: ${theme.radii.lg};
  border: 1px solid ${theme.colors.border};
`;

const CardHead = styled.span`
  ${flexRow(theme.space.sm)}
`;

const CardPrice = styled.span`
  font-size: ${theme.fontSizes.md};
`;
