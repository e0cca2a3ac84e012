import { assign, enqueueActions, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { Trade } from '../../common/contract';
import { SETTLEMENT_RECHECK_DELAYS_MS } from './trade-settlement';

/**
 * The app-wide settlement watcher (docs/product.md §3 "Trade results"): it knows the user's
 * pending trades, those placed in this tab (PLACED) and those any trades query returned
 * (SEEN), asks the server about each one at its expiry and again after the countdowns'
 * recheck delays, then every 10 s, and reports each settled trade exactly once
 * (`reportSettled`, provided by the view). It never decides an outcome: a trade is settled
 * when the server says Completed, and the report is the server's record.
 *
 * One timer runs at a time, an invoked callback actor waking the machine at the earliest
 * due check; re-entering `waiting` after any change re-plans it. Times are on the server's
 * clock (`clockOffsetMs`, server minus device).
 */

/** A pending trade as the watcher keeps it. */
interface Watched {
  expiresAtMs: number;
  /** When to ask the server next (server clock). */
  checkAtMs: number;
  /** How many times the server said "still pending" since expiry. */
  misses: number;
}

export interface TradeWatchContext {
  watched: Record<string, Watched>;
  /** Trades already reported (newest last, bounded), so none is reported twice. */
  reported: string[];
  clockOffsetMs: number;
}

/** The fields of a trade the watcher reads. */
type TradeLike = Pick<Trade, '_id' | 'tradeStatus' | 'expiresAt'>;

export type TradeWatchEvent =
  /** A trade placed in this tab: watched even before any list shows it. */
  | { type: 'PLACED'; trade: TradeLike; clockOffsetMs: number }
  /** Trades a query returned: pending ones are watched, settled watched ones reported. */
  | { type: 'SEEN'; trades: readonly Trade[] }
  | { type: 'WAKE' };

/** After the recheck delays, the server is asked this often, like the logs' polling. */
export const LATE_CHECK_INTERVAL_MS = 10_000;
/** A trade still pending this long after expiry is left to the lists (the server is down). */
export const GIVE_UP_AFTER_MS = 5 * 60_000;
/** Bounds: trades watched at once, asked about in one round, remembered as reported. */
export const MAX_WATCHED = 50;
const MAX_CHECKS_PER_ROUND = 10;
const MAX_REPORTED = 200;
/** A longer wait wakes early and plans again (setTimeout's delay is a 32-bit number). */
const MAX_TIMER_MS = 60 * 60_000;

/** The next check after the server said "pending" `misses` times since expiry. */
export function nextCheckAtMs(nowMs: number, misses: number): number {
  const delay = SETTLEMENT_RECHECK_DELAYS_MS[misses - 1] ?? LATE_CHECK_INTERVAL_MS;
  return nowMs + delay;
}

/** The trades due for a check at `nowMs`, earliest first, at most one round's worth. */
export function dueTradeIds(watched: Record<string, Watched>, nowMs: number): string[] {
  return Object.entries(watched)
    .filter(([, item]) => item.checkAtMs <= nowMs)
    .sort(([, a], [, b]) => a.checkAtMs - b.checkAtMs)
    .slice(0, MAX_CHECKS_PER_ROUND)
    .map(([id]) => id);
}

function earliestCheckAtMs(watched: Record<string, Watched>): number | null {
  const times = Object.values(watched).map((item) => item.checkAtMs);
  return times.length === 0 ? null : Math.min(...times);
}

/** Wakes the machine at `atMs` (server clock); stopped when `waiting` is left. */
const wakeTimer = fromCallback<EventObject, { atMs: number; clockOffsetMs: number }>(
  ({ sendBack, input }) => {
    // Nothing watched: no timer (setTimeout would run an infinite delay at once).
    if (!Number.isFinite(input.atMs)) return undefined;
    const delayMs = Math.max(0, input.atMs - (Date.now() + input.clockOffsetMs));
    const timer = setTimeout(() => sendBack({ type: 'WAKE' }), Math.min(delayMs, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  },
);

const serverNow = (context: TradeWatchContext) => Date.now() + context.clockOffsetMs;

/** Adds pending trades not yet watched or reported, within the bound. */
function watchMore(
  context: TradeWatchContext,
  trades: readonly TradeLike[],
): Record<string, Watched> {
  const watched = { ...context.watched };
  for (const trade of trades) {
    if (trade.tradeStatus !== 'Pending' || trade._id in watched) continue;
    if (context.reported.includes(trade._id)) continue;
    const expiresAtMs = Date.parse(trade.expiresAt);
    if (!Number.isFinite(expiresAtMs) || Object.keys(watched).length >= MAX_WATCHED) continue;
    watched[trade._id] = { expiresAtMs, checkAtMs: expiresAtMs, misses: 0 };
  }
  return watched;
}

/** What a round of answers changes: the trades still watched, those reported, the new reports. */
interface Settlement {
  watched: Record<string, Watched>;
  reported: string[];
  newlySettled: Trade[];
}

/** Reports the settled trades once each, and keeps watching the rest. */
export function settle(
  context: TradeWatchContext,
  watched: Record<string, Watched>,
  settled: readonly Trade[],
): Settlement {
  const next = { ...watched };
  const reported = [...context.reported];
  const newlySettled: Trade[] = [];
  for (const trade of settled) {
    delete next[trade._id];
    if (reported.includes(trade._id)) continue;
    reported.push(trade._id);
    newlySettled.push(trade);
  }
  return {
    watched: dropStale(next, serverNow(context)),
    reported: reported.slice(-MAX_REPORTED),
    newlySettled,
  };
}

/** The trades a query returned: new pending ones watched, watched ones now settled reported. */
function settleSeen(context: TradeWatchContext, trades: readonly Trade[]): Settlement {
  const settled = trades.filter(
    (trade) => trade.tradeStatus === 'Completed' && trade._id in context.watched,
  );
  return settle(context, watchMore(context, trades), settled);
}

/** The server's answers: settled ones reported, pending ones asked again after a delay. */
function settleAnswers(context: TradeWatchContext, answered: readonly Trade[]): Settlement {
  const nowMs = serverNow(context);
  const watched = { ...context.watched };
  const settled: Trade[] = [];
  for (const trade of answered) {
    const item = watched[trade._id];
    if (!item) continue;
    if (trade.tradeStatus === 'Completed') settled.push(trade);
    else watched[trade._id] = missed(item, nowMs);
  }
  return settle(context, watched, settled);
}

function missed(item: Watched, nowMs: number): Watched {
  const misses = item.misses + 1;
  return { ...item, misses, checkAtMs: nextCheckAtMs(nowMs, misses) };
}

/** Trades pending long past expiry are no longer asked about (the lists still show them). */
function dropStale(watched: Record<string, Watched>, nowMs: number): Record<string, Watched> {
  return Object.fromEntries(
    Object.entries(watched).filter(([, item]) => nowMs - item.expiresAtMs < GIVE_UP_AFTER_MS),
  );
}

export const tradeWatchMachine = setup({
  types: {
    context: {} as TradeWatchContext,
    events: {} as TradeWatchEvent,
  },
  actors: {
    wakeTimer,
    /** Asks the server for these trades (getTradeDetails); the view supplies it. */
    checkTrades: fromPromise<readonly Trade[], { tradeIds: readonly string[] }>(() => {
      throw new Error('tradeWatch machine: "checkTrades" must be supplied with .provide()');
    }),
  },
  actions: {
    /** One settled trade, told once; the view shows its result and refreshes the balance. */
    reportSettled: (_, _params: { trade: Trade }) => {
      throw new Error('tradeWatch machine: "reportSettled" must be supplied with .provide()');
    },
  },
}).createMachine({
  id: 'tradeWatch',
  context: { watched: {}, reported: [], clockOffsetMs: 0 },
  initial: 'waiting',
  on: {
    PLACED: {
      target: '.waiting',
      reenter: true,
      actions: assign(({ context, event }) => ({
        clockOffsetMs: event.clockOffsetMs,
        watched: watchMore(context, [event.trade]),
      })),
    },
  },
  states: {
    waiting: {
      invoke: {
        src: 'wakeTimer',
        input: ({ context }) => ({
          atMs: earliestCheckAtMs(context.watched) ?? Number.POSITIVE_INFINITY,
          clockOffsetMs: context.clockOffsetMs,
        }),
      },
      on: {
        SEEN: {
          target: 'waiting',
          reenter: true,
          actions: enqueueActions(({ context, event, enqueue }) => {
            const { newlySettled, ...next } = settleSeen(context, event.trades);
            enqueue.assign(next);
            for (const trade of newlySettled) enqueue({ type: 'reportSettled', params: { trade } });
          }),
        },
        WAKE: 'checking',
      },
    },
    checking: {
      invoke: {
        src: 'checkTrades',
        input: ({ context }) => ({ tradeIds: dueTradeIds(context.watched, serverNow(context)) }),
        onDone: {
          target: 'waiting',
          actions: enqueueActions(({ context, event, enqueue }) => {
            const { newlySettled, ...next } = settleAnswers(context, event.output);
            enqueue.assign(next);
            for (const trade of newlySettled) enqueue({ type: 'reportSettled', params: { trade } });
          }),
        },
        // A failed round (offline): every due trade is asked again at its next delay.
        onError: {
          target: 'waiting',
          actions: assign(({ context }) => {
            const nowMs = serverNow(context);
            const watched = { ...context.watched };
            for (const id of dueTradeIds(watched, nowMs)) {
              const item = watched[id];
              if (item) watched[id] = missed(item, nowMs);
            }
            return { watched: dropStale(watched, nowMs) };
          }),
        },
      },
      // Seen while asking: applied at once; the timer is planned again on the way back.
      on: {
        SEEN: {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const { newlySettled, ...next } = settleSeen(context, event.trades);
            enqueue.assign(next);
            for (const trade of newlySettled) enqueue({ type: 'reportSettled', params: { trade } });
          }),
        },
      },
    },
  },
});
