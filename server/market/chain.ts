/**
 * The provider chain: ask the first provider, and for whatever it could not quote (it failed,
 * timed out or does not list the coin) ask the next, each under its own time-out. A provider
 * that failed is rested for a while (doubling up to a minute, or as long as it asked with
 * Retry-After), so a blocked or banned source does not cost every second its time-out.
 */
import { ProviderError, type PriceProvider, type ProviderName, type Quote } from './types';

export const PROVIDER_TIMEOUT_MS = 2500;
export const FIRST_COOLDOWN_MS = 5_000;
const MAX_COOLDOWN_MS = 60_000;
/** Retry-After is honoured up to this; a longer ban is re-probed anyway. */
const MAX_RETRY_AFTER_MS = 10 * 60_000;

interface SourcedQuote extends Quote {
  source: ProviderName;
}

interface ChainResult {
  quotes: Map<string, SourcedQuote>;
  /** Providers that failed during this call, with why. */
  failures: { provider: ProviderName; message: string }[];
}

export interface ProviderChain {
  readonly providers: readonly PriceProvider[];
  /** True when the first provider quotes the requested second exactly (the simulated market). */
  readonly quotesRequestedTime: boolean;
  quote(
    symbols: readonly string[],
    options?: { signal?: AbortSignal; nowMs?: number },
  ): Promise<ChainResult>;
  /** The provider that quoted most symbols in the last call that quoted any, or null. */
  current(): ProviderName | null;
}

export interface ChainOptions {
  timeoutMs?: number;
  now?: () => number;
}

export function createProviderChain(
  providers: readonly PriceProvider[],
  options: ChainOptions = {},
): ProviderChain {
  if (providers.length === 0) throw new RangeError('A provider chain needs a provider');
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const rest = new Map<ProviderName, { until: number; cooldownMs: number }>();
  let current: ProviderName | null = null;

  function recordFailure(provider: ProviderName, error: unknown) {
    const previous = rest.get(provider);
    const cooldownMs = previous
      ? Math.min(previous.cooldownMs * 2, MAX_COOLDOWN_MS)
      : FIRST_COOLDOWN_MS;
    const askedMs =
      error instanceof ProviderError && error.retryAfterMs !== null
        ? Math.min(error.retryAfterMs, MAX_RETRY_AFTER_MS)
        : 0;
    rest.set(provider, { until: now() + Math.max(cooldownMs, askedMs), cooldownMs });
  }

  return {
    providers,
    quotesRequestedTime: providers[0]!.quotesRequestedTime,
    current: () => current,
    async quote(symbols, quoteOptions = {}) {
      const quotes = new Map<string, SourcedQuote>();
      const failures: ChainResult['failures'] = [];
      let remaining = [...new Set(symbols)];
      const servedBy = new Map<ProviderName, number>();
      for (const provider of providers) {
        if (remaining.length === 0) break;
        if (quoteOptions.signal?.aborted) break;
        const resting = rest.get(provider.name);
        if (resting && resting.until > now()) continue;
        const signals = [AbortSignal.timeout(timeoutMs)];
        if (quoteOptions.signal) signals.push(quoteOptions.signal);
        try {
          const answer = await provider.quote(remaining, {
            signal: AbortSignal.any(signals),
            nowMs: quoteOptions.nowMs,
          });
          rest.delete(provider.name);
          let served = 0;
          for (const symbol of remaining) {
            const quote = answer.get(symbol);
            if (quote === undefined) continue;
            quotes.set(symbol, { ...quote, source: provider.name });
            served += 1;
          }
          if (served > 0) servedBy.set(provider.name, served);
          remaining = remaining.filter((s) => !quotes.has(s));
        } catch (error) {
          recordFailure(provider.name, error);
          failures.push({
            provider: provider.name,
            message: error instanceof Error ? error.message : String(error),
          });
        }
      }
      let best = 0;
      for (const [name, served] of servedBy) {
        if (served > best) {
          best = served;
          current = name;
        }
      }
      return { quotes, failures };
    },
  };
}
