/**
 * Who a limit counts against. A signed-in request counts against its user, whatever token
 * or spelling of the Authorization header it came with (every token of a user shares one
 * bucket); an anonymous one against its address, with an IPv6 address taken as its /64 (one
 * subscriber's block), as @fastify/rate-limit does by default.
 */
import { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { sessionOf } from './auth-guard';

/** An address as limits count it: IPv4 as it is, IPv6 by its /64. */
export const addressKeyOf = (ip: string) => `address:${normalizeIP(ip)}`;

/** The key of a request under a per-user limit or, without a session, its address. */
export function limitKeyOf(request: FastifyRequest): string {
  return request.session === null ? addressKeyOf(request.ip) : `user:${request.session.userId}`;
}

/**
 * A rate limit per signed-in user, for a route whose access is 'user', 'admin' or 'any'.
 * It runs before the handler (`preHandler`), when the guard has found the session: keyed
 * on the raw header, `Bearer T` and `bearer T` would be two buckets.
 */
export function perUserRateLimit(max: number, timeWindowMs: number): RateLimitOptions {
  return {
    max,
    timeWindow: timeWindowMs,
    hook: 'preHandler',
    keyGenerator: (request) => `user:${sessionOf(request).userId}`,
  };
}
