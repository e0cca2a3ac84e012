/**
 * The market feed: everything the worker does, as a plain class that runs in Node as well
 * (the tests drive it against local HTTP servers). It polls the exchange ticker for the
 * watched listed coins, falls back silently to the secondary price service, and tells its
 * listener only about watched coins whose figures changed.
 */
import {
  BINANCE_MAX_PAIRS_PER_REQUEST,
  fetchTicker,
  isInvalidSymbolError,
  QUOTE_ASSET,
} from '../../common/market/binance';
import {
  coinGeckoIds,
  fetchCoinList,
  fetchSimplePrices,
  symbolsByCoinId,
  type SimplePrice,
} from '../../common/market/coingecko';
import { asMarketRequestError, MarketRequestError, type FetchLike } from '../../common/market/http';
import { HIDDEN_POLL_INTERVAL_MS, PRICE_POLL_INTERVAL_MS } from '../../common/rules';
import { detectRegion, type Region } from './geo';
import {
  INITIAL_STATUS,
  pairOf,
  type MarketError,
  type MarketFeedSettings,
  type MarketFeedStatus,
  type MarketFeedUpdate,
  type MarketQuote,
  type WatchedSymbols,
} from './market-types';

/** Limits on everything the feed does; tests shorten the times. */
export interface MarketFeedLimits {
  /** Listed coins beyond this many are not polled. */
  maxSymbols: number;
  /** Pairs per ticker request: more are asked in several requests, one after another. */
  maxPairsPerRequest: number;
  /** The poll interval from the config is clamped to this range. */
  minPollIntervalMs: number;
  maxPollIntervalMs: number;
  /** The interval while the page is hidden. */
  hiddenPollIntervalMs: number;
  /** A ticker or price request fails after the poll interval plus this. */
  requestTimeoutExtraMs: number;
  maxRequestTimeoutMs: number;
  geoTimeoutMs: number;
  coinListTimeoutMs: number;
  maxTickerBytes: number;
  maxSimplePriceBytes: number;
  maxGeoBytes: number;
  /** The whole CoinGecko coin list is about 1.5 MB (some 17,000 coins). */
  maxCoinListBytes: number;
  maxCoinListEntries: number;
  /** After failures the exchange is retried after the poll interval, doubling up to this. */
  primaryBackoffCapMs: number;
  /**
   * The secondary service is asked at most this often: its free tier allows a few calls a
   * minute, so polling it every second would only earn refusals.
   */
  secondaryMinIntervalMs: number;
  /** A failed coin-list fetch is tried again after this long (well-known ids meanwhile). */
  coinListRetryMs: number;
  /** Requests one poll may spend finding which pairs the exchange does not trade. */
  maxProbeRequests: number;
}

export const DEFAULT_LIMITS: MarketFeedLimits = {
  maxSymbols: 200,
  maxPairsPerRequest: BINANCE_MAX_PAIRS_PER_REQUEST,
  minPollIntervalMs: 250,
  maxPollIntervalMs: 60_000,
  hiddenPollIntervalMs: HIDDEN_POLL_INTERVAL_MS,
  requestTimeoutExtraMs: 1000,
  maxRequestTimeoutMs: 10_000,
  geoTimeoutMs: 3000,
  coinListTimeoutMs: 10_000,
  maxTickerBytes: 1024 * 1024,
  maxSimplePriceBytes: 256 * 1024,
  maxGeoBytes: 16 * 1024,
  maxCoinListBytes: 8 * 1024 * 1024,
  maxCoinListEntries: 50_000,
  primaryBackoffCapMs: 30_000,
  secondaryMinIntervalMs: 6000,
  coinListRetryMs: 60_000,
  maxProbeRequests: 24,
};

/** Timers and clock, injectable so tests can step time. */
export interface Scheduler {
  now(): number;
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface MarketFeedOptions {
  fetch: FetchLike;
  /** Configured paths are resolved against it (the worker's `self.location.origin`). */
  origin: string;
  scheduler?: Scheduler;
  limits?: Partial<MarketFeedLimits>;
}

type Listener = (update: MarketFeedUpdate) => void;

/** A coin symbol as listed: letters and digits, short. */
const SYMBOL_PATTERN = /^[A-Z0-9]{1,15}$/;

interface ResolvedSettings {
  pollIntervalMs: number;
  ticker: { global: URL; us: URL };
  geo: string;
  coinList: URL;
  simplePrice: URL;
}

export class MarketFeed {
  private readonly fetchFn: FetchLike;
  private readonly origin: string;
  private readonly scheduler: Scheduler;
  private readonly limits: MarketFeedLimits;

