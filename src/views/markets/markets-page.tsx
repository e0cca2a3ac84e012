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
import { useLoadView } from '../../services/load-view';
import { LoadError } from '../shared/load-error';
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
  return (
    <Page>
      <HotCoins />
      <MarketsList idPrefix="markets" />
    </Page>
  );
}

/**
 * The markets beside the trade screen on a desktop screen (route-table.ts): the coins by
 * tab, without Hot Coins; a coin tapped opens its pair in the trade screen beside.
 */
export function MarketsCompanion() {
  return (
    <CompanionBox>
      <MarketsList idPrefix="markets-side" />
    </CompanionBox>
  );
}

/** The tabs (All Coins, Gainers, Losers) and the coins of the chosen one. */
function MarketsList({ idPrefix }: { idPrefix: string }) {
  const { i18n, t } = useLingui();
  const [tab, setTab] = useState<MarketTab>('all');
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const panelId = `${idPrefix}-panel`;

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
    <Section>
      <SegmentedTabs role="tablist" aria-label={t`Markets`} onKeyDown={onKeyDown}>
        {TABS.map(({ id, label }, index) => (
          <SegmentedTab
            key={id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            id={`${idPrefix}-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={panelId}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
          >
            {i18n._(label)}
          </SegmentedTab>
        ))}
      </SegmentedTabs>
      <Panel id={panelId} role="tabpanel" aria-labelledby={`${idPrefix}-tab-${tab}`}>
        <MarketPanel tab={tab} />
      </Panel>
    </Section>
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
  const coinsView = useLoadView(coins);
  const prices = useDeferredValue(useMarketPrices('all'));
  const status = useMarketStatus();
  const openTrade = useOpenTrade();
  const rows = useMemo(
    () => rowsForTab(tab, listedRows(coins.data ?? [], prices)),
    [tab, coins.data, prices],
  );
  const failed = status.phase === 'error';
  // The coins that cannot be read say so within seconds, while their read is retried.
  const coinsFailed = coinsView.failed && !coins.data;
  const waiting =
    !failed && !coinsFailed && (coins.isPending || (rows.length > 0 && prices.size === 0));
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
      {coinsFailed && (
        <LoadError onRetry={coinsView.retry} busy={coinsView.busy}>
          <Trans>Could not load the coins.</Trans>
        </LoadError>
      )}
      {!waiting && !coinsFailed && rows.length === 0 && !(failed && prices.size === 0) && (
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

const CompanionBox = styled.div`
  padding: ${theme.space.lg};
`;

const Panel = styled.div`
  ${flexColumn(theme.space.sm)}
`;
