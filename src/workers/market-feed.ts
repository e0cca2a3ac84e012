/**
 * The market feed: everything the worker does, as a plain class that runs in Node as well
 * (the tests drive it against local HTTP servers). It polls the exchange ticker for the
 * watched listed coins, falls back silently to the secondary price service, and tells its
 * listener only about watched coins whose figures changed.
 */
import { asMarketRequestError, MarketRequestError, type FetchLike } from '../../common/market/http';
import { detectRegion, type Region } from './geo';
import { fetchListedTicker } from './listed-ticker';
import { SecondaryPrices } from './secondary-prices';
import {
  DEFAULT_LIMITS,
  realScheduler,
  resolveSettings,
  sameEndpoints,
  type MarketFeedLimits,
  type ResolvedSettings,
  type Scheduler,
} from './market-feed-limits';
import {
  fromSimplePrice,
  fromTicker,
  moveSince,
  normalizeCoins,
  sameFigures,
  sameStatus,
  statusAfterPoll,
  type SourceOutcome,
} from './market-quotes';
import {
  INITIAL_STATUS,
  pairOf,
  type MarketFeedSettings,
  type MarketFeedStatus,
  type MarketFeedUpdate,
  type MarketQuote,
  type WatchedSymbols,
} from './market-types';

export interface MarketFeedOptions {
  fetch: FetchLike;
  /** Configured paths are resolved against it (the worker's `self.location.origin`). */
  origin: string;
  scheduler?: Scheduler;
  limits?: Partial<MarketFeedLimits>;
}

type Listener = (update: MarketFeedUpdate) => void;

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
  private readonly secondary: SecondaryPrices;
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
    this.secondary = new SecondaryPrices(this.fetchFn, this.scheduler, this.limits);
  }

  /**
   * Starts or reconfigures the feed. Throws on settings that cannot work (a URL that does
   * not parse); the listener is told everything watched again, since it may be new.
   */
  configure(settings: MarketFeedSettings, coins: readonly string[], listener: Listener): void {
    const resolved = resolveSettings(settings, this.origin, this.limits);
    const previous = this.settings;
    if (!previous || !sameEndpoints(previous, resolved)) {
      this.primaryFailures = 0;
      this.primaryRetryAt = 0;
      this.unsupportedOnPrimary.clear();
      this.secondary.forgetCoinIds();
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
    if (this.status.phase === 'idle' && this.watchedListed().length > 0) {
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
    const polled = this.watchedListed();
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
    const symbols = this.watchedListed();
    if (!settings || symbols.length === 0) return;
    const generation = this.generation;
    const isCurrent = () => generation === this.generation;
    this.lastPollStartedAt = this.scheduler.now();
    const timeoutMs = Math.min(
      settings.pollIntervalMs + this.limits.requestTimeoutExtraMs,
      this.limits.maxRequestTimeoutMs,
    );

    const region = await this.detectRegionOnce(settings);
    if (!isCurrent()) return;
    const primary = await this.pollPrimary(settings, region, symbols, timeoutMs);
    if (!isCurrent()) return;
    const secondary = await this.pollSecondary(settings, primary.missing, timeoutMs);
    if (!isCurrent()) return;
    this.status = statusAfterPoll(this.status, region, primary, secondary);
    this.emit(false);
  }

  /** The exchange's ticker, unless it is resting after failures; what it could not price. */
  private async pollPrimary(
    settings: ResolvedSettings,
    region: Region,
    symbols: readonly string[],
    timeoutMs: number,
  ): Promise<SourceOutcome & { missing: readonly string[] }> {
    const forPrimary = symbols.filter((s) => !this.unsupportedOnPrimary.has(pairOf(s)));
    if (forPrimary.length === 0 || this.scheduler.now() < this.primaryRetryAt) {
      return { asked: false, ok: false, error: null, missing: symbols };
    }
    const generation = this.generation;
    try {
      const base = region === 'us' ? settings.ticker.us : settings.ticker.global;
      const entries = await this.fetchPrimary(base, forPrimary, timeoutMs);
      if (generation !== this.generation)
        return { asked: true, ok: false, error: null, missing: [] };
      const receivedAt = this.scheduler.now();
      for (const symbol of forPrimary) {
        const entry = entries.get(pairOf(symbol));
        if (entry) this.record(fromTicker(symbol, entry, receivedAt));
      }
      this.primaryFailures = 0;
      this.primaryRetryAt = 0;
      const missing = symbols.filter((s) => !entries.has(pairOf(s)));
      return { asked: true, ok: true, error: null, missing };
    } catch (error) {
      if (generation === this.generation) {
        this.primaryFailures++;
        this.primaryRetryAt = this.scheduler.now() + this.primaryBackoffMs(settings);
      }
      return { asked: true, ok: false, error: asMarketRequestError(error), missing: symbols };
    }
  }

  /** The secondary service for `missing`, at most once per its interval. */
  private async pollSecondary(
    settings: ResolvedSettings,
    missing: readonly string[],
    timeoutMs: number,
  ): Promise<SourceOutcome> {
    const now = this.scheduler.now();
    if (missing.length === 0 || now - this.lastSecondaryAt < this.secondaryIntervalMs(settings)) {
      return { asked: false, ok: false, error: null };
    }
    this.lastSecondaryAt = now;
    const generation = this.generation;
    try {
      const prices = await this.secondary.prices(settings, this.coins, missing, timeoutMs);
      if (generation !== this.generation) return { asked: true, ok: false, error: null };
      const receivedAt = this.scheduler.now();
      for (const price of prices.values()) {
        this.record(fromSimplePrice(price, this.current.get(price.symbol), receivedAt));
      }
      if (prices.size > 0) return { asked: true, ok: true, error: null };
      return {
        asked: true,
        ok: false,
        error: new MarketRequestError('format', 'No prices in the answer'),
      };
    } catch (error) {
      return { asked: true, ok: false, error: asMarketRequestError(error) };
    }
  }

  // Scheduling ---------------------------------------------------------------------------

  private schedule(): void {
    this.cancelTimer();
    if (!this.settings || this.inFlight || this.watchedListed().length === 0) return;
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
    if (!this.settings || this.watchedListed().length === 0) return;
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

  private fetchPrimary(base: URL, symbols: readonly string[], timeoutMs: number) {
    return fetchListedTicker(base, symbols, {
      fetch: { fetch: this.fetchFn, timeoutMs, maxBytes: this.limits.maxTickerBytes },
      maxPairsPerRequest: this.limits.maxPairsPerRequest,
      maxRequests: this.limits.maxProbeRequests,
      onUnlisted: (pair) => this.unsupportedOnPrimary.add(pair),
    });
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
      const move = moveSince(quote, before);
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
}