  private settings: ResolvedSettings | null = null;
  private listener: Listener | null = null;
  private coins: string[] = [];
  private listed = new Set<string>();
  private watched: WatchedSymbols = [];
  private hidden = false;

  /** The newest figures of every polled coin. */
  private readonly current = new Map<string, MarketQuote>();
  /** What the listener has been told, per coin: a coin is posted when it differs. */
  private readonly sent = new Map<string, MarketQuote>();
  private status: MarketFeedStatus = INITIAL_STATUS;
  private lastPostedStatus: MarketFeedStatus | null = null;

  private region: Promise<Region> | null = null;
  private regionGeoUrl: string | null = null;
  private primaryFailures = 0;
  private primaryRetryAt = 0;
  /** Pairs the exchange refused as unknown; they are priced by the secondary service. */
  private readonly unsupportedOnPrimary = new Set<string>();
  private coinIds: Map<string, string> | null = null;
  private coinIdsFor = '';
  private coinListRetryAt = 0;
  private lastSecondaryAt = Number.NEGATIVE_INFINITY;

  private timer: unknown = null;
  private inFlight: Promise<void> | null = null;
  private pollRequested = false;
  private lastPollStartedAt = Number.NEGATIVE_INFINITY;
  /** Bumped by configure and stop, so an answer to an older setup is dropped. */
  private generation = 0;

  constructor(options: MarketFeedOptions) {
    this.fetchFn = options.fetch;
    this.origin = options.origin;
    this.scheduler = options.scheduler ?? realScheduler;
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
  }

  /**
   * Starts or reconfigures the feed. Throws on settings that cannot work (a URL that does
   * not parse); the listener is told everything watched again, since it may be new.
   */
  configure(settings: MarketFeedSettings, coins: readonly string[], listener: Listener): void {
    const resolved = this.resolve(settings);
    const previous = this.settings;
    if (!previous || !sameEndpoints(previous, resolved)) {
      this.primaryFailures = 0;
      this.primaryRetryAt = 0;
      this.unsupportedOnPrimary.clear();
      this.coinIds = null;
      this.coinListRetryAt = 0;
      this.lastSecondaryAt = Number.NEGATIVE_INFINITY;
    }
    if (resolved.geo !== this.regionGeoUrl) {
      this.region = null;
      this.regionGeoUrl = resolved.geo;
    }
    this.settings = resolved;
    this.coins = normalizeCoins(coins, this.limits.maxSymbols);
    this.listed = new Set(this.coins);
    this.listener = listener;
    this.generation++;
    this.sent.clear();
    if (this.status.phase === 'idle' && this.symbolsToPoll().length > 0) {
      this.status = { ...this.status, phase: 'loading' };
    }
    this.emit(true);
    this.pollSoon();
  }

  /** Which coins the listener wants; newly watched coins are posted (or polled) at once. */
  setWatched(symbols: WatchedSymbols): void {
    this.watched =
      symbols === 'all'
        ? 'all'
        : [...new Set(symbols.map((s) => s.toUpperCase()))].slice(0, this.limits.maxSymbols);
    const polled = this.symbolsToPoll();
    if (this.settings && polled.length > 0 && this.status.phase === 'idle') {
      this.status = { ...this.status, phase: 'loading' };
    }
    this.emit(false);
    if (polled.some((symbol) => !this.current.has(symbol))) this.pollSoon();
    else this.schedule();
  }

  /** While hidden the feed polls every `hiddenPollIntervalMs`; when shown again, at once. */
  setHidden(hidden: boolean): void {
    if (hidden === this.hidden) return;
    this.hidden = hidden;
    this.schedule();
  }

  stop(): void {
    this.generation++;
    this.settings = null;
    this.listener = null;
    this.cancelTimer();
  }

  /** The delay before the next poll (for tests and diagnostics), or null when none is due. */
  get nextPollDelayMs(): number | null {
    return this.timer === null ? null : this.plannedDelayMs();
  }

  get currentStatus(): MarketFeedStatus {
    return this.status;
  }

