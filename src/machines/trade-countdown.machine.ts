import {
  assign,
  enqueueActions,
  fromCallback,
  sendParent,
  setup,
  type ActorRefFrom,
  type EventObject,
} from 'xstate';
import { SETTLEMENT_RECHECK_DELAYS_MS } from './trade-settlement';

/**
 * The countdowns of pending trades (docs/product.md §2 /orders, §4: "a per-second countdown runs; at
 * zero, user data and orders are refetched").
 *
 * `tradeCountdownMachine` is one trade's countdown, spawned as a child actor per pending
 * trade. Its timer is an invoked callback actor, so stopping the child (the trade settled,
 * the card left the screen) or leaving `counting` stops the timer. The ticks fall just after
 * each whole second of the time left, so the display never skips or repeats a second.
 * At zero it tells its parent (COUNTDOWN.EXPIRED), then asks again a few times while the
 * server settles the trade (the exit tick is the first one recorded at or after expiry, so
 * the result usually exists a second or two later).
 *
 * `tradeCountdownsMachine` is the parent: the view SYNCs the pending trades on screen, the
 * parent spawns a countdown for each new one and stops those that are gone, and calls
 * `refreshTradeData` (provided by the view: refetch user and orders) when a child says so.
 *
 * Times are on the server's clock: `clockOffsetMs` (server minus device, 0 when unknown) is
 * added to the device's clock.
 */

interface CountdownInput {
  tradeId: string;
  /** The trade's expiry, ms since the epoch (server clock). */
  expiresAtMs: number;
  clockOffsetMs: number;
}

interface CountdownContext extends CountdownInput {
  /** Whole seconds left, rounded up: 30 → 1, then 0 at expiry. */
  secondsLeft: number;
}

/** The child tells its parent. */
type CountdownNotice =
  { type: 'COUNTDOWN.EXPIRED'; tradeId: string } | { type: 'COUNTDOWN.RECHECK'; tradeId: string };

type TickEvent = { type: 'TICK'; nowMs: number };
type RecheckEvent = { type: 'RECHECK' };

/** After zero, the orders are fetched again after SETTLEMENT_RECHECK_DELAYS_MS, then the 10 s polling goes on. */

/** A tick lands this long after the second turns, so timer jitter never shows a second twice. */
const TICK_SLACK_MS = 20;

export function secondsLeftAt(expiresAtMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((expiresAtMs - nowMs) / 1000));
}

/** How long until the display must change next: just past the next whole second left. */
export function msUntilNextTick(expiresAtMs: number, nowMs: number): number {
  const leftMs = expiresAtMs - nowMs;
  if (leftMs <= 0) return 0;
  const intoSecond = leftMs % 1000;
  return (intoSecond === 0 ? 1000 : intoSecond) + TICK_SLACK_MS;
}

/** The one-second timer: sends TICK with the current time (server clock) each second. */
const ticker = fromCallback<EventObject, { expiresAtMs: number; clockOffsetMs: number }>(
  ({ sendBack, input }) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const now = Date.now() + input.clockOffsetMs;
      timer = setTimeout(
        () => {
          sendBack({ type: 'TICK', nowMs: Date.now() + input.clockOffsetMs } satisfies TickEvent);
          schedule();
        },
        Math.max(msUntilNextTick(input.expiresAtMs, now), TICK_SLACK_MS),
      );
    };
    schedule();
    return () => clearTimeout(timer);
  },
);

/** After zero: RECHECK after each of SETTLEMENT_RECHECK_DELAYS_MS, then nothing. */
const settlementWatch = fromCallback<EventObject, void>(({ sendBack }) => {
  let index = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    const delay = SETTLEMENT_RECHECK_DELAYS_MS[index];
    if (delay === undefined) return;
    index++;
    timer = setTimeout(() => {
      sendBack({ type: 'RECHECK' } satisfies RecheckEvent);
      next();
    }, delay);
  };
  next();
  return () => clearTimeout(timer);
});

