import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HIDDEN_POLL_INTERVAL_MS } from '../../common/rules';
import { MarketFeed } from './market-feed';
import type { MarketFeedLimits, Scheduler } from './market-feed-limits';
import type { MarketFeedStatus, MarketFeedUpdate, MarketQuote } from './market-types';
import { SERVICE_PATHS, startMarketServers, type MarketServers } from './testing/market-servers';

/** A clock and timers the test steps by hand; `pollOnce` is called directly. */
class ManualScheduler implements Scheduler {
  nowMs = 1_000_000;
  timers = new Map<number, { callback: () => void; dueAt: number }>();
  private nextId = 1;
  now(): number {
    return this.nowMs;
  }
  setTimeout(callback: () => void, delayMs: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { callback, dueAt: this.nowMs + delayMs });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  advance(ms: number): void {
    this.nowMs += ms;
  }
}

const POLL_MS = 1000;
/** Short request time-outs, so 'hang' tests finish quickly. */
const FAST: Partial<MarketFeedLimits> = {
  requestTimeoutExtraMs: -700, // ticker and price requests time out after 300 ms
  geoTimeoutMs: 300,
  coinListTimeoutMs: 300,
};

let servers: MarketServers;
let updates: MarketFeedUpdate[];
let scheduler: ManualScheduler;

beforeEach(async () => {
  servers = await startMarketServers();
  updates = [];
  scheduler = new ManualScheduler();
});

afterEach(async () => {
  await servers.close();
});

function makeFeed(limits: Partial<MarketFeedLimits> = {}, coins = ['BTC', 'ETH', 'SOL']) {
  const feed = new MarketFeed({
    fetch: (input, init) => fetch(input, init),
    origin: servers.origin,
    scheduler,
    limits: { ...FAST, ...limits },
  });
  feed.configure({ pollIntervalMs: POLL_MS, endpoints: servers.endpoints }, coins, (update) =>
    updates.push(update),
  );
  return feed;
}

const postedQuotes = (): MarketQuote[] => updates.flatMap((u) => u.quotes);
const lastStatus = (): MarketFeedStatus | undefined =>
  updates.filter((u) => u.status).at(-1)?.status;
const tickerSymbols = (url: URL): string[] =>
  JSON.parse(url.searchParams.get('symbols') ?? 'null') as string[];

