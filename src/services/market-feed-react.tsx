/**
 * Live market prices for components. Mount `MarketFeedProvider` once (the app's providers
 * do); then:
 *
 * - `useMarketPrice(symbol)`: one coin's latest `MarketQuote` ("BTC" or "BTCUSDT"), or
 *   undefined until the first price. Re-renders only when that coin changes.
 * - `useMarketPrices(symbols | 'all')`: a `ReadonlyMap` from coin symbol to quote, for the
 *   given coins or every listed coin. Re-renders when one of those coins changes.
 * - `useMarketStatus()`: `{ phase: 'idle' | 'loading' | 'live' | 'error', source, region,
 *   error }`. Show `error` with `marketErrorMessage` (market views).
 *
 * A quote's `lastPrice`, `highPrice` and `changePercent` are decimal strings as quoted (show
 * these); `price`, `high` and `change` are the same parsed, for sorting and colour; `move`
 * says whether the price went up or down at the last change. The worker polls only while
 * some component watches, and only the watched listed coins.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  MarketFeedStore,
  connectMarketWorker,
  normalizeSymbols,
  type ConnectMarketFeed,
  type MarketFeedStatus,
  type MarketQuote,
} from './market-feed';
import { useAppConfig, useCoinList } from './queries';

const MarketFeedContext = createContext<MarketFeedStore | null>(null);

export function MarketFeedProvider({
  children,
  connect = connectMarketWorker,
}: {
  children: ReactNode;
  /** Tests pass a fake worker. */
  connect?: ConnectMarketFeed;
}) {
  const [store] = useState(() => new MarketFeedStore(connect));
  // The settings and the coin list load when a component first watches prices.
  const active = useSyncExternalStore(store.subscribeActive, store.isActive, store.isActive);
  const config = useAppConfig({ enabled: active });
  const coins = useCoinList({ enabled: active });
  const market = config.data?.market;

  useEffect(() => {
    if (!market || !coins.data) return;
    store.configure(
      { pollIntervalMs: market.pollIntervalMs, endpoints: market.endpoints },
      coins.data,
    );
  }, [store, market, coins.data]);

  const failed = (config.isError && !config.data) || (coins.isError && !coins.data);
  useEffect(() => {
    store.setPageError(failed ? { code: 'config' } : null);
  }, [store, failed]);

  useEffect(() => {
    const update = () => store.setHidden(document.visibilityState === 'hidden');
    update();
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, [store]);

  useEffect(() => () => store.close(), [store]);

  return <MarketFeedContext.Provider value={store}>{children}</MarketFeedContext.Provider>;
}

function useStore(): MarketFeedStore {
  const store = useContext(MarketFeedContext);
  if (!store) throw new Error('useMarket* hooks need a MarketFeedProvider above them');
  return store;
}

const noSubscription = () => () => undefined;

/** One coin's latest quote ("BTC" or "BTCUSDT"); undefined until its first price. */
export function useMarketPrice(symbol: string | null | undefined): MarketQuote | undefined {
  const store = useStore();
  const coin = symbol ? (normalizeSymbols([symbol])[0] ?? null) : null;
  useEffect(() => (coin ? store.watch([coin]) : undefined), [store, coin]);
  const subscribe = useMemo(
    () => (coin ? (callback: () => void) => store.subscribeSymbol(coin, callback) : noSubscription),
    [store, coin],
  );
  const getSnapshot = useCallback(() => (coin ? store.getQuote(coin) : undefined), [store, coin]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Quotes by coin symbol, of `symbols` or of every listed coin ('all'). */
export function useMarketPrices(
  symbols: readonly string[] | 'all',
): ReadonlyMap<string, MarketQuote> {
  const store = useStore();
  const key = symbols === 'all' ? '*' : normalizeSymbols(symbols).join(',');
  const list = useMemo(() => (key === '*' ? null : key.split(',').filter(Boolean)), [key]);
  useEffect(() => store.watch(list ?? 'all'), [store, list]);
  const subscribe = useMemo(
    () =>
      list === null
        ? store.subscribeAny
        : (callback: () => void) => store.subscribeSymbols(list, callback),
    [store, list],
  );
  const getSnapshot = useMemo(
    () => (list === null ? store.getAll : () => store.getSelection(list)),
    [store, list],
  );
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** The feed's state: loading, live (and from which service), or the error to show. */
export function useMarketStatus(): MarketFeedStatus {
  const store = useStore();
  return useSyncExternalStore(store.subscribeStatus, store.getStatus, store.getStatus);
}
