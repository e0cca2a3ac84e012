import { Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import styled from 'styled-components';
import { useMarketPrice, useMarketStatus } from '../../services/market-feed-react';
import { useQuery } from '@tanstack/react-query';
import { marketTicksQuery } from '../../services/market-ticks';
import { Card, Figure } from '../../ui/page';
import { Skeleton, SkeletonText } from '../../ui/skeleton';
import { formatChange, formatPrice, shownChangeTone } from '../../ui/market-format';
import { coinOfPair } from '../../workers/market-types';
import { marketErrorMessage } from '../shared/market-text';
import { theme } from '../../ui/theme';
import { CoinSwitcher } from './coin-switcher';

/** The pair with its live price, 24 h change and 24 h high (from the market feed, every 1 s). */
export const PairHeader = memo(function PairHeader({ symbol }: { symbol: string }) {
  const { i18n } = useLingui();
  const quote = useMarketPrice(symbol);
  // Until the feed's first quote, the last price the server recorded (the chart's backfill,
  // one request for both): the ticker comes after the worker, the region check and a poll,
  // and the price is the largest thing the page shows (its LCP in `npm run lighthouse`).
  const recordedPrice = useQuery(marketTicksQuery(symbol)).data?.ticks.at(-1)?.price;
  const status = useMarketStatus();
  const coin = coinOfPair(symbol);
  // The price in the colour of the change pill beside it.
  const tone = quote ? shownChangeTone(quote.changePercent) : 'flat';
  const message = i18n._(marketErrorMessage(status.error));
  // Placeholders until the first price; with the feed failing, dashes and the error instead.
  const failed = status.phase === 'error';
  return (
    <Card as="section" aria-labelledby="pair-name">
      <Top>
        <Name>
          <CoinSwitcher coin={coin} />
          <PairName id="pair-name">
            {coin}
            <span>/USDT</span>
          </PairName>
        </Name>
        {quote ? (
          <Change $tone={shownChangeTone(quote.changePercent)}>
            {formatChange(quote.changePercent)}
          </Change>
        ) : (
          !failed && <Skeleton $widthPx={64} $heightPx={24} />
        )}
      </Top>
      <Price $tone={tone} aria-live="off" data-testid="live-price">
        {quote ? (
          formatPrice(quote.lastPrice)
        ) : failed ? (
          '—'
        ) : recordedPrice !== undefined ? (
          formatPrice(recordedPrice)
        ) : (
          <Skeleton $widthPx={160} $heightPx={32} />
        )}
      </Price>
      <Stats>
        <div>
          <dt>
            <Trans>24h High</Trans>
          </dt>
          <dd>
            <Figure>
              {quote ? formatPrice(quote.highPrice) : failed ? '—' : <SkeletonText $widthEm={6} />}
            </Figure>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>24h Change</Trans>
          </dt>
          <dd>
            <Figure>
              {quote ? (
                formatChange(quote.changePercent)
              ) : failed ? (
                '—'
              ) : (
                <SkeletonText $widthEm={4} />
              )}
            </Figure>
          </dd>
        </div>
      </Stats>
      {failed && (
        <ErrorLine role="status">
          <Trans>Error: {message}</Trans>
        </ErrorLine>
      )}
    </Card>
  );
});

type Tone = 'up' | 'down' | 'flat';

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.md};
`;

const Name = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  min-width: 0;
`;

const PairName = styled.h2`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};

  span {
    color: ${theme.colors.textMuted};
    font-weight: ${theme.fontWeights.medium};
  }
`;

const toneColor = (
  tone: Tone,
  colors: { success: string; danger: string; text: string },
): string => (tone === 'up' ? colors.success : tone === 'down' ? colors.danger : colors.text);

const Change = styled.span<{ $tone: Tone }>`
  padding: 2px ${theme.space.sm};
  border-radius: ${theme.radii.sm};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $tone }) => toneColor($tone, theme.colors)};
  background: ${({ theme, $tone }) =>
    $tone === 'up'
      ? theme.colors.successSoft
      : $tone === 'down'
        ? theme.colors.dangerSoft
        : theme.colors.surfaceRaised};
`;

/**
 * Tabular figures: the price changes every second and must not make the line jitter. At
 * least one line tall, so the placeholder before the first price takes the same room.
 */
const Price = styled.p<{ $tone: Tone }>`
  font-size: ${theme.fontSizes.display};
  font-weight: ${theme.fontWeights.bold};
  line-height: 1.1;
  min-height: 1.1em;
  font-variant-numeric: tabular-nums;
  font-feature-settings: 'tnum';
  letter-spacing: -0.01em;
  overflow-wrap: anywhere;
  color: ${({ theme, $tone }) => toneColor($tone, theme.colors)};
`;

const Stats = styled.dl`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space.md};
  margin: 0;

  > div {
    display: flex;
    flex-direction: column;
    gap: ${theme.space.xxs};
    min-width: 0;
  }
  dt {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.semibold};
  }
`;

const ErrorLine = styled.p`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.danger};
`;
