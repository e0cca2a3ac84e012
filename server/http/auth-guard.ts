/**
 * Route access. Every API route declares `config: { access }`: 'public', 'user', 'admin' or
 * 'any' (either role). An `onRoute` hook attaches the guard, and refuses to start when a
 * route under /api forgot to declare it, so no endpoint is open by accident. No or a dead
 * token answers 401; the wrong role answers 403. A read-only session (an admin viewing the
 * app as a user) may only read: any other method answers 403 `read_only_session`, except
 * signing out.
 *
 * The guard does not know where sessions live: the app hands it the auth module's lookups
 * (`installAccessControl(app, lookups)`), so the transport layer imports no area. A route
 * whose own write checks the session again (`config: { sessionCheckedInWrite: true }`,
 * createTransfer) is guarded with the lookup that may answer from recently read sessions.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Role } from '../../common/rules';
import type { Db } from '../db/client';
import { ApiError, forbidden, unauthorized } from './errors';

/** A live session as the guard sets it on the request. */
export interface SessionInfo {
  userId: string;
  role: Role;
  tokenHash: string;
  /**
   * The admin viewing the app as this user (`POST /api/userLogin/:id`), or null. Such a
   * session is read-only: the guard refuses every request that could change something.
   */
  impersonatedBy: string | null;
  /** Whether the account has a second factor: an admin without one may call no admin route. */
  twoFactorEnabled: boolean;
  /**
   * Answered from recently read sessions, not read for this request: the route's write must
   * check the session itself, and `admitSession` it again before any other answer.
   */
  fromCache?: true;
}

/**
 * Finds the live session of a bearer token; null for an unknown, expired or disabled one.
 * `seenFrom` is the request's address, kept as the session's last seen one (at most once a
 * minute).
 */
export type SessionLookup = (
  db: Db,
  token: string,
  seenFrom: string,
) => Promise<SessionInfo | null>;

/** The lookups the guard uses: every route's, and the one for routes that check again. */
export interface SessionLookups {
  find: SessionLookup;
  findRecheckedInWrite: SessionLookup;
}

export type Access = 'public' | Role | 'any';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The route's write checks the session again: the guard may use recently read ones. */
    sessionCheckedInWrite?: boolean;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

/**
 * The token of `Authorization: Bearer <token>`, the one place the header is read. The scheme
 * is case-insensitive and white space of any length separates it from the token, so every
 * spelling of one token is that token; anything else (a second word, another scheme, two
 * headers) is no token. Limits never key on the header itself (http/rate-limit.ts).
 */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Methods that never change anything; a read-only session may use only these. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The one change a read-only session may make: ending itself. */
const READ_ONLY_ALLOWED = new Set(['POST /api/logout']);

export const READ_ONLY_MESSAGE = 'This is a read-only view of the account.';

function refusesReadOnly(request: FastifyRequest): boolean {
  if (READ_METHODS.has(request.method)) return false;
  const url = request.routeOptions.url ?? '';
  return !READ_ONLY_ALLOWED.has(`${request.method} ${url}`);
}

/**
 * Finds the request's session with `findSession` and admits it under `access`: sets it on the
 * request, or throws the refusal (401 without a live session, 403 for the wrong role, for an
 * admin without a second factor, or for a change made in a read-only view).
 */
export async function admitSession(
  request: FastifyRequest,
  access: Exclude<Access, 'public'>,
  findSession: SessionLookup,
): Promise<void> {
  const token = bearerToken(request);
  if (token === null) throw unauthorized();
  const session = await findSession(request.server.db, token, request.ip);
  if (session === null) throw unauthorized('Your session has ended. Please sign in again.');
  if (access !== 'any' && session.role !== access) throw forbidden();
  // Every admin must have a second factor: until they set one up, an admin may call only
  // the routes open to any role (the set-up itself, signing out, their own account).
  if (access === 'admin' && !session.twoFactorEnabled) {
    throw new ApiError(
      403,
      'Set up two-factor authentication before using the console.',
      'two_factor_setup_required',
    );
  }
  if (session.impersonatedBy !== null && refusesReadOnly(request)) {
    throw new ApiError(403, READ_ONLY_MESSAGE, 'read_only_session');
  }
  request.session = session;
}

function guardFor(access: Exclude<Access, 'public'>, findSession: SessionLookup) {
  return async function guard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    await admitSession(request, access, findSession);
  };
}

/**
 * Installs the access hook, whose guard finds sessions with `lookups`; returns the list
 * of API routes with their access, for tests.
 */
export function installAccessControl(app: FastifyInstance, lookups: SessionLookups): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (access === undefined)
      throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access });
    }
    if (access === 'public') return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    const lookup = route.config?.sessionCheckedInWrite
      ? lookups.findRecheckedInWrite
      : lookups.find;
    route.onRequest = [guardFor(access, lookup), ...existing];
  });
  return routes;
}

/** The session set by the guard; asserts the route was guarded. */
export function sessionOf(request: FastifyRequest) {
  if (request.session === null) throw new Error('Route is missing its session guard');
  return request.session;
}
