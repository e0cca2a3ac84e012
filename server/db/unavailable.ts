/**
 * Whether an error means the database cannot be reached right now (it is restarting, down,
 * or dropped the connection), as opposed to a fault in the request or in our code. Such a
 * request is answered 503 with `Retry-After`, not 500: nothing was stored (every change is
 * one transaction), and the same request, with the same idempotency key, can simply be sent
 * again (`tests/hostile/crash.ts` replays them through PostgreSQL restarts).
 *
 * Looks through `cause` (Drizzle wraps driver errors in `DrizzleQueryError`), a few levels.
 */

/** SQLSTATEs of a server going away or not taking connections (class 08 is checked whole). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is shutting down (a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, or in recovery
  '53300', // too_many_connections
]);

/** Socket errors of node-postgres when the server is not there. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres's own errors for a connection lost or never made; they carry no code. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

const MAX_CAUSE_DEPTH = 4;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH; depth += 1) {
    if (typeof current !== 'object' || current === null) return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string') {
      if (code.startsWith('08') && code.length === 5) return true;
      if (UNAVAILABLE_SQLSTATES.has(code) || NETWORK_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
