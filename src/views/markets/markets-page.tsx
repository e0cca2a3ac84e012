import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDeferredValue, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { useMarketPrices, useMarketStatus } from '../../services/market-feed-react';
import { useCoinList } from '../../services/queries';
import { MarketsIcon } from '../../ui/icons';
import { SegmentedTab, SegmentedTabs } from '../../ui/segmented-tabs';
import { EmptyState, ErrorMessage, Page, Section } from '../../ui/page';
import { LoadingRegion } from '../shared/skeletons';
import {
  CoinList,
  CoinListHeader,
  CoinRow,
  CoinRowSkeleton,
  useOpenTrade,
} from '../shared/coin-row';
import { HotCoins } from '../shared/hot-coins';
import { listedRows, rowsForTab, type MarketTab } from '../shared/market-lists';
import { marketErrorMessage } from '../shared/market-text';
import { flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';

/** Placeholder rows while the prices load: more than a phone's screen shows below Hot Coins. */
const SKELETON_ROWS = 8;

const TABS: readonly { id: MarketTab; label: MessageDescriptor }[] = [
  { id: 'all', label: msg`All Coins` },
  { id: 'gainers', label: msg`Gainers` },
  { id: 'losers', label: msg`Losers` },
];

/**
 * /markets (docs/product.md §2): Hot Coins, then the listed coins by tab (All Coins, Gainers, Losers)
 * with live prices. Tapping a coin opens /trade with its pair.
 */
export default function MarketsPage() {
  const { i18n, t } = useLingui();
  const [tab, setTab] = useState<MarketTab>('all');
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  // Arrow keys move between the tabs, as in any tab list.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = (TABS.findIndex((x) => x.id === tab) + step + TABS.length) % TABS.length;
    const next = TABS[index];
    if (!next) return;
    setTab(next.id);
    tabRefs.current[index]?.focus();
  };

  return (
    <Page>
      <HotCoins />
      <Section>
        <SegmentedTabs role="tablist" aria-label={t`Markets`} onKeyDown={onKeyDown}>
          {TABS.map(({ id, label }, index) => (
            <SegmentedTab
              key={id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              id={`markets-tab-${id}`}
              type="button"
              role="tab"
              aria-selected={tab === id}
              aria-controls="markets-panel"
              tabIndex={tab === id ? 0 : -1}
              onClick={() => setTab(id)}
            >
              {i18n._(label)}
            </SegmentedTab>
          ))}
        </SegmentedTabs>
        <Panel id="markets-panel" role="tabpanel" aria-labelledby={`markets-tab-${tab}`}>
          <MarketPanel tab={tab} />
        </Panel>
      </Section>
    </Page>
  );
}

/**
 * The coins of one tab. It re-renders on every tick (the sort order may change), but each
 * row is memoized on its quote, so only the rows whose coin changed render again. A tick
 * renders as a deferred value: React renders the rows in a background render it can
 * interrupt, yielding to input and frames in between, so a tick never blocks a tap.
 */
function MarketPanel({ tab }: { tab: MarketTab }) {
  const { i18n, t } = useLingui();
  const coins = useCoinList();
  const prices = useDeferredValue(useMarketPrices('all'));
  const status = useMarketStatus();
  const openTrade = useOpenTrade();
  const rows = useMemo(
    () => rowsForTab(tab, listedRows(coins.data ?? [], prices)),
    [tab, coins.data, prices],
  );
  const failed = status.phase === 'error';
  const waiting = !failed && (coins.isPending || (rows.length > 0 && prices.size === 0));
  const message = i18n._(marketErrorMessage(status.error));

  return (
    <>
      {failed && (
        <ErrorMessage>
          <Trans>Error: {message}</Trans>
        </ErrorMessage>
      )}
      {waiting && (
        <LoadingRegion label={<Trans>Fetching market data...</Trans>}>
          <CoinListHeader />
          <CoinList>
            {Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <CoinRowSkeleton key={index} />
            ))}
          </CoinList>
        </LoadingRegion>
      )}
      {!waiting && rows.length === 0 && !(failed && prices.size === 0) && (
        <EmptyState
          icon={<MarketsIcon sizePx={32} />}
          title={<Trans>No coins match this category.</Trans>}
        />
      )}
      {!waiting && rows.length > 0 && prices.size > 0 && (
        <>
          <CoinListHeader />
          <CoinList label={t`Coins`}>
            {rows.map(({ symbol, quote }) => (
              <CoinRow key={symbol} symbol={symbol} quote={quote} onOpen={openTrade} />
            ))}
          </CoinList>
        </>
      )}
    </>
  );
}

const Panel = styled.div`
  ${flexColumn(theme.space.sm)}
`;