  /**
   * One poll: the ticker for the watched listed coins, the secondary service for what the
   * ticker could not give, then the changes to the listener. Never throws: failures become
   * the status.
   */
  async pollOnce(): Promise<void> {
    const settings = this.settings;
    const symbols = this.symbolsToPoll();
    if (!settings || symbols.length === 0) return;
    const generation = this.generation;
    this.lastPollStartedAt = this.scheduler.now();
    const requestTimeoutMs = Math.min(
      settings.pollIntervalMs + this.limits.requestTimeoutExtraMs,
      this.limits.maxRequestTimeoutMs,
    );

    const region = await this.detectRegionOnce(settings);
    if (generation !== this.generation) return;

    let primaryOk = false;
    let secondaryOk = false;
    let secondaryAsked = false;
    let lastError: MarketRequestError | null = null;
    let missing: string[] = symbols;

    const forPrimary = symbols.filter((s) => !this.unsupportedOnPrimary.has(pairOf(s)));
    if (forPrimary.length > 0 && this.scheduler.now() >= this.primaryRetryAt) {
      try {
        const base = region === 'us' ? settings.ticker.us : settings.ticker.global;
        const entries = await this.fetchPrimary(base, forPrimary, requestTimeoutMs);
        if (generation !== this.generation) return;
        const receivedAt = this.scheduler.now();
        for (const symbol of forPrimary) {
          const entry = entries.get(pairOf(symbol));
          if (entry) this.record(fromTicker(symbol, entry, receivedAt));
        }
        missing = symbols.filter((s) => !entries.has(pairOf(s)));
        primaryOk = true;
        this.primaryFailures = 0;
        this.primaryRetryAt = 0;
      } catch (error) {
        if (generation !== this.generation) return;
        lastError = asMarketRequestError(error);
        this.primaryFailures++;
        this.primaryRetryAt = this.scheduler.now() + this.primaryBackoffMs(settings);
      }
    }

    const now = this.scheduler.now();
    if (missing.length > 0 && now - this.lastSecondaryAt >= this.secondaryIntervalMs(settings)) {
      secondaryAsked = true;
      this.lastSecondaryAt = now;
      try {
        const prices = await this.fetchSecondary(settings, missing, requestTimeoutMs);
        if (generation !== this.generation) return;
        const receivedAt = this.scheduler.now();
        for (const price of prices.values()) {
          this.record(this.fromSimplePrice(price, receivedAt));
        }
        secondaryOk = prices.size > 0;
        if (!secondaryOk) lastError = new MarketRequestError('format', 'No prices in the answer');
      } catch (error) {
        if (generation !== this.generation) return;
        lastError = asMarketRequestError(error);
      }
    }

    if (primaryOk) {
      this.status = { phase: 'live', source: 'primary', region, error: null };
    } else if (secondaryOk) {
      this.status = { phase: 'live', source: 'secondary', region, error: null };
    } else if (secondaryAsked) {
      // Both services failed (the exchange now or within its back-off, then the other one).
      this.status = {
        phase: 'error',
        source: this.status.source,
        region,
        error: toMarketError(lastError ?? new MarketRequestError('network', 'No answer')),
      };
    } else {
      // The exchange failed and the secondary service is resting: keep what we have.
      this.status = { ...this.status, region };
    }
    this.emit(false);
  }

  // Scheduling ---------------------------------------------------------------------------

  private schedule(): void {
    this.cancelTimer();
    if (!this.settings || this.inFlight || this.symbolsToPoll().length === 0) return;
    this.timer = this.scheduler.setTimeout(() => this.runPoll(), this.plannedDelayMs());
  }

  private plannedDelayMs(): number {
    const settings = this.settings;
    if (!settings) return 0;
    const intervalMs = this.hidden
      ? Math.max(this.limits.hiddenPollIntervalMs, settings.pollIntervalMs)
      : settings.pollIntervalMs;
    return Math.max(0, this.lastPollStartedAt + intervalMs - this.scheduler.now());
  }

  /** Polls as soon as possible: now, or right after the poll under way. */
  private pollSoon(): void {
    if (this.inFlight) {
      this.pollRequested = true;
      return;
    }
    this.cancelTimer();
    if (!this.settings || this.symbolsToPoll().length === 0) return;
    this.timer = this.scheduler.setTimeout(() => this.runPoll(), 0);
  }

  private runPoll(): void {
    this.timer = null;
    if (this.inFlight) return;
    this.pollRequested = false;
    this.inFlight = this.pollOnce()
      .catch((error: unknown) => console.error('Market poll failed', error))
      .finally(() => {
        this.inFlight = null;
        if (this.pollRequested) this.pollSoon();
        else this.schedule();
      });
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.scheduler.clearTimeout(this.timer);
    this.timer = null;
  }

  // Services -----------------------------------------------------------------------------

  private detectRegionOnce(settings: ResolvedSettings): Promise<Region> {
    this.region ??= detectRegion(this.fetchFn, settings.geo, {
      timeoutMs: this.limits.geoTimeoutMs,
      maxBytes: this.limits.maxGeoBytes,
    });
    return this.region;
  }

