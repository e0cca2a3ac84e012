import type { MessageDescriptor } from '@lingui/core';

/**
 * Small pieces the flow machines share: the notices they emit for the view's toasts, and
 * the error for an implementation the view forgot to supply. The submit-and-retry flow
 * itself is `submission.machine.ts`.
 */

/** A short message for the user (a toast), emitted to whoever listens with `actor.on`. */
export interface WalletNotice {
  type: 'notice';
  tone: 'success' | 'error';
  message: MessageDescriptor;
}

export function notice(tone: WalletNotice['tone'], message: MessageDescriptor): WalletNotice {
  return { type: 'notice', tone, message };
}

export function notProvided(machine: string, name: string): never {
  throw new Error(`${machine} machine: "${name}" must be supplied with .provide()`);
}
