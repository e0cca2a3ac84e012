import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { downloadTradeReceipts } from '../../services/fairness-api';
import { MICROS_PER_USDT } from '../../../common/money';
import { RECEIPTS_PER_FILE } from '../../../common/rules';
import { formatAmountMicros } from '../../ui/money';
import styled from 'styled-components';
import type { TradeListTab } from '../../../common/contract';
import { useUserTrades } from '../../services/trade-queries';
import { Button, ButtonLink } from '../../ui/button';
import { useToast } from '../../ui/toast';
import { OrdersIcon } from '../../ui/icons';
import { SegmentedTab, SegmentedTabs } from '../../ui/segmented-tabs';
import { EmptyState, Page } from '../../ui/page';
import { ListPager } from '../shared/list-pager';
import { LoadError } from '../shared/load-error';
import { LoadingRegion } from '../shared/skeletons';
import { OrderCard, OrderCardSkeleton, OrderList } from '../shared/order-card';
import { TradeCountdowns } from '../shared/trade-countdowns';
import { theme } from '../../ui/theme';
import { useLoadView } from '../../services/load-view';
import { flexColumn } from '../../ui/layout';
import { TextLink } from '../shared/article';
import { useTradeAccount } from '../../services/trade-account';
import { AccountSwitch, PracticeBalanceCard } from '../shared/practice';
import type { TradeAccount } from '../../../common/contract';

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
  const account = useTradeAccount();
  // The page belongs to the account it was chosen in: switching Real / Practice starts at 1.
  const [paging, setPaging] = useState({ account, page: 1 });
  const page = paging.account === account ? paging.page : 1;
  const setPage = (next: number) => setPaging({ account, page: next });
  const selectTab = (next: TradeListTab) => {
    setTab(next);
    setPage(1);
  };
  return (
    <Page>
      <AccountSwitch />
      {/* Above the list, whose height is only known once it loads: nothing below it moves.
          The receipts file proves real trades; practice shows its balance there instead. */}
      {account === 'practice' ? <PracticeBalanceCard /> : <ReceiptsDownload />}
      <SegmentedTabs role="tablist" aria-label={t`Orders`}>
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
      </SegmentedTabs>
      <Panel id="orders-panel" role="tabpanel" aria-labelledby={`orders-tab-${tab}`}>
        {/* Keyed by tab: another tab's page is never shown as this one's placeholder. */}
        <OrdersTab
          key={`${tab}:${account}`}
          tab={tab}
          page={page}
          onPage={setPage}
          account={account}
        />
      </Panel>
    </Page>
  );
}

/**
 * Download receipts: the newest settled trades with the recorded prices that decided them,
 * as a file to check offline (docs/product.md §4 Fairness, "How to check a receipt").
 */
function ReceiptsDownload() {
  const { t } = useLingui();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const limit = formatAmountMicros(RECEIPTS_PER_FILE * MICROS_PER_USDT, 0);
  const download = async () => {
    setBusy(true);
    try {
      await downloadTradeReceipts();
    } catch {
      toast({ tone: 'error', text: t`Couldn't download your receipts. Please try again.` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Receipts>
      <Button variant="secondary" busy={busy} onClick={() => void download()}>
        <Trans>Download receipts</Trans>
      </Button>
      <ReceiptsHint>
        <Trans>
          Your newest {limit} settled trades with the recorded prices that decided them, to{' '}
          <TextLink href="/fairness">check offline</TextLink>.
        </Trans>
      </ReceiptsHint>
    </Receipts>
  );
}

function OrdersTab({
  tab,
  page,
  onPage,
  account,
}: {
  tab: TradeListTab;
  page: number;
  onPage: (page: number) => void;
  account: TradeAccount;
}) {
  const { t } = useLingui();
  const orders = useUserTrades(tab, page, account);
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
      <ListPager
        label={t`Order pages`}
        page={data.page}
        pages={data.pageCount}
        busy={orders.isFetching}
        onPage={onPage}
      />
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

/** Tighter, so a label that wraps into two lines still fits the row. */
const Tab = styled(SegmentedTab)`
  padding: 0 ${theme.space.xs};
  line-height: 1.2;
`;

const Panel = styled.div`
  ${flexColumn(theme.space.lg)}
`;

const Receipts = styled.div`
  ${flexColumn(theme.space.xs)}
  align-items: center;
  text-align: center;
`;

const ReceiptsHint = styled.p`
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textMuted};
`;