  /**
   * The ticker of `symbols`, in requests of at most `maxPairsPerRequest` pairs made one after
   * another. The exchange refuses the whole request when it does not trade
   * one of the pairs, so such a refusal is narrowed down by halving (within a request budget
   * per poll); the refused pairs are remembered and priced by the secondary service.
   */
  private async fetchPrimary(
    base: URL,
    symbols: readonly string[],
    timeoutMs: number,
  ): Promise<Map<string, FullTicker>> {
    const result = new Map<string, FullTicker>();
    let budget = this.limits.maxProbeRequests;
    const options = { fetch: this.fetchFn, timeoutMs, maxBytes: this.limits.maxTickerBytes };
    const visit = async (group: readonly string[]): Promise<void> => {
      if (budget <= 0) throw new MarketRequestError('format', 'Too many refused pairs');
      budget--;
      try {
        const entries = await fetchTicker(base, group.map(pairOf), options);
        for (const [pair, { lastPrice, highPrice, changePercent }] of entries) {
          // The page shows all three figures: an entry lacking one is left to the fallback.
          if (highPrice === null || changePercent === null) continue;
          result.set(pair, { pair, lastPrice, highPrice, changePercent });
        }
      } catch (error) {
        if (!isInvalidSymbolError(error)) throw asMarketRequestError(error);
        if (group.length === 1) {
          this.unsupportedOnPrimary.add(pairOf(group[0] as string));
          return;
        }
        const middle = Math.ceil(group.length / 2);
        await visit(group.slice(0, middle));
        await visit(group.slice(middle));
      }
    };
    for (let start = 0; start < symbols.length; start += this.limits.maxPairsPerRequest) {
      await visit(symbols.slice(start, start + this.limits.maxPairsPerRequest));
    }
    return result;
  }

  private async fetchSecondary(
    settings: ResolvedSettings,
    symbols: readonly string[],
    timeoutMs: number,
  ): Promise<Map<string, SimplePrice>> {
    const ids = await this.coinIdsOf(settings);
    const wanted = new Map<string, string>();
    for (const symbol of symbols) {
      const id = ids.get(symbol);
      if (id !== undefined) wanted.set(symbol, id);
    }
    if (wanted.size === 0) throw new MarketRequestError('format', 'No coin ids for these coins');
    return fetchSimplePrices(settings.simplePrice, symbolsByCoinId(wanted), {
      fetch: this.fetchFn,
      timeoutMs,
      maxBytes: this.limits.maxSimplePriceBytes,
    });
  }

  /** The coin ids, from the coin list fetched once; the well-known ids until it answers. */
  private async coinIdsOf(settings: ResolvedSettings): Promise<Map<string, string>> {
    const key = this.coins.join(',');
    if (this.coinIds && this.coinIdsFor === key) return this.coinIds;
    if (this.scheduler.now() < this.coinListRetryAt) return coinGeckoIds(this.coins, null);
    try {
      const coinList = await fetchCoinList(settings.coinList, {
        fetch: this.fetchFn,
        timeoutMs: this.limits.coinListTimeoutMs,
        maxBytes: this.limits.maxCoinListBytes,
        maxEntries: this.limits.maxCoinListEntries,
      });
      this.coinIds = coinGeckoIds(this.coins, coinList);
      this.coinIdsFor = key;
      return this.coinIds;
    } catch {
      this.coinListRetryAt = this.scheduler.now() + this.limits.coinListRetryMs;
      return coinGeckoIds(this.coins, null);
    }
  }

  private primaryBackoffMs(settings: ResolvedSettings): number {
    const exponent = Math.min(this.primaryFailures - 1, 16);
    return Math.min(settings.pollIntervalMs * 2 ** exponent, this.limits.primaryBackoffCapMs);
  }

  private secondaryIntervalMs(settings: ResolvedSettings): number {
    return Math.max(settings.pollIntervalMs, this.limits.secondaryMinIntervalMs);
  }

  // Quotes and the listener ---------------------------------------------------------------

  private record(quote: MarketQuote): void {
    this.current.set(quote.symbol, quote);
  }

  private fromSimplePrice(price: SimplePrice, receivedAt: number): MarketQuote {
    const known = this.current.get(price.symbol);
    const value = Number(price.lastPrice);
    // The service has no 24-hour high: keep the last known one, raised by a higher price.
    const highPrice =
      known && known.high >= value && Number.isFinite(known.high)
        ? known.highPrice
        : price.lastPrice;
    const changePercent = price.changePercent ?? known?.changePercent ?? '0';
    return {
      symbol: price.symbol,
      pair: pairOf(price.symbol),
      lastPrice: price.lastPrice,
      highPrice,
      changePercent,
      price: value,
      high: Number(highPrice),
      change: Number(changePercent),
      move: null,
      source: 'secondary',
      receivedAt,
    };
  }

