/**
 * Fastify type augmentation: what the app decorates onto the instance and requests. A
 * decoration an area owns is declared by that area (`fileLinks` in modules/files/links.ts).
 */
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { PlatformAccounts } from '../ledger/accounts';
import type { RouteEntry, SessionInfo } from './auth-guard';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Ids of the platform's ledger accounts (fee revenue, clearing, trading house). */
    platformAccounts: PlatformAccounts;
    /** Every API route with its declared access (for the authorization matrix test). */
    apiRoutes: RouteEntry[];
    /** The sign-in throttle's clock: `Date.now`, or the tests' own. */
    nowMs: () => number;
  }
  interface FastifyRequest {
    /** Set by the auth guard on routes that require a session. */
    session: SessionInfo | null;
  }
  interface FastifyContextConfig {
    /**
     * The answer carries personal data though the request has no session (a new token, a
     * new account): it is sent `Cache-Control: no-store` like every signed-in answer.
     */
    personal?: boolean;
  }
}

export {};
