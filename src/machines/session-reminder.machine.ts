import { assign, fromCallback, setup, type EventObject } from 'xstate';

/**
 * The session reminder of the trade screens (docs/product.md, "Trading limits"): with a
 * reminder chosen (every 15, 30 or 60 minutes), the screen shows how long the session has
 * run, and each time the interval has passed a dialog shows the time and the session's net
 * result with "Continue" (the next reminder one interval later) or "Stop" (the view leaves
 * the trade screens and ends the session: `stopSession`).
 *
 * running → reminding → running …, or → stopped. The clock is an invoked callback actor
 * sending TICK each second, so stopping the actor (leaving the screen) stops it. The session
 * start comes from the view (kept for the browser tab), so moving between trade screens
 * continues the same session.
 */

export interface SessionReminderInput {
  /** When the session started, ms since the epoch. */
  startedAtMs: number;
  intervalMinutes: number;
  /** The device's time now (tests pass their own). */
  nowMs: number;
}

export interface SessionReminderContext {
  startedAtMs: number;
  intervalMs: number;
  /** When the next reminder shows. */
  nextReminderAtMs: number;
  elapsedMs: number;
}

export type SessionReminderEvent =
  | { type: 'TICK'; nowMs: number }
  | { type: 'CONTINUE'; nowMs: number }
  | { type: 'STOP' }
  /** The user chose another interval on the limits page. */
  | { type: 'INTERVAL'; intervalMinutes: number };

const MINUTE_MS = 60_000;

/** The first reminder at or after `nowMs`: whole intervals from the session's start. */
export function nextReminderAt(startedAtMs: number, intervalMs: number, nowMs: number): number {
  const passed = Math.max(1, Math.ceil((nowMs - startedAtMs) / intervalMs));
  return startedAtMs + passed * intervalMs;
}

/** The one-second clock: TICK with the time now. */
const clock = fromCallback<EventObject, void>(({ sendBack }) => {
  const timer = setInterval(() => sendBack({ type: 'TICK', nowMs: Date.now() }), 1000);
  return () => clearInterval(timer);
});

export const sessionReminderMachine = setup({
  types: {
    context: {} as SessionReminderContext,
    events: {} as SessionReminderEvent,
    input: {} as SessionReminderInput,
  },
  actors: { clock },
  actions: {
    /** Leave the trade screens and forget the session's start (the view's). */
    stopSession: () => {
      throw new Error('sessionReminder: stopSession was not provided');
    },
    tick: assign({
      elapsedMs: ({ context, event }) =>
        event.type === 'TICK' ? Math.max(0, event.nowMs - context.startedAtMs) : context.elapsedMs,
    }),
  },
  guards: {
    due: ({ context, event }) => event.type === 'TICK' && event.nowMs >= context.nextReminderAtMs,
  },
}).createMachine({
  id: 'sessionReminder',
  context: ({ input }) => {
    const intervalMs = input.intervalMinutes * MINUTE_MS;
    return {
      startedAtMs: input.startedAtMs,
      intervalMs,
      nextReminderAtMs: nextReminderAt(input.startedAtMs, intervalMs, input.nowMs),
      elapsedMs: Math.max(0, input.nowMs - input.startedAtMs),
    };
  },
  invoke: { src: 'clock' },
  initial: 'running',
  on: {
    INTERVAL: {
      actions: assign(({ context, event }) => {
        const intervalMs = event.intervalMinutes * MINUTE_MS;
        const nowMs = context.startedAtMs + context.elapsedMs;
        return {
          intervalMs,
          nextReminderAtMs: nextReminderAt(context.startedAtMs, intervalMs, nowMs),
        };
      }),
    },
  },
  states: {
    running: {
      on: {
        TICK: [{ guard: 'due', target: 'reminding', actions: 'tick' }, { actions: 'tick' }],
      },
    },
    /** The dialog: the time so far and the net result; Continue or Stop. */
    reminding: {
      on: {
        TICK: { actions: 'tick' },
        CONTINUE: {
          target: 'running',
          actions: assign({
            nextReminderAtMs: ({ context, event }) => event.nowMs + context.intervalMs,
          }),
        },
        STOP: { target: 'stopped' },
      },
    },
    stopped: { type: 'final', entry: 'stopSession' },
  },
});
