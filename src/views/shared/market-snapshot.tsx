import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { useMarketPrices, useMarketStatus } from '../../services/market-feed-react';
import { useCoinList } from '../../services/queries';
import { ErrorMessage, Section, SectionTitle } from '../../ui/page';
import { CoinList, CoinListHeader, CoinRow, CoinRowSkeleton, useOpenTrade } from './coin-row';
import { marketErrorMessage } from './market-text';
import { flexRow } from '../../ui/layout';
import { theme } from '../../ui/theme';

/**
 * A few listed coins (the first `count`, in list order) with live prices: the market
 * snapshot of the home screens. Only these coins are polled for it.
 */
export function MarketSnapshot({
  count,
  title,
  action,
}: {
  count: number;
  title: ReactNode;
  /** A link beside the title, e.g. to /markets. */
  action?: ReactNode;
}) {
  const { i18n, t } = useLingui();
  const titleId = useId();
  const coins = useCoinList();
  const symbols = (coins.data ?? []).slice(0, Math.max(0, count));
  const prices = useMarketPrices(symbols);
  const status = useMarketStatus();
  const openTrade = useOpenTrade();
  const message = i18n._(marketErrorMessage(status.error));

  if (coins.data && symbols.length === 0) return null;
  return (
    <Section aria-labelledby={titleId}>
      <Head>
        <SectionTitle id={titleId}>{title}</SectionTitle>
        {action}
      </Head>
      {status.phase === 'error' && (
        <ErrorMessage>
          <Trans>Error: {message}</Trans>
        </ErrorMessage>
      )}
      {/* With the feed failing before any price, the error alone: no placeholders forever. */}
      {!(status.phase === 'error' && prices.size === 0) && (
        <>
          <CoinListHeader />
          <CoinList label={t`Live prices`}>
            {coins.data
              ? symbols.map((symbol) => (
                  <CoinRow
                    key={symbol}
                    symbol={symbol}
                    quote={prices.get(symbol)}
                    onOpen={openTrade}
                  />
                ))
              : // Placeholder rows while the coin list loads, so the layout does not jump.
                Array.from({ length: count }, (_, index) => <CoinRowSkeleton key={index} />)}
          </CoinList>
        </>
      )}
    </Section>
  );
}

const Head = styled.div`
  ${flexRow(theme.space.md)}
  justify-content: space-between;
  min-height: ${theme.sizes.touchPx}px;

  a {
    color: ${theme.colors.primaryHover};
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.semibold};
    text-decoration: none;
  }
`;