  /** Posts the watched coins whose figures differ from what the listener has, and the status. */
  private emit(forceStatus: boolean): void {
    const listener = this.listener;
    if (!listener) return;
    const quotes: MarketQuote[] = [];
    for (const symbol of this.watchedListed()) {
      const quote = this.current.get(symbol);
      if (!quote) continue;
      const before = this.sent.get(symbol);
      if (before && sameFigures(before, quote)) continue;
      const move: MarketQuote['move'] = !before
        ? quote.move
        : quote.price > before.price
          ? 'up'
          : quote.price < before.price
            ? 'down'
            : before.move;
      const posted = move === quote.move ? quote : { ...quote, move };
      this.current.set(symbol, posted);
      this.sent.set(symbol, posted);
      quotes.push(posted);
    }
    const statusChanged = forceStatus || !sameStatus(this.status, this.lastPostedStatus);
    if (quotes.length === 0 && !statusChanged) return;
    if (statusChanged) this.lastPostedStatus = this.status;
    listener(statusChanged ? { quotes, status: this.status } : { quotes });
  }

  private watchedListed(): string[] {
    if (this.watched === 'all') return this.coins;
    return this.watched.filter((symbol) => this.listed.has(symbol));
  }

  private symbolsToPoll(): string[] {
    return this.watchedListed();
  }

  private resolve(settings: MarketFeedSettings): ResolvedSettings {
    const { endpoints } = settings;
    const interval = Number.isFinite(settings.pollIntervalMs)
      ? settings.pollIntervalMs
      : PRICE_POLL_INTERVAL_MS;
    return {
      pollIntervalMs: Math.min(
        Math.max(interval, this.limits.minPollIntervalMs),
        this.limits.maxPollIntervalMs,
      ),
      ticker: {
        global: new URL(endpoints.tickerUrl, this.origin),
        us: new URL(endpoints.tickerUsUrl, this.origin),
      },
      geo: new URL(endpoints.geoUrl, this.origin).toString(),
      coinList: new URL(endpoints.coinListUrl, this.origin),
      simplePrice: new URL(endpoints.simplePriceUrl, this.origin),
    };
  }
}

/** A ticker entry with every figure the page shows. */
interface FullTicker {
  pair: string;
  lastPrice: string;
  highPrice: string;
  changePercent: string;
}

function fromTicker(symbol: string, entry: FullTicker, receivedAt: number): MarketQuote {
  return {
    symbol,
    pair: entry.pair,
    lastPrice: entry.lastPrice,
    highPrice: entry.highPrice,
    changePercent: entry.changePercent,
    price: Number(entry.lastPrice),
    high: Number(entry.highPrice),
    change: Number(entry.changePercent),
    move: null,
    source: 'primary',
    receivedAt,
  };
}

/** What the page is told of a failure: its kind, and the status of an HTTP error. */
function toMarketError(error: MarketRequestError): MarketError {
  return error.code === 'http' && error.status !== undefined
    ? { code: error.code, status: error.status }
    : { code: error.code };
}

function sameFigures(a: MarketQuote, b: MarketQuote): boolean {
  return (
    a.lastPrice === b.lastPrice &&
    a.highPrice === b.highPrice &&
    a.changePercent === b.changePercent
  );
}

function sameStatus(a: MarketFeedStatus, b: MarketFeedStatus | null): boolean {
  return (
    b !== null &&
    a.phase === b.phase &&
    a.source === b.source &&
    a.region === b.region &&
    a.error?.code === b.error?.code &&
    a.error?.status === b.error?.status
  );
}

function sameEndpoints(a: ResolvedSettings, b: ResolvedSettings): boolean {
  return (
    a.ticker.global.href === b.ticker.global.href &&
    a.ticker.us.href === b.ticker.us.href &&
    a.coinList.href === b.coinList.href &&
    a.simplePrice.href === b.simplePrice.href
  );
}

/** The listed symbols the feed can price: upper case, well formed, unique, not USDT itself. */
export function normalizeCoins(coins: readonly string[], max: number): string[] {
  const seen = new Set<string>();
  for (const coin of coins) {
    const symbol = coin.trim().toUpperCase();
    if (symbol === QUOTE_ASSET || !SYMBOL_PATTERN.test(symbol)) continue;
    seen.add(symbol);
    if (seen.size >= max) break;
  }
  return [...seen];
}
