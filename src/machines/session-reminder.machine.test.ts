import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { withFakeTimersPerTest } from '../testing/fake-timers';
import { nextReminderAt, sessionReminderMachine } from './session-reminder.machine';

const MINUTE_MS = 60_000;

function start(intervalMinutes = 15, startedAgoMs = 0) {
  const stopped = vi.fn();
  const logic = sessionReminderMachine.provide({ actions: { stopSession: stopped } });
  const nowMs = Date.now();
  const actor = createActor(logic, {
    input: { startedAtMs: nowMs - startedAgoMs, intervalMinutes, nowMs },
  });
  actor.start();
  return { actor, stopped, state: () => actor.getSnapshot() };
}

describe('nextReminderAt', () => {
  it('falls on whole intervals from the start, never at the start itself', () => {
    expect(nextReminderAt(0, 15 * MINUTE_MS, 0)).toBe(15 * MINUTE_MS);
    expect(nextReminderAt(0, 15 * MINUTE_MS, 15 * MINUTE_MS)).toBe(15 * MINUTE_MS);
    expect(nextReminderAt(0, 15 * MINUTE_MS, 15 * MINUTE_MS + 1)).toBe(30 * MINUTE_MS);
  });
});

describe('session reminder machine', () => {
  withFakeTimersPerTest();

  it('counts the session time and reminds after the interval, not before', async () => {
    const t = start(15);
    await vi.advanceTimersByTimeAsync(15 * MINUTE_MS - 1000);
    expect(t.state().matches('running')).toBe(true);
    expect(t.state().context.elapsedMs).toBe(15 * MINUTE_MS - 1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.state().matches('reminding')).toBe(true);
    t.actor.stop();
  });

  it('Continue reminds again one interval later; Stop ends the session', async () => {
    const t = start(30);
    await vi.advanceTimersByTimeAsync(30 * MINUTE_MS);
    expect(t.state().matches('reminding')).toBe(true);
    // The dialog waits: time goes on meanwhile.
    await vi.advanceTimersByTimeAsync(2 * MINUTE_MS);
    expect(t.state().context.elapsedMs).toBe(32 * MINUTE_MS);
    t.actor.send({ type: 'CONTINUE', nowMs: Date.now() });
    await vi.advanceTimersByTimeAsync(30 * MINUTE_MS - 1000);
    expect(t.state().matches('running')).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.state().matches('reminding')).toBe(true);
    t.actor.send({ type: 'STOP' });
    expect(t.state().status).toBe('done');
    expect(t.stopped).toHaveBeenCalledTimes(1);
  });

  it('a session resumed on another screen keeps its start', async () => {
    const t = start(15, 14 * MINUTE_MS);
    expect(t.state().context.elapsedMs).toBe(14 * MINUTE_MS);
    await vi.advanceTimersByTimeAsync(MINUTE_MS);
    expect(t.state().matches('reminding')).toBe(true);
    t.actor.stop();
  });

  it('stopping the actor stops its clock', async () => {
    const t = start(15);
    t.actor.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
