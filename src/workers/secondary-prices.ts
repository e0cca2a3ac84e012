/**
 * The secondary price service (CoinGecko's format), asked for the coins the exchange could
 * not price. It names coins by ids, not symbols: the ids come from its coin list, fetched
 * once per set of listed coins, and from the well-known ids until the list answers (a failed
 * list is tried again after `coinListRetryMs`).
 */
import {
  coinGeckoIds,
  fetchCoinList,
  fetchSimplePrices,
  symbolsByCoinId,
  type SimplePrice,
} from '../../common/market/coingecko';
import { MarketRequestError, type FetchLike } from '../../common/market/http';
import type { MarketFeedLimits, ResolvedSettings, Scheduler } from './market-feed-limits';

export class SecondaryPrices {
  private coinIds: Map<string, string> | null = null;
  private coinIdsFor = '';
  private coinListRetryAt = 0;

  constructor(
    private readonly fetchFn: FetchLike,
    private readonly scheduler: Scheduler,
    private readonly limits: MarketFeedLimits,
  ) {}

  /** The service changed: its ids are fetched anew. */
  forgetCoinIds(): void {
    this.coinIds = null;
    this.coinListRetryAt = 0;
  }

  /** The prices of `symbols` (of the listed `coins`), by symbol. */
  async prices(
    settings: ResolvedSettings,
    coins: readonly string[],
    symbols: readonly string[],
    timeoutMs: number,
  ): Promise<Map<string, SimplePrice>> {
    const ids = await this.coinIdsOf(settings, coins);
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

  private async coinIdsOf(
    settings: ResolvedSettings,
    coins: readonly string[],
  ): Promise<Map<string, string>> {
    const key = coins.join(',');
    if (this.coinIds && this.coinIdsFor === key) return this.coinIds;
    if (this.scheduler.now() < this.coinListRetryAt) return coinGeckoIds(coins, null);
    try {
      const coinList = await fetchCoinList(settings.coinList, {
        fetch: this.fetchFn,
        timeoutMs: this.limits.coinListTimeoutMs,
        maxBytes: this.limits.maxCoinListBytes,
        maxEntries: this.limits.maxCoinListEntries,
      });
      this.coinIds = coinGeckoIds(coins, coinList);
      this.coinIdsFor = key;
      return this.coinIds;
    } catch {
      this.coinListRetryAt = this.scheduler.now() + this.limits.coinListRetryMs;
      return coinGeckoIds(coins, null);
    }
  }
}
