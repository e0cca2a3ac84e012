import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import type { AppConfig, User } from '../../../common/contract';
import { submissionWith } from '../../machines/submission.machine';
import { tradeMachine } from '../../machines/trade.machine';
import { termsFrom } from '../../machines/trade-terms';
import { queryKeys, useAppConfig, useUser } from '../../services/queries';
import { createTrade } from '../../services/trade-api';
import { clockTime } from '../../ui/date-time';
import { announcePlacedTrade } from '../../services/trade-placed';
import { invalidateAfterTrade, useUserTrades } from '../../services/trade-queries';
import { Card, Muted, Section, SectionTitle } from '../../ui/page';
import { OrderCard, OrderCardSkeleton, OrderList } from '../shared/order-card';
import { TradeCountdowns } from '../shared/trade-countdowns';
import { LoadError } from '../shared/load-error';
import { LoadingRegion } from '../shared/skeletons';
import { useRenderedLater } from '../../ui/use-rendered-later';
import { useNoticeToasts } from '../shared/use-notice-toasts';
import { UserLoadError } from '../shared/with-user';
import type { EntryLine } from './chart-engine';
import { PriceChart } from './price-chart';
import { TradeConfirmDialog } from './trade-confirm-dialog';
import { RiskAcknowledgementSheet } from './risk-acknowledgement-sheet';
import { SessionReminder } from './session-reminder';
import { acknowledgeTradingRisk } from '../../services/limits-api';
import { TradeForm } from './trade-form';
import { OpenTradeBar, OpenTradeSlot } from './open-trade-bar';
import { theme } from '../../ui/theme';
import { useAppActor } from '../../machines/actors';
import { useLoadView } from '../../services/load-view';

const MAX_ENTRY_LINES = 3;

/**
 * /trade's body below the pair's price (trade-page.tsx draws the price first): the chart, the
 * trade form (Buy up, Sell down, stake, duration with its payout) with its confirmation
 * dialog, and the user's open trades with their countdowns.
 */
export default function TradeScreen({ symbol }: { symbol: string }) {
  const user = useUser();
  const userView = useLoadView(user);
  if (userView.failed && !user.data) return <UserLoadError />;
  // The chart and the open trades do not wait for the user; the form shows placeholders
  // until the balance is known.
  return <TradeBody symbol={symbol} balance={user.data?.balance} />;
}