const tradeCountdownMachine = setup({
  types: {
    context: {} as CountdownContext,
    events: {} as TickEvent | RecheckEvent,
    input: {} as CountdownInput,
  },
  actors: { ticker, settlementWatch },
  guards: {
    expired: ({ context }) => context.secondsLeft <= 0,
  },
}).createMachine({
  id: 'tradeCountdown',
  context: ({ input }) => ({
    ...input,
    secondsLeft: secondsLeftAt(input.expiresAtMs, Date.now() + input.clockOffsetMs),
  }),
  initial: 'counting',
  states: {
    counting: {
      always: { guard: 'expired', target: 'expired' },
      invoke: {
        src: 'ticker',
        input: ({ context }) => ({
          expiresAtMs: context.expiresAtMs,
          clockOffsetMs: context.clockOffsetMs,
        }),
      },
      on: {
        TICK: {
          actions: assign({
            secondsLeft: ({ context, event }) => secondsLeftAt(context.expiresAtMs, event.nowMs),
          }),
        },
      },
    },
    /** At zero: the parent refetches; then asks again while the server settles. */
    expired: {
      entry: sendParent(({ context }): CountdownNotice => ({
        type: 'COUNTDOWN.EXPIRED',
        tradeId: context.tradeId,
      })),
      invoke: { src: 'settlementWatch' },
      on: {
        RECHECK: {
          actions: sendParent(({ context }): CountdownNotice => ({
            type: 'COUNTDOWN.RECHECK',
            tradeId: context.tradeId,
          })),
        },
      },
    },
  },
});

export type CountdownRef = ActorRefFrom<typeof tradeCountdownMachine>;

/** A pending trade as the countdowns need it. */
interface PendingTrade {
  _id: string;
  /** ISO time (server clock). */
  expiresAt: string;
}

export interface CountdownsContext {
  countdowns: Record<string, CountdownRef>;
}

export type CountdownsEvent =
  /** The pending trades now on screen, and the server clock offset to count with. */
  { type: 'SYNC'; trades: readonly PendingTrade[]; clockOffsetMs: number } | CountdownNotice;

/** At most this many countdowns run at once (a page shows 6; /trade a few more). */
export const MAX_COUNTDOWNS = 50;

const childId = (tradeId: string) => `countdown:${tradeId}`;

export const tradeCountdownsMachine = setup({
  types: {
    context: {} as CountdownsContext,
    events: {} as CountdownsEvent,
  },
  actors: { countdown: tradeCountdownMachine },
  actions: {
    /** Refetch the user (balance) and the orders; the view supplies it. */
    refreshTradeData: (_, _params: { tradeId: string; reason: 'expired' | 'recheck' }) => {
      throw new Error(
        'tradeCountdowns machine: "refreshTradeData" must be supplied with .provide()',
      );
    },
  },
}).createMachine({
  id: 'tradeCountdowns',
  context: { countdowns: {} },
  on: {
    SYNC: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const wanted = new Map<string, number>();
        for (const trade of event.trades) {
          const expiresAtMs = Date.parse(trade.expiresAt);
          if (Number.isFinite(expiresAtMs) && wanted.size < MAX_COUNTDOWNS) {
            wanted.set(trade._id, expiresAtMs);
          }
        }
        const kept: Record<string, CountdownRef> = {};
        for (const [tradeId, ref] of Object.entries(context.countdowns)) {
          if (wanted.has(tradeId)) kept[tradeId] = ref;
          else enqueue.stopChild(ref);
        }
        const added = [...wanted].filter(([tradeId]) => !(tradeId in kept));
        if (
          added.length === 0 &&
          Object.keys(kept).length === Object.keys(context.countdowns).length
        ) {
          return;
        }
        enqueue.assign({
          countdowns: ({ spawn }) => {
            const next = { ...kept };
            for (const [tradeId, expiresAtMs] of added) {
              next[tradeId] = spawn('countdown', {
                id: childId(tradeId),
                input: { tradeId, expiresAtMs, clockOffsetMs: event.clockOffsetMs },
              });
            }
            return next;
          },
        });
      }),
    },
    'COUNTDOWN.EXPIRED': {
      actions: {
        type: 'refreshTradeData',
        params: ({ event }) => ({ tradeId: event.tradeId, reason: 'expired' as const }),
      },
    },
    'COUNTDOWN.RECHECK': {
      actions: {
        type: 'refreshTradeData',
        params: ({ event }) => ({ tradeId: event.tradeId, reason: 'recheck' as const }),
      },
    },
  },
});

export type TradeCountdownsActor = ActorRefFrom<typeof tradeCountdownsMachine>;