describe('region', () => {
  it('uses the US ticker when the location service answers US, checking only once', async () => {
    servers.countryCode = 'US';
    const feed = makeFeed();
    feed.setWatched('all');
    await feed.pollOnce();
    await feed.pollOnce();

    expect(servers.requestsTo(SERVICE_PATHS.geo)).toHaveLength(1);
    expect(servers.requestsTo(SERVICE_PATHS.us)).toHaveLength(2);
    expect(servers.requestsTo(SERVICE_PATHS.global)).toHaveLength(0);
    expect(lastStatus()).toMatchObject({ phase: 'live', source: 'primary', region: 'us' });
    expect(postedQuotes().map((q) => q.pair)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
  });

  it('uses the global ticker when the location check fails', async () => {
    servers.mode.geo = 'fail';
    const feed = makeFeed();
    feed.setWatched('all');
    await feed.pollOnce();
    expect(servers.requestsTo(SERVICE_PATHS.us)).toHaveLength(0);
    expect(servers.requestsTo(SERVICE_PATHS.global)).toHaveLength(1);
    expect(lastStatus()).toMatchObject({ phase: 'live', region: 'global', error: null });
  });

  it('uses the global ticker when the location check times out', async () => {
    servers.mode.geo = 'hang';
    servers.countryCode = 'US';
    const feed = makeFeed();
    feed.setWatched(['BTC']);
    await feed.pollOnce();
    expect(servers.requestsTo(SERVICE_PATHS.global)).toHaveLength(1);
    expect(lastStatus()?.region).toBe('global');
  });

  it('treats any other country as non-US', async () => {
    servers.countryCode = 'CA';
    const feed = makeFeed();
    feed.setWatched(['BTC']);
    await feed.pollOnce();
    expect(servers.requestsTo(SERVICE_PATHS.global)).toHaveLength(1);
  });
});

describe('the ticker request', () => {
  it('asks only for the watched listed pairs, as a URL-encoded JSON array', async () => {
    const feed = makeFeed();
    feed.setWatched(['ETH', 'BTC', 'DOGE']); // DOGE is not listed
    await feed.pollOnce();
    const [request] = servers.requestsTo(SERVICE_PATHS.global);
    expect(request?.search).toContain('symbols=%5B%22');
    expect(tickerSymbols(request as URL)).toEqual(['ETHUSDT', 'BTCUSDT']);
  });

  it('splits a long list into requests of at most maxPairsPerRequest pairs', async () => {
    const feed = makeFeed({ maxPairsPerRequest: 2 });
    feed.setWatched('all');
    await feed.pollOnce();
    expect(servers.requestsTo(SERVICE_PATHS.global).map(tickerSymbols)).toEqual([
      ['BTCUSDT', 'ETHUSDT'],
      ['SOLUSDT'],
    ]);
    expect(postedQuotes()).toHaveLength(3);
  });

  it('keeps the decimal strings as quoted and parses numbers beside them', async () => {
    const feed = makeFeed();
    feed.setWatched(['BTC']);
    await feed.pollOnce();
    expect(postedQuotes()).toEqual([
      expect.objectContaining({
        symbol: 'BTC',
        pair: 'BTCUSDT',
        lastPrice: '67187.33000000',
        highPrice: '68000.00000000',
        changePercent: '1.250',
        price: 67187.33,
        high: 68000,
        change: 1.25,
        source: 'primary',
      }),
    ]);
  });

  it('never polls when nothing is watched, and skips coins that are not listed', async () => {
    const feed = makeFeed();
    await feed.pollOnce();
    feed.setWatched(['DOGE']);
    await feed.pollOnce();
    expect(servers.requests).toHaveLength(0);
    expect(feed.nextPollDelayMs).toBeNull();
  });
});

describe('fallback to the secondary service', () => {
  it('uses the secondary service when the ticker fails, without reporting an error', async () => {
    servers.mode.global = 'fail';
    const feed = makeFeed();
    feed.setWatched('all');
    await feed.pollOnce();

    expect(updates.every((u) => u.status?.phase !== 'error')).toBe(true);
    expect(lastStatus()).toMatchObject({ phase: 'live', source: 'secondary', error: null });
    const [price] = servers.requestsTo(SERVICE_PATHS.simplePrice);
    expect(price?.searchParams.get('ids')).toBe('bitcoin,ethereum,solana');
    expect(price?.searchParams.get('vs_currencies')).toBe('usd');
    expect(price?.searchParams.get('include_24hr_change')).toBe('true');
    const btc = postedQuotes().find((q) => q.symbol === 'BTC');
    expect(btc).toMatchObject({
      lastPrice: '67187.33',
      changePercent: '1.25',
      // No high in that answer and nothing known before: the price itself.
      highPrice: '67187.33',
      source: 'secondary',
    });
  });

  it('uses the secondary service when the ticker times out', async () => {
    servers.mode.global = 'hang';
    const feed = makeFeed();
    feed.setWatched(['BTC']);
    const startedAt = Date.now();
    await feed.pollOnce();
    expect(Date.now() - startedAt).toBeLessThan(POLL_MS + 1500);
    expect(lastStatus()).toMatchObject({ phase: 'live', source: 'secondary', error: null });
    expect(postedQuotes()).toHaveLength(1);
  });

  it('keeps the last known high, fetches the coin list once and prefers the usual ids', async () => {
    const feed = makeFeed({ secondaryMinIntervalMs: 0 }, ['BTC', 'ETH', 'TON', 'ZETA']);
    feed.setWatched('all');
    await feed.pollOnce(); // from the ticker: BTC high 68000

    servers.mode.global = 'fail';
    servers.coins.set('BTC', { ...servers.coins.get('BTC')!, lastPrice: '67000.5' });
    scheduler.advance(POLL_MS);
    await feed.pollOnce();
    servers.coins.set('BTC', { ...servers.coins.get('BTC')!, lastPrice: '69000' });
    scheduler.advance(60_000); // past any back-off: the ticker is tried again, fails again
    await feed.pollOnce();

    const btc = postedQuotes().filter((q) => q.symbol === 'BTC');
    expect(btc.map((q) => [q.lastPrice, q.highPrice, q.source])).toEqual([
      ['67187.33000000', '68000.00000000', 'primary'],
      ['67000.5', '68000.00000000', 'secondary'],
      ['69000', '69000', 'secondary'],
    ]);
    expect(servers.requestsTo(SERVICE_PATHS.coinList)).toHaveLength(1);
    const ids = servers.requestsTo(SERVICE_PATHS.simplePrice).map((u) => u.searchParams.get('ids'));
    // The well-known id for TON, the only id for ZETA, never the look-alikes.
    expect(ids[0]).toBe('bitcoin,ethereum,the-open-network,zeta-coin');
    expect(servers.requestsTo(SERVICE_PATHS.global)).toHaveLength(3);
  });

  it('goes back to the ticker once it answers again', async () => {
    servers.mode.global = 'fail';
    const feed = makeFeed();
    feed.setWatched(['BTC']);
    await feed.pollOnce();
    expect(lastStatus()?.source).toBe('secondary');

    servers.mode.global = 'ok';
    scheduler.advance(POLL_MS); // the first back-off is one poll interval
    await feed.pollOnce();
    expect(lastStatus()).toMatchObject({ phase: 'live', source: 'primary' });
  });

  it('backs off from a failing ticker, doubling up to the cap', async () => {
    servers.mode.global = 'fail';
    const feed = makeFeed({ secondaryMinIntervalMs: 0, primaryBackoffCapMs: 4000 });
    feed.setWatched(['BTC']);
    const tickerCalls = () => servers.requestsTo(SERVICE_PATHS.global).length;
    const calls: number[] = [];
    for (let second = 0; second < 16; second++) {
      await feed.pollOnce();
      calls.push(tickerCalls());
      scheduler.advance(POLL_MS);
    }
    // Tried at 0 s, then after 1, 2, 4, 4, 4 s: at seconds 0, 1, 3, 7, 11, 15.
    expect(calls).toEqual([1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6]);
  });

  it('prices pairs the exchange does not trade from the secondary service', async () => {
    servers.unknownPairs.global.add('TONUSDT');
    const feed = makeFeed({ secondaryMinIntervalMs: 0 }, ['BTC', 'ETH', 'SOL', 'TON']);
    feed.setWatched('all');
    await feed.pollOnce();

    const bySymbol = new Map(postedQuotes().map((q) => [q.symbol, q.source]));
    expect(Object.fromEntries(bySymbol)).toEqual({
      BTC: 'primary',
      ETH: 'primary',
      SOL: 'primary',
      TON: 'secondary',
    });
    expect(lastStatus()).toMatchObject({ phase: 'live', source: 'primary', error: null });

    scheduler.advance(POLL_MS);
    servers.requests.length = 0;
    await feed.pollOnce();
    const tickers = servers.requestsTo(SERVICE_PATHS.global);
    expect(tickers).toHaveLength(1);
    expect(tickerSymbols(tickers[0] as URL)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
  });

  it('refuses an answer larger than the limit and falls back', async () => {
    servers.mode.global = 'huge';
    const feed = makeFeed({ maxTickerBytes: 64 * 1024 });
    feed.setWatched(['BTC']);
    await feed.pollOnce();
    expect(lastStatus()).toMatchObject({ phase: 'live', source: 'secondary' });
  });
});

describe('when both services fail', () => {
  it('reports the error, keeps the last prices, and recovers', async () => {
    const feed = makeFeed({ secondaryMinIntervalMs: 0 });
    feed.setWatched('all');
    await feed.pollOnce();
    const before = postedQuotes().length;
    expect(before).toBe(3);

    servers.mode.global = 'fail';
    servers.mode.simplePrice = 'fail';
    scheduler.advance(POLL_MS);
    await feed.pollOnce();
    expect(lastStatus()).toMatchObject({
      phase: 'error',
      error: { code: 'http', status: 503 },
    });
    // Nothing was withdrawn: the page keeps the last prices it has.
    expect(postedQuotes()).toHaveLength(before);
    // Polling goes on.
    expect(feed.nextPollDelayMs).not.toBeNull();

    servers.mode.global = 'ok';
    servers.coins.set('SOL', { ...servers.coins.get('SOL')!, lastPrice: '146.00000000' });
    scheduler.advance(60_000);
    await feed.pollOnce();
    expect(lastStatus()).toMatchObject({ phase: 'live', source: 'primary', error: null });
    expect(postedQuotes().at(-1)).toMatchObject({ symbol: 'SOL', move: 'up' });
  });

  it('reports a time-out when both services hang', async () => {
    servers.mode.global = 'hang';
    servers.mode.simplePrice = 'hang';
    const feed = makeFeed();
    feed.setWatched(['BTC']);
    await feed.pollOnce();
    expect(lastStatus()).toMatchObject({ phase: 'error', error: { code: 'timeout' } });
  });

  it('keeps polling on its own timer after an error', async () => {
    servers.mode.global = 'fail';
    servers.mode.simplePrice = 'garbage';
    const feed = new MarketFeed({
      fetch: (input, init) => fetch(input, init),
      origin: servers.origin,
      limits: {
        ...FAST,
        minPollIntervalMs: 20,
        requestTimeoutExtraMs: 200,
        secondaryMinIntervalMs: 0,
      },
    });
    const statuses: string[] = [];
    feed.configure({ pollIntervalMs: 40, endpoints: servers.endpoints }, ['BTC'], (update) => {
      if (update.status) statuses.push(update.status.phase);
    });
    feed.setWatched(['BTC']);
    try {
      await waitFor(() => statuses.includes('error'));
      servers.mode.global = 'ok';
      await waitFor(() => statuses.at(-1) === 'live');
      expect(statuses).toEqual(['idle', 'loading', 'error', 'live']);
    } finally {
      feed.stop();
    }
  });
});

describe('what the page is told', () => {
  it('posts only watched coins, and only when their figures changed', async () => {
    const feed = makeFeed();
    feed.setWatched(['BTC']);
    await feed.pollOnce();
    expect(updates.flatMap((u) => u.quotes.map((q) => q.symbol))).toEqual(['BTC']);

    updates.length = 0;
    scheduler.advance(POLL_MS);
    await feed.pollOnce();
    expect(updates).toEqual([]); // nothing changed, nothing posted

    servers.coins.set('ETH', { ...servers.coins.get('ETH')!, lastPrice: '3400.00000000' });
    scheduler.advance(POLL_MS);
    await feed.pollOnce();
    expect(updates).toEqual([]); // ETH is not watched

    servers.coins.set('BTC', { ...servers.coins.get('BTC')!, lastPrice: '67000.00000000' });
    scheduler.advance(POLL_MS);
    await feed.pollOnce();
    expect(updates).toHaveLength(1);
    expect(updates[0]?.quotes).toEqual([
      expect.objectContaining({ symbol: 'BTC', lastPrice: '67000.00000000', move: 'down' }),
    ]);
  });

  it('posts a coin as soon as it is watched again, and polls a new one at once', async () => {
    const feed = makeFeed();
    feed.setWatched(['BTC', 'ETH']);
    await feed.pollOnce();
    feed.setWatched(['BTC']);
    servers.coins.set('ETH', { ...servers.coins.get('ETH')!, lastPrice: '3500.00000000' });
    scheduler.advance(POLL_MS);
    await feed.pollOnce(); // ETH is not asked for
    updates.length = 0;

    feed.setWatched(['BTC', 'ETH']);
    // ETH's figures are the old ones, which the page has: nothing to post before a poll.
    expect(updates).toEqual([]);

    // SOL was never polled: the next poll is due now rather than after a full interval.
    scheduler.advance(100);
    feed.setWatched(['SOL']);
    expect([...scheduler.timers.values()].map((t) => t.dueAt)).toEqual([scheduler.nowMs]);
    await feed.pollOnce();
    expect(postedQuotes().map((q) => q.symbol)).toEqual(['SOL']);
    expect(tickerSymbols(servers.requestsTo(SERVICE_PATHS.global).at(-1) as URL)).toEqual([
      'SOLUSDT',
    ]);
  });

  it('sends the status only when it changes', async () => {
    const feed = makeFeed();
    feed.setWatched(['BTC']);
    await feed.pollOnce();
    servers.coins.set('BTC', { ...servers.coins.get('BTC')!, lastPrice: '1.00000000' });
    scheduler.advance(POLL_MS);
    await feed.pollOnce();
    const withStatus = updates.filter((u) => u.status).map((u) => u.status?.phase);
    expect(withStatus).toEqual(['idle', 'loading', 'live']);
  });
});

describe('polling rhythm', () => {
  it('polls every interval while shown, every HIDDEN_POLL_INTERVAL_MS while hidden', async () => {
    const feed = makeFeed();
    feed.setWatched(['BTC']);
    await feed.pollOnce();
    expect(feed.nextPollDelayMs).toBe(POLL_MS);

    feed.setHidden(true);
    expect(feed.nextPollDelayMs).toBe(HIDDEN_POLL_INTERVAL_MS);
    scheduler.advance(4000);
    expect(feed.nextPollDelayMs).toBe(HIDDEN_POLL_INTERVAL_MS - 4000);

    // Shown again after a long while: the next poll is due at once.
    feed.setHidden(false);
    expect(feed.nextPollDelayMs).toBe(0);
  });

  it('never overlaps two requests, even when every answer is late', async () => {
    servers.mode.global = 'hang';
    servers.mode.simplePrice = 'hang';
    let open = 0;
    let mostOpen = 0;
    const feed = new MarketFeed({
      fetch: async (input, init) => {
        open++;
        mostOpen = Math.max(mostOpen, open);
        try {
          return await fetch(input, init);
        } finally {
          open--;
        }
      },
      origin: servers.origin,
      limits: {
        ...FAST,
        minPollIntervalMs: 20,
        requestTimeoutExtraMs: 60,
        secondaryMinIntervalMs: 0,
      },
    });
    feed.configure({ pollIntervalMs: 20, endpoints: servers.endpoints }, ['BTC'], () => {});
    feed.setWatched(['BTC']);
    try {
      await waitFor(() => servers.requestsTo(SERVICE_PATHS.simplePrice).length >= 3);
      expect(mostOpen).toBe(1);
    } finally {
      feed.stop();
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
