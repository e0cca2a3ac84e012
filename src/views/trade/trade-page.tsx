import { lazy, Suspense } from 'react';
import { useHistoryState } from 'wouter/use-browser-location';
import { useRenderedLater } from '../../ui/use-rendered-later';
import { PairHeader } from './pair-header';
import { ChartCardPlaceholder, KeepFocusAboveActionBar, ScreenWithActionBar } from './trade-frame';
import { symbolFromState } from './trade-symbol';

/**
 * The rest of the screen: the flow library, the form, the order cards and their contracts
 * (about 45 kB gzip). Its code loads once the pair's price has been drawn, so that the price,
 * the screen's largest content, waits for none of it (`npm run lighthouse`).
 */
const TradeScreen = lazy(() => import('./trade-screen'));

/**
 * /trade (docs/product.md §2, §4): the pair's live price, 24 h high and change, a live chart, the
 * trade form (Buy up, Sell down, stake, duration with its payout) with its confirmation
 * dialog, and the user's open trades with their countdowns (trade-screen.tsx).
 */
export default function TradePage() {
  const symbol = symbolFromState(useHistoryState());
  const restShown = useRenderedLater();
  return (
    <ScreenWithActionBar>
      <KeepFocusAboveActionBar />
      <PairHeader key={symbol} symbol={symbol} />
      {restShown ? (
        <Suspense fallback={<ChartCardPlaceholder />}>
          <TradeScreen key={symbol} symbol={symbol} />
        </Suspense>
      ) : (
        <ChartCardPlaceholder />
      )}
    </ScreenWithActionBar>
  );
}
