/**
 * Proving a password under the sign-in throttle (./throttle.ts): claim a slot per address
 * and per account, then hash, and give the slots back when the password was right. Sign-in
 * and the current password of a password change both go through it, so a stolen token
 * cannot guess the password faster than a stranger at the sign-in form.
 */
import type { FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../http/errors';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { claimAttempt, giveBackAttempt, signInCounters } from './throttle';

/** "5 seconds", "2 minutes": how long to wait, rounded up, as the 429 message says it. */
export function waitText(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Whether `password` is the password of `account` (null: no such account, checked against
 * a dummy hash so that timing tells nothing). Throws 429, with Retry-After, when the
 * address or the account must wait first; then no hash runs.
 */
export async function provePassword(
  request: FastifyRequest,
  email: string,
  account: { passwordHash: string } | null,
  password: string,
): Promise<boolean> {
  const { db, nowMs } = request.server;
  const claim = await claimAttempt(db, signInCounters(email, request.ip), nowMs());
  if (!claim.ok) {
    throw tooManyRequests(
      `Too many attempts with a wrong password. Please wait ${waitText(claim.retryAfterMs)} and try again.`,
      Math.max(1, Math.ceil(claim.retryAfterMs / 1000)),
    );
  }
  const stored = account?.passwordHash ?? (await dummyPasswordHash());
  const correct = (await verifyPassword(password, stored)) && account !== null;
  if (correct) await giveBackAttempt(db, claim);
  return correct;
}