function TradeBody({ symbol, balance }: { symbol: string; balance: string | undefined }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const configView = useLoadView(config);
  const [logic] = useState(() =>
    tradeMachine.provide({
      actors: {
        submission: submissionWith(async (attempt) => {
          const placed = await createTrade(attempt.request, attempt.idempotencyKey);
          // The settlement watcher follows it from now on, on whatever screen.
          announcePlacedTrade(placed);
          return placed;
        }),
        // After figures_changed: the config and the balance as the server has them now.
        loadTerms: fromPromise(async () => {
          await queryClient.refetchQueries(
            { queryKey: queryKeys.appConfig, type: 'active' },
            { throwOnError: true },
          );
          await queryClient.refetchQueries(
            { queryKey: queryKeys.user, type: 'active' },
            { throwOnError: true },
          );
          const fresh = queryClient.getQueryData<AppConfig>(queryKeys.appConfig);
          const freshUser = queryClient.getQueryData<User>(queryKeys.user);
          if (!fresh || !freshUser) throw new Error('The trading terms could not be loaded');
          return termsFrom(fresh.trading, freshUser.balance);
        }),
        // The sheet of a first real trade: recorded once, then the trade is sent again.
        acknowledgeRisk: fromPromise(() => acknowledgeTradingRisk()),
      },
      actions: {
        refreshTradeData: () => {
          void invalidateAfterTrade(queryClient);
          void queryClient.invalidateQueries({ queryKey: queryKeys.appConfig });
        },
      },
    }),
  );
  const actor = useAppActor(logic, { id: `trade:${symbol}`, input: { symbol } });
  useNoticeToasts(actor);
  // The chart first; the form below it a task later, the open trades below the form a task
  // after that.
  const formShown = useRenderedLater();
  const tradesShown = useRenderedLater(formShown);

  const trading = config.data?.trading;
  useEffect(() => {
    if (trading && balance !== undefined) {
      actor.send({ type: 'TERMS', terms: termsFrom(trading, balance) });
    }
  }, [actor, trading, balance]);

  const open = useUserTrades('Pending', 1);
  // The newest open trade, this pair's first: its countdown sits above Buy and Sell.
  const latestOpen =
    open.data?.trades.find((trade) => trade.coinType === symbol) ?? open.data?.trades[0];
  // Data arriving for what sits below the fold (the open trades, the chart's entry lines)
  // renders as a transition: React keeps the pair, the chart and the form responsive.
  const openTrades = useDeferredValue(open.data?.trades);
  const entryLines = useMemo<EntryLine[]>(
    () =>
      (openTrades ?? [])
        .filter((trade) => trade.coinType === symbol)
        // Newest first: more lines than this only stack their labels on one another.
        .slice(0, MAX_ENTRY_LINES)
        .map((trade) => {
          // On the server's clock, as the chart's time axis is: "Buy · ends 12:00:30".
          const endsAt = clockTime(Date.parse(trade.expiresAt));
          return {
            id: trade._id,
            price: Number(trade.coinPrice),
            direction: trade.tradeType,
            title: trade.tradeType === 'buy' ? t`Buy · ends ${endsAt}` : t`Sell · ends ${endsAt}`,
          };
        }),
    [openTrades, symbol, t],
  );

  return (
    <TradeCountdowns trades={open.data?.trades}>
      <>
        <SessionReminder />
        <Card>
          <PriceChart symbol={symbol} entryLines={entryLines} />
        </Card>
        {formShown &&
          (configView.failed && !config.data ? (
            <LoadError onRetry={configView.retry} busy={configView.busy}>
              <Trans>Could not load the trading rules.</Trans>
            </LoadError>
          ) : (
            <TradeForm actor={actor}>
              {latestOpen ? <OpenTradeBar trade={latestOpen} /> : <OpenTradeSlot />}
            </TradeForm>
          ))}
        {tradesShown && <OpenTrades open={open} />}
        {formShown && <TradeConfirmDialog actor={actor} />}
        {formShown && <RiskAcknowledgementSheet actor={actor} />}
      </>
    </TradeCountdowns>
  );
}

/** The user's open trades (all pairs), with their countdowns. */
function OpenTrades({ open }: { open: ReturnType<typeof useUserTrades> }) {
  const { t } = useLingui();
  const openView = useLoadView(open);
  // Each arrival (a poll, a trade placed or settled) renders as a transition.
  const data = useDeferredValue(open.data);
  const openTrades = data?.trades;
  const openShown = openTrades?.length ?? 0;
  const openTotal = data?.total ?? 0;
  return (
    <Section aria-labelledby="open-trades-title">
      <TitleRow>
        <SectionTitle id="open-trades-title">
          <Trans>Open trades</Trans>
        </SectionTitle>
        <AllOrders href="/orders">
          <Trans>All orders</Trans>
        </AllOrders>
      </TitleRow>
      {openView.failed && !open.data ? (
        <LoadError onRetry={openView.retry} busy={openView.busy}>
          <Trans>Error loading orders. Please try again.</Trans>
        </LoadError>
      ) : openTrades && openTrades.length === 0 ? (
        <Muted>
          <Trans>No open trades.</Trans>
        </Muted>
      ) : !openTrades ? (
        <LoadingRegion>
          <OrderList aria-hidden="true">
            <OrderCardSkeleton />
          </OrderList>
        </LoadingRegion>
      ) : (
        <>
          <OrderList aria-label={t`Open trades`}>
            {openTrades.map((trade) => (
              <OrderCard key={trade._id} trade={trade} />
            ))}
          </OrderList>
          {openTotal > openTrades.length && (
            <Muted>
              <Trans>
                {openShown} of {openTotal} open trades shown. <Link href="/orders">See all</Link>
              </Trans>
            </Muted>
          )}
        </>
      )}
    </Section>
  );
}

const TitleRow = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${theme.space.md};
`;

const AllOrders = styled(Link)`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  color: ${theme.colors.primaryHover};
  text-decoration: none;
`;
