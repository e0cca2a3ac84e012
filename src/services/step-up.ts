import { useSyncExternalStore } from 'react';
import { ApiError } from './api-error';

/**
 * The step-up of money and security calls: with two-factor on, the server answers such a
 * call 403 `two_factor_required` (or `two_factor_invalid` for a wrong code) until it carries
 * a fresh code. `withStepUp` then asks for the code (the app's one StepUpDialog shows this
 * store) and sends the SAME call again with it: same body, same idempotency key, so the
 * server still applies it at most once. A wrong code keeps the dialog open and says so;
 * closing the dialog fails the call with the server's refusal.
 */

export interface StepUpState {
  /** The dialog is open, asking for a code. */
  open: boolean;
  /** The code is being checked (the call is under way). */
  busy: boolean;
  /** The last code was refused: `invalid` (wrong or used) or `locked` (too many). */
  refusal: 'invalid' | 'locked' | null;
  /** Counts the questions asked, so that each one starts with an empty field. */
  question: number;
}

let state: StepUpState = { open: false, busy: false, refusal: null, question: 0 };
const closed = (): StepUpState => ({
  open: false,
  busy: false,
  refusal: null,
  question: state.question,
});
const listeners = new Set<() => void>();
let pending: ((code: string | null) => void) | null = null;

function publish(next: StepUpState): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

function askForCode(refusal: StepUpState['refusal']): Promise<string | null> {
  // One dialog at a time: an earlier question still open is answered "closed".
  pending?.(null);
  publish({ open: true, busy: false, refusal, question: state.question + 1 });
  return new Promise((resolve) => {
    pending = resolve;
  });
}

/** The dialog's Verify: hands the code to the waiting call. */
export function submitStepUpCode(code: string): void {
  const resolve = pending;
  if (!resolve) return;
  pending = null;
  publish({ ...state, busy: true });
  resolve(code);
}

/** The dialog's Cancel (or Back, Escape): the call fails with the server's refusal. */
export function cancelStepUp(): void {
  const resolve = pending;
  pending = null;
  publish(closed());
  resolve?.(null);
}

function stepUpCode(error: unknown): 'required' | 'invalid' | 'locked' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'two_factor_required') return 'required';
  if (error.code === 'two_factor_invalid') return 'invalid';
  if (error.code === 'two_factor_locked') return 'locked';
  return null;
}

/** How long closing the dialog may take to give its history entry back. */
const HISTORY_SETTLE_MAX_MS = 500;

/**
 * Closes the dialog and waits until its history entry is popped (ui/overlay-history.ts pops
 * it with history.back(), which lands later): the flow goes on to its result page only
 * then, so that pop cannot take the new page away.
 */
function closeDialog(): Promise<void> {
  if (typeof window === 'undefined') {
    publish(closed());
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('popstate', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, HISTORY_SETTLE_MAX_MS);
    window.addEventListener('popstate', done);
    publish(closed());
  });
}

/** At most this many codes are asked for one call (the server locks after 5 wrong ones). */
const MAX_CODE_PROMPTS = 6;

/**
 * Runs `call` (without a code first); when the server asks for a second factor, asks the
 * user and runs it again with the code, until it passes, fails otherwise, or is cancelled.
 */
export async function withStepUp<T>(call: (twoFactorCode?: string) => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (first) {
    const kind = stepUpCode(first);
    if (kind === null || kind === 'locked') throw first;
    let refusal: StepUpState['refusal'] = kind === 'invalid' ? 'invalid' : null;
    let lastError: unknown = first;
    for (let prompt = 0; prompt < MAX_CODE_PROMPTS; prompt++) {
      const code = await askForCode(refusal);
      if (code === null) throw lastError;
      try {
        const result = await call(code);
        await closeDialog();
        return result;
      } catch (error) {
        const again = stepUpCode(error);
        lastError = error;
        // A wrong code keeps the dialog open and says so; a lock says until when to wait.
        if (again === 'invalid' || again === 'locked') {
          refusal = again;
          continue;
        }
        publish(closed());
        throw error;
      }
    }
    publish(closed());
    throw lastError;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useStepUp(): StepUpState {
  return useSyncExternalStore(subscribe, () => state);
}
