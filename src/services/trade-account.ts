import { useSyncExternalStore } from 'react';
import type { TradeAccount } from '../../common/contract';
import { STORAGE_KEYS } from '../../common/rules';

/**
 * The Real / Practice switch of /trade and /orders: which balance the trade form stakes and
 * which trades the lists show. A preference of this device, kept in localStorage so it
 * survives a reload; not a lifecycle, so a small store rather than a machine. Real unless
 * the user chose Practice. The header reads it on every screen, so this module holds the
 * switch alone (the refill call is in limits-api.ts).
 */
const STORAGE_KEY = STORAGE_KEYS.tradeAccount;
const listeners = new Set<() => void>();

function readStored(): TradeAccount {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === 'practice' ? 'practice' : 'real';
  } catch {
    // Storage refused (a private window's quota, a policy): the default stands.
    return 'real';
  }
}

let current: TradeAccount = readStored();

export function tradeAccount(): TradeAccount {
  return current;
}

export function setTradeAccount(next: TradeAccount): void {
  if (next === current) return;
  current = next;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, next);
  } catch {
    // Not kept across reloads then; the switch still works for this page load.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The switch's value, re-rendering when it changes anywhere on the page. */
export function useTradeAccount(): TradeAccount {
  return useSyncExternalStore(subscribe, tradeAccount, () => 'real');
}
