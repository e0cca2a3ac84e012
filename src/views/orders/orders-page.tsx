import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { TradeListTab } from '../../../common/contract';
import { useUserTrades } from '../../services/trade-queries';
import { Button, ButtonLink } from '../../ui/button';
import { OrdersIcon } from '../../ui/icons';
import { EmptyState, Figure, Page } from '../../ui/page';
import { LoadError } from '../shared/load-error';
import { LoadingRegion } from '../shared/skeletons';
import { OrderCard, OrderCardSkeleton, OrderList } from '../shared/order-card';
import { TradeCountdowns } from '../shared/trade-countdowns';
import { theme } from '../../ui/theme';
import { useLoadView } from '../../services/load-view';

const TABS: readonly { id: TradeListTab; label: MessageDescriptor }[] = [
  { id: 'Pending', label: msg`Pending` },
  { id: 'Completed', label: msg`Completed` },
  { id: 'All', label: msg`All Orders` },
];

/**
 * The user's timed trades by tab, All Orders first (docs/product.md §2): 6 a page, newest first,
 * previous/next and 'Page x / y' only with more than one page.
 */
export default function OrdersPage() {
  const { i18n, t } = useLingui();
  const [tab, setTab] = useState<TradeListTab>('All');
  const [page, setPage] = useState(1);
  const selectTab = (next: TradeListTab) => {
    setTab(next);
    setPage(1);
  };
  return (
    <Page>
      <Tabs role="tablist" aria-label={t`Orders`}>
        {TABS.map(({ id, label }) => (
          <Tab
            key={id}
            id={`orders-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls="orders-panel"
            onClick={() => selectTab(id)}
          >
            {i18n._(label)}
          </Tab>
        ))}
      </Tabs>
      <Panel id="orders-panel" role="tabpanel" aria-labelledby={`orders-tab-${tab}`}>
        {/* Keyed by tab: another tab's page is never shown as this one's placeholder. */}
        <OrdersTab key={tab} tab={tab} page={page} onPage={setPage} />
      </Panel>
    </Page>
  );
}

function OrdersTab({
  tab,
  page,
  onPage,
}: {
  tab: TradeListTab;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  const orders = useUserTrades(tab, page);
  const ordersView = useLoadView(orders);
  const data = orders.data;
  const settled = orders.isPlaceholderData ? undefined : data;

  // Trades settle and leave the Pending tab, so a later page can run empty: step back.
  useEffect(() => {
    if (settled && settled.trades.length === 0 && page > settled.pageCount) {
      onPage(settled.pageCount);
    }
  }, [settled, page, onPage]);

  if (ordersView.failed && !settled) {
    return (
      <LoadError onRetry={ordersView.retry} busy={ordersView.busy}>
        <Trans>Error loading orders. Please try again.</Trans>
      </LoadError>
    );
  }
  if (!data) return <OrdersSkeleton />;
  const pageNumber = data.page;
  const pages = data.pageCount;
  if (data.trades.length === 0) {
    return (
      <EmptyState
        icon={<OrdersIcon sizePx={32} />}
        title={<Trans>No orders available in this tab.</Trans>}
        action={
          <ButtonLink to="/trade">
            <Trans>Start trading</Trans>
          </ButtonLink>
        }
      >
        <Trans>Trades you place show here, with their countdown and result.</Trans>
      </EmptyState>
    );
  }
  return (
    <TradeCountdowns trades={data.trades}>
      <OrderList aria-busy={orders.isPlaceholderData || undefined} aria-label={t`Orders`}>
        {data.trades.map((trade) => (
          <OrderCard key={trade._id} trade={trade} />
        ))}
      </OrderList>
      {pages > 1 && (
        <Pager aria-label={t`Order pages`}>
          <Button
            variant="secondary"
            disabled={pageNumber <= 1 || orders.isFetching}
            onClick={() => onPage(Math.max(1, pageNumber - 1))}
          >
            <Trans>Previous</Trans>
          </Button>
          <Figure aria-live="polite">
            <Trans>
              Page {pageNumber} / {pages}
            </Trans>
          </Figure>
          <Button
            variant="secondary"
            disabled={pageNumber >= pages || orders.isFetching}
            onClick={() => onPage(Math.min(pages, pageNumber + 1))}
          >
            <Trans>Next</Trans>
          </Button>
        </Pager>
      )}
    </TradeCountdowns>
  );
}

/** Three cards' worth: what a phone's screen shows of the first page. */
function OrdersSkeleton() {
  return (
    <LoadingRegion>
      <OrderList aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <OrderCardSkeleton key={index} />
        ))}
      </OrderList>
    </LoadingRegion>
  );
}

const Tabs = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${theme.space.xs};
  padding: ${theme.space.xs};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
`;

const Tab = styled.button`
  min-height: 40px;
  padding: 0 ${theme.space.xs};
  border: 0;
  border-radius: ${theme.radii.sm};
  background: transparent;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  line-height: 1.2;
  cursor: pointer;

  &[aria-selected='true'] {
    background: ${theme.colors.surfaceRaised};
    color: ${theme.colors.text};
  }
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.lg};
`;

const Pager = styled.nav`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: ${theme.space.md};
  text-align: center;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;
