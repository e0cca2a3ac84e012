import { describe, expect, it, vi } from 'vitest';
import type { MarketFeedUpdate, WatchedSymbols } from '../workers/market-types';
import { MarketFeedStore, type MarketFeedConnection, type MarketQuote } from './market-feed';

const SETTINGS = {
  pollIntervalMs: 1000,
  endpoints: {
    tickerUrl: '/t',
    tickerUsUrl: '/tu',
    geoUrl: '/g',
    coinListUrl: '/c',
    simplePriceUrl: '/s',
  },
};

function quote(symbol: string, lastPrice: string): MarketQuote {
  return {
    symbol,
    pair: `${symbol}USDT`,
    lastPrice,
    highPrice: lastPrice,
    changePercent: '0',
    price: Number(lastPrice),
    high: Number(lastPrice),
    change: 0,
    move: null,
    source: 'primary',
    receivedAt: 0,
  };
}

function fakeWorker() {
  const watched: WatchedSymbols[] = [];
  let listener: ((update: MarketFeedUpdate) => void) | null = null;
  let fail: () => void = () => undefined;
  const connection: MarketFeedConnection = {
    configure: (_settings, _coins, l) => {
      listener = l;
    },
    setWatched: (symbols) => watched.push(symbols),
    setHidden: vi.fn(),
    close: vi.fn(),
  };
  const store = new MarketFeedStore((onFailure) => {
    fail = onFailure;
    return connection;
  });
  return {
    store,
    connection,
    watched,
    push: (update: MarketFeedUpdate) => listener?.(update),
    crash: () => fail(),
  };
}

const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('MarketFeedStore', () => {
  it('notifies only the subscribers of coins that changed', () => {
    const { store, push } = fakeWorker();
    store.configure(SETTINGS, ['BTC', 'ETH']);
    const btc = vi.fn();
    const eth = vi.fn();
    const any = vi.fn();
    store.subscribeSymbol('BTC', btc);
    store.subscribeSymbol('ETH', eth);
    store.subscribeAny(any);

    push({ quotes: [quote('BTC', '1')] });
    expect(btc).toHaveBeenCalledTimes(1);
    expect(eth).not.toHaveBeenCalled();
    expect(any).toHaveBeenCalledTimes(1);
    expect(store.getQuote('BTC')?.lastPrice).toBe('1');
  });

  it('keeps a selection the same object until one of its coins changes', () => {
    const { store, push } = fakeWorker();
    store.configure(SETTINGS, ['BTC', 'ETH', 'SOL']);
    push({ quotes: [quote('BTC', '1'), quote('ETH', '2')] });
    const first = store.getSelection(['BTC', 'ETH']);
    expect([...first.keys()]).toEqual(['BTC', 'ETH']);

    push({ quotes: [quote('SOL', '3')] });
    expect(store.getSelection(['BTC', 'ETH'])).toBe(first);
    const all = store.getAll();
    push({ quotes: [quote('ETH', '2.5')] });
    expect(store.getSelection(['BTC', 'ETH'])).not.toBe(first);
    expect(store.getAll()).not.toBe(all);
  });

  it('tells the worker the union of what is watched, once per batch of changes', async () => {
    const { store, watched } = fakeWorker();
    store.configure(SETTINGS, ['BTC', 'ETH']);
    const stopBtc = store.watch(['BTC']);
    const stopPair = store.watch(['ethusdt', 'BTC']);
    await flush();
    expect(watched.at(-1)).toEqual(['BTC', 'ETH']);
    const calls = watched.length;

    stopPair();
    await flush();
    expect(watched.at(-1)).toEqual(['BTC']);
    const stopAll = store.watch('all');
    await flush();
    expect(watched.at(-1)).toBe('all');
    stopAll();
    stopBtc();
    stopBtc(); // a second call is harmless
    await flush();
    expect(watched.at(-1)).toEqual([]);
    expect(watched.length).toBe(calls + 3);
    expect(store.isActive()).toBe(false);
  });

  it('reports a settings failure or a dead worker as an error status', () => {
    const { store, push, crash, connection } = fakeWorker();
    store.configure(SETTINGS, ['BTC']);
    push({
      quotes: [],
      status: { phase: 'live', source: 'primary', region: 'global', error: null },
    });
    expect(store.getStatus().phase).toBe('live');

    store.setPageError({ code: 'config' });
    expect(store.getStatus()).toMatchObject({ phase: 'error', error: { code: 'config' } });
    store.setPageError(null);
    expect(store.getStatus().phase).toBe('live');

    crash();
    expect(connection.close).toHaveBeenCalled();
    expect(store.getStatus()).toMatchObject({ phase: 'error', error: { code: 'worker' } });
  });
});
