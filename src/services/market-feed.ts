/**
 * The page side of the market feed: one store of the latest quotes, fed by the market
 * worker (`src/workers/market.worker.ts`). Components subscribe per coin, so a tick
 * re-renders only the components whose coins changed. React bindings are in
 * `market-feed-react.tsx`.
 */
import * as Comlink from 'comlink';
import {
  INITIAL_STATUS,
  coinOfPair,
  type MarketError,
  type MarketFeedSettings,
  type MarketFeedStatus,
  type MarketFeedUpdate,
  type MarketQuote,
  type MarketWorkerApi,
  type WatchedSymbols,
} from '../workers/market-types';

export type { MarketError, MarketFeedStatus, MarketQuote } from '../workers/market-types';
export { pairOf } from '../workers/market-types';

/**
 * The worker, as the store uses it: the worker's own calls, with no Comlink types, and
 * `close` (stop the feed and end the worker) in place of its `stop`.
 */
export interface MarketFeedConnection extends Pick<
  MarketWorkerApi,
  'configure' | 'setWatched' | 'setHidden'
> {
  close(): void;
}

/** Opens a connection; `onFailure` is called when the worker cannot run. */
export type ConnectMarketFeed = (onFailure: () => void) => MarketFeedConnection;

/** The real worker, wrapped with Comlink. */
export const connectMarketWorker: ConnectMarketFeed = (onFailure) => {
  const worker = new Worker(new URL('../workers/market.worker.ts', import.meta.url), {
    type: 'module',
    name: 'market-feed',
  });
  worker.addEventListener('error', (event) => {
    console.error('The market worker failed', event.message);
    onFailure();
  });
  const remote = Comlink.wrap<MarketWorkerApi>(worker);
  const report = (error: unknown) => {
    console.error('The market worker did not answer', error);
    onFailure();
  };
  return {
    configure: (settings, coins, listener) =>
      void remote.configure(settings, [...coins], Comlink.proxy(listener)).catch(report),
    setWatched: (symbols) =>
      void remote.setWatched(symbols === 'all' ? 'all' : [...symbols]).catch(report),
    setHidden: (hidden) => void remote.setHidden(hidden).catch(report),
    close: () => {
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
};

type Callback = () => void;

/** Selections cached for `getSelection`, at most this many. */
const MAX_SELECTIONS = 64;
/** Coins a single watch may name. */
const MAX_WATCHED = 200;

export class MarketFeedStore {
  private quotes: ReadonlyMap<string, MarketQuote> = new Map();
  private feedStatus: MarketFeedStatus = INITIAL_STATUS;
  private pageError: MarketError | null = null;
  private status: MarketFeedStatus = INITIAL_STATUS;

  private readonly symbolListeners = new Map<string, Set<Callback>>();
  private readonly anyListeners = new Set<Callback>();
  private readonly statusListeners = new Set<Callback>();
  private readonly activeListeners = new Set<Callback>();

  private readonly watchCounts = new Map<string, number>();
  private allWatchers = 0;
  private syncQueued = false;
  private sentWatchKey: string | null = null;
  private hidden = false;

  private readonly selections = new Map<
    string,
    { quotes: (MarketQuote | undefined)[]; map: ReadonlyMap<string, MarketQuote> }
  >();
  private connection: MarketFeedConnection | null = null;

  constructor(private readonly connect: ConnectMarketFeed) {}

  // Reading -------------------------------------------------------------------------------

  getQuote = (symbol: string): MarketQuote | undefined => this.quotes.get(symbol);

  /** Every known quote; a new map whenever any quote changed. */
  getAll = (): ReadonlyMap<string, MarketQuote> => this.quotes;

  /** The quotes of `symbols`; the same map as long as none of them changed. */
  getSelection(symbols: readonly string[]): ReadonlyMap<string, MarketQuote> {
    const key = symbols.join(',');
    const current = symbols.map((symbol) => this.quotes.get(symbol));
    const cached = this.selections.get(key);
    if (cached && cached.quotes.every((quote, index) => quote === current[index])) {
      return cached.map;
    }
    const map = new Map<string, MarketQuote>();
    current.forEach((quote, index) => {
      if (quote) map.set(symbols[index] as string, quote);
    });
    this.selections.delete(key);
    this.selections.set(key, { quotes: current, map });
    if (this.selections.size > MAX_SELECTIONS) {
      const oldest = this.selections.keys().next().value;
      if (oldest !== undefined) this.selections.delete(oldest);
    }
    return map;
  }

  getStatus = (): MarketFeedStatus => this.status;

  /** Whether any component watches a coin (the feed's data is loaded only then). */
  isActive = (): boolean => this.allWatchers > 0 || this.watchCounts.size > 0;

  // Subscribing ---------------------------------------------------------------------------

  subscribeSymbol(symbol: string, callback: Callback): () => void {
    let set = this.symbolListeners.get(symbol);
    if (!set) {
      set = new Set();
      this.symbolListeners.set(symbol, set);
    }
    set.add(callback);
    return () => {
      set.delete(callback);
      if (set.size === 0) this.symbolListeners.delete(symbol);
    };
  }

  subscribeSymbols(symbols: readonly string[], callback: Callback): () => void {
    const unsubscribes = symbols.map((symbol) => this.subscribeSymbol(symbol, callback));
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }

  subscribeAny = (callback: Callback): (() => void) => addTo(this.anyListeners, callback);
  subscribeStatus = (callback: Callback): (() => void) => addTo(this.statusListeners, callback);
  subscribeActive = (callback: Callback): (() => void) => addTo(this.activeListeners, callback);

  // Watching ------------------------------------------------------------------------------

  /**
   * Asks the worker to push `symbols` (coin symbols or pairs), or every listed coin; returns
   * the function that stops watching. Watches are counted, so several components can watch
   * the same coin.
   */
  watch(symbols: WatchedSymbols): () => void {
    const wasActive = this.isActive();
    const list = symbols === 'all' ? null : normalizeSymbols(symbols);
    if (list === null) this.allWatchers++;
    else
      for (const symbol of list)
        this.watchCounts.set(symbol, (this.watchCounts.get(symbol) ?? 0) + 1);
    this.afterWatchChange(wasActive);
    let watching = true;
    return () => {
      if (!watching) return;
      watching = false;
      const wasActiveBefore = this.isActive();
      if (list === null) this.allWatchers--;
      else {
        for (const symbol of list) {
          const count = (this.watchCounts.get(symbol) ?? 0) - 1;
          if (count > 0) this.watchCounts.set(symbol, count);
          else this.watchCounts.delete(symbol);
        }
      }
      this.afterWatchChange(wasActiveBefore);
    };
  }

  private afterWatchChange(wasActive: boolean): void {
    if (wasActive !== this.isActive()) notify(this.activeListeners);
    // Several components mount in one render: tell the worker once, after all of them.
    if (this.syncQueued) return;
    this.syncQueued = true;
    queueMicrotask(() => {
      this.syncQueued = false;
      this.syncWatched();
    });
  }

  private watchedNow(): WatchedSymbols {
    return this.allWatchers > 0 ? 'all' : [...this.watchCounts.keys()].sort();
  }

  private syncWatched(): void {
    if (!this.connection) return;
    const watched = this.watchedNow();
    const key = watched === 'all' ? '*' : watched.join(',');
    if (key === this.sentWatchKey) return;
    this.sentWatchKey = key;
    this.connection.setWatched(watched);
  }

  // The worker ----------------------------------------------------------------------------

  /** Starts the worker on first use, then (re)configures it. */
  configure(settings: MarketFeedSettings, coins: readonly string[]): void {
    if (!this.connection) {
      const connection = this.connect(() => this.onWorkerFailure(connection));
      this.connection = connection;
      this.sentWatchKey = null;
      connection.setHidden(this.hidden);
      this.syncWatched();
    }
    const connection = this.connection;
    connection.configure(settings, coins, (update) => {
      // Updates of a connection that has been closed meanwhile are dropped.
      if (this.connection === connection) this.receive(update);
    });
  }

  setHidden(hidden: boolean): void {
    if (hidden === this.hidden) return;
    this.hidden = hidden;
    this.connection?.setHidden(hidden);
  }

  /** A failure on the page's side (settings or coin list not loaded), or null when cleared. */
  setPageError(error: MarketError | null): void {
    if (error?.code === this.pageError?.code) return;
    this.pageError = error;
    this.updateStatus();
  }

  /** Stops the worker; the quotes stay, and the next `configure` starts a new one. */
  close(): void {
    this.connection?.close();
    this.connection = null;
    this.sentWatchKey = null;
  }

  /** Applies one update from the worker: new quote objects for the coins that changed. */
  receive(update: MarketFeedUpdate): void {
    const changed = Array.isArray(update.quotes) ? update.quotes : [];
    if (changed.length > 0) {
      const next = new Map(this.quotes);
      for (const quote of changed) next.set(quote.symbol, quote);
      this.quotes = next;
      markTick(changed.length);
      for (const quote of changed) {
        const listeners = this.symbolListeners.get(quote.symbol);
        if (listeners) notify(listeners);
      }
      notify(this.anyListeners);
    }
    if (update.status) {
      this.feedStatus = update.status;
      this.updateStatus();
    }
  }

  private onWorkerFailure(connection: MarketFeedConnection): void {
    if (this.connection !== connection) return;
    this.close();
    this.setPageError({ code: 'worker' });
  }

  private updateStatus(): void {
    const next: MarketFeedStatus = this.pageError
      ? { ...this.feedStatus, phase: 'error', error: this.pageError }
      : this.feedStatus;
    if (next === this.status) return;
    this.status = next;
    notify(this.statusListeners);
  }
}

/**
 * A User Timing mark for each batch of quotes applied (`npm run bench:markets` counts them,
 * DevTools shows them). Observers see it; it is cleared at once, so none pile up.
 */
const TICK_MARK = 'market-tick';

function markTick(quotes: number): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  performance.mark(TICK_MARK, { detail: quotes });
  performance.clearMarks(TICK_MARK);
}

function addTo(set: Set<Callback>, callback: Callback): () => void {
  set.add(callback);
  return () => set.delete(callback);
}

function notify(listeners: Set<Callback>): void {
  for (const listener of [...listeners]) listener();
}

/** Coin symbols of `symbols` (pairs allowed), upper case, unique, in order, capped. */
export function normalizeSymbols(symbols: readonly string[]): string[] {
  const unique = new Set<string>();
  for (const symbol of symbols) {
    const coin = coinOfPair(symbol);
    if (coin) unique.add(coin);
    if (unique.size >= MAX_WATCHED) break;
  }
  return [...unique];
}
