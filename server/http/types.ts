/** Fastify type augmentation: what the app decorates onto the instance and requests. */
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { PlatformAccounts } from '../ledger/accounts';
import type { FileLinks } from '../modules/files/links';
import type { SessionInfo } from '../modules/auth/sessions';
import type { RouteEntry } from './auth-guard';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Ids of the platform's ledger accounts (fee revenue, clearing, trading house). */
    platformAccounts: PlatformAccounts;
    /** Signs short-lived links to stored files (owner and admins only get them). */
    fileLinks: FileLinks;
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
