/**
 * The tick recorder: every second, on the second, quote every listed coin through the
 * provider chain and store one tick per coin for that second, in one multi-row INSERT … ON
 * CONFLICT DO NOTHING. Several instances can all record: the first writer of a second wins
 * and the others change nothing (the simulated prices are identical anyway).
 *
 * Which second a tick belongs to: the simulated market quotes the requested second exactly;
 * a live source quotes its price at the moment it answers, so its tick belongs to the second
 * in which the answer arrived (never an earlier one).
 *
 * Nothing escapes the timer: failures are logged (at most one line per kind of failure per
 * minute) and the next second tries again.
 */
import { asc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { coins } from '../db/schema';
import type { ProviderChain } from './chain';
import { insertTicks, type TickToInsert } from './ticks';
import type { ProviderName } from './types';

/** The listed coins are re-read this often, so a newly listed coin starts recording. */
const COIN_REFRESH_MS = 30_000;
/** As the coin list route: the list is small and capped. */
const MAX_RECORDED_COINS = 500;
/** The same failure is logged at most once per this interval. */
const FAILURE_LOG_INTERVAL_MS = 60_000;
/** Fire a little after the boundary, so the second has begun on every clock. */
const BOUNDARY_OFFSET_MS = 5;

interface RecordResult {
  /** The whole second recorded (null when nothing was). */
  recordedAt: Date | null;
  /** Coins asked for. */
  coins: number;
  /** Ticks this call inserted (0 when another instance had already recorded the second). */
  inserted: number;
  /** Listed coins no provider could quote. */
  missing: string[];
  /** Providers that failed on the way. */
  failures: { provider: ProviderName; message: string }[];
}

interface RecorderStatus {
  /** When the last record succeeded (this instance), ms since 1970, or null. */
  lastRecordedAtMs: number | null;
  /** The second of the last tick this instance stored or found stored. */
  lastTickSecondMs: number | null;
  /** The provider that quoted most coins last time. */
  provider: ProviderName | null;
  listedCoins: number;
  running: boolean;
}

export interface TickRecorder {
  /** Starts the per-second timer (idempotent). */
  start(): void;
  /** Stops the timer and waits for a record in progress. */
  stop(): Promise<void>;
  /** Records the second of `nowMs` once (tests drive the recorder with it). */
  recordOnce(nowMs?: number): Promise<RecordResult>;
  /** Re-reads the listed coins now. */
  refreshCoins(): Promise<readonly string[]>;
  status(): RecorderStatus;
}

export interface RecorderDeps {
  db: Db;
  chain: ProviderChain;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => number;
  coinRefreshMs?: number;
}

export function createTickRecorder(deps: RecorderDeps): TickRecorder {
  const now = deps.now ?? Date.now;
  const coinRefreshMs = deps.coinRefreshMs ?? COIN_REFRESH_MS;
  let symbols: readonly string[] = [];
  let coinsLoadedAt = -Infinity;
  let lastRecordedAtMs: number | null = null;
  let lastTickSecondMs: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;
  /**
   * One controller per record, so stop() can cancel the one in flight; a long-lived signal
   * would collect a dependent signal from every second's AbortSignal.any.
   */
  const inFlight = new Set<AbortController>();
  const lastLogged = new Map<string, number>();

  /** Logs a failure unless the same kind was logged within the last minute. */
  function logFailure(kind: string, details: Record<string, unknown>, message: string) {
    const at = now();
    const previous = lastLogged.get(kind);
    if (previous !== undefined && at - previous < FAILURE_LOG_INTERVAL_MS) return;
    if (lastLogged.size > 100) lastLogged.clear();
    lastLogged.set(kind, at);
    deps.log.warn({ ...details, kind }, message);
  }

  async function refreshCoins(): Promise<readonly string[]> {
    const rows = await deps.db
      .select({ symbol: coins.symbol })
      .from(coins)
      .orderBy(asc(coins.sortOrder), asc(coins.symbol))
      .limit(MAX_RECORDED_COINS);
    symbols = rows.map((r) => r.symbol);
    coinsLoadedAt = now();
    return symbols;
  }

  async function recordOnce(nowMs: number = now()): Promise<RecordResult> {
    if (!Number.isFinite(nowMs)) throw new RangeError('nowMs must be a number');
    const askedSecondMs = Math.floor(nowMs / 1000) * 1000;
    if (now() - coinsLoadedAt >= coinRefreshMs) {
      try {
        await refreshCoins();
      } catch (error) {
        // Keep recording the coins we knew.
        logFailure('coins', { err: error }, 'recorder: could not read the listed coins');
      }
    }
    const wanted = symbols;
    const result: RecordResult = {
      recordedAt: null,
      coins: wanted.length,
      inserted: 0,
      missing: [],
      failures: [],
    };
    if (wanted.length === 0) return result;

    const controller = new AbortController();
    inFlight.add(controller);
    let chainResult: Awaited<ReturnType<ProviderChain['quote']>>;
    try {
      chainResult = await deps.chain.quote(wanted, {
        nowMs: askedSecondMs,
        signal: controller.signal,
      });
    } finally {
      inFlight.delete(controller);
    }
    const { quotes, failures } = chainResult;
    result.failures = failures;
    for (const failure of failures) {
      logFailure(`provider:${failure.provider}`, failure, 'recorder: price provider failed');
    }
    result.missing = wanted.filter((s) => !quotes.has(s));
    if (quotes.size === 0) {
      logFailure('no-quotes', { coins: wanted.length }, 'recorder: no provider quoted any coin');
      return result;
    }
    const answeredSecondMs = Math.floor(now() / 1000) * 1000;
    const ticks: TickToInsert[] = [];
    let liveQuotes = false;
    for (const [symbol, quote] of quotes) {
      ticks.push({ symbol, price: quote.price, source: quote.source });
      if (quote.source !== 'simulated') liveQuotes = true;
    }
    // A live price is the price when the source answered: it may not predate that second.
    const secondMs = liveQuotes ? Math.max(askedSecondMs, answeredSecondMs) : askedSecondMs;
    const recordedAt = new Date(secondMs);
    result.inserted = await insertTicks(deps.db, recordedAt, ticks);
    result.recordedAt = recordedAt;
    lastRecordedAtMs = now();
    lastTickSecondMs = Math.max(lastTickSecondMs ?? secondMs, secondMs);
    if (result.missing.length > 0) {
      logFailure(
        'missing',
        { missing: result.missing.slice(0, 20) },
        'recorder: some listed coins have no price',
      );
    }
    return result;
  }

  function schedule() {
    if (stopped) return;
    const delay = 1000 - (now() % 1000) + BOUNDARY_OFFSET_MS;
    timer = setTimeout(fire, delay);
    // A pending tick must never keep the process alive on shutdown.
    timer.unref();
  }

  function fire() {
    timer = null;
    if (stopped) return;
    // A slow provider can take longer than a second: that second is skipped, never queued.
    if (running === null) {
      running = recordOnce(now())
        .catch((error: unknown) => {
          if (!stopped) logFailure('record', { err: error }, 'recorder: recording failed');
        })
        .finally(() => {
          running = null;
        });
    }
    schedule();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      for (const controller of inFlight) controller.abort();
      await running;
    },
    recordOnce,
    refreshCoins,
    status: () => ({
      lastRecordedAtMs,
      lastTickSecondMs,
      provider: deps.chain.current(),
      listedCoins: symbols.length,
      running: !stopped,
    }),
  };
}
