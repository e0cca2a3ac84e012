import { IDEMPOTENCY_KEY_PATTERN } from '../../common/contract';

/** 128 random bits: collisions between one user's keys are out of the question. */
const KEY_BYTES = 16;

/**
 * A new `Idempotency-Key`: base64url of 16 random bytes (22 characters). Made once when the
 * user confirms a money-moving action and sent again, unchanged, on every retry of it, so
 * the server applies the action at most once however often the request arrives.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(KEY_BYTES);
  crypto.getRandomValues(bytes);
  const base64 = btoa(String.fromCharCode(...bytes));
  const key = base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new Error('idempotency key of the wrong form');
  return key;
}
