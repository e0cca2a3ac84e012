/**
 * The API server as a Fastify plugin: `buildApp` wires the database, security headers,
 * rate limits, the API routes under /api and, when it has been built, the web app with
 * history fallback. `main.ts` listens; tests call `app.inject` without a socket.
 */
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { MAX_JSON_BODY_BYTES } from '../common/rules';
import type { Config, TrustProxy } from './config';
import type { Database } from './db/client';
import { installAccessControl } from './http/auth-guard';
import { errorHandler } from './http/error-handler';
import { installJsonBodyParser } from './http/json-body';
import { requestPolicy } from './http/request-policy';
import { securityPolicy } from './http/security';
import { isInspectorBuild, webApp } from './http/web-app';
import { ensurePlatformAccounts } from './ledger/accounts';
import './http/types';
import { createMarketRuntime, type MarketFeedStatus, marketConnectOrigins } from './market/runtime';
import {
  adminAccountRoutes,
  adminCoinRoutes,
  adminQueueRoutes,
  adminRoutes,
  adminUserRoutes,
  approvalRoutes,
  auditRoutes,
  outboxRoutes,
  impersonationRoutes,
  overviewRoutes,
} from './modules/admin';
import {
  authRoutes,
  findSession,
  findSessionRecheckedInWrite,
  recoveryRoutes,
  sessionRoutes,
} from './modules/auth';
import { coinRoutes } from './modules/coins';
import { fairnessRoutes } from './modules/fairness';
import { createFileLinks, fileRoutes } from './modules/files';
import { healthRoutes } from './modules/health';
import { kycRoutes } from './modules/kyc';
import { marketRoutes, simulatedMarketRoutes } from './modules/market';
import {
  type ChatWidgetPolicy,
  createChatWidgetPolicy,
  loadChatWidgetUrl,
  settingsRoutes,
} from './modules/settings';
import { tradeRoutes } from './modules/trades';
import { limitRoutes } from './modules/limits';
import { practiceRoutes } from './modules/practice';
import { twoFactorRoutes, userRoutes } from './modules/users';
import {
  activityRoutes,
  depositRoutes,
  methodRoutes,
  transferRoutes,
  withdrawRoutes,
} from './modules/wallet';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Fastify's logger options; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Registrations allowed per address per minute (tests raise it). */
  registerPerMinute?: number;
  /** Password reset requests allowed per address per minute (tests raise it). */
  passwordResetPerMinute?: number;
  /** Uploads allowed per address per minute (tests raise it). */
  uploadsPerMinute?: number;
  /** The clock of the sign-in throttle (tests stop it or move it on); `Date.now` otherwise. */
  nowMs?: () => number;
}

/**
 * Never log secrets: tokens travel in this header, passwords in bodies (never logged). The
 * headers also appear under other names (the multipart plugin logs `busboyOptions.headers`
 * at trace level), hence the wildcard.
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.password',
  '*.token',
];

/** A signed file link's signature reads an identity document for minutes: not for logs. */
export function loggedUrl(url: string): string {
  return url.replace(/([?&]sig=)[^&#]*/gi, '$1[redacted]');
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // Fastify's own request serializer, with the link signature taken out of the URL.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/**
 * The router's own refusals (a bad percent-encoding, a path parameter longer than any id)
 * answer in the API's error shape like every other failure, not in Fastify's.
 */
function answerRouterError(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(404).send({ error: 'Not found.', code: 'not_found' });
    return;
  }
  void reply
    .code(400)
    .send({ error: 'The address of this request is not valid.', code: 'invalid_body' });
}

/**
 * TRUST_PROXY in Fastify's terms. Fastify takes the listed addresses as they are; it no
 * longer takes a hop count (a direct client could then forge the hops), so the count is a
 * function trusting the nearest `hops` addresses, hop 0 being the peer of the socket:
 * docs/operations.md says to use it only where nothing reaches the server but its proxies.
 */
function fastifyTrustProxy(
  trustProxy: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trustProxy === false) return false;
  if ('addresses' in trustProxy) return [...trustProxy.addresses];
  const { hops } = trustProxy;
  return (_address, hop) => hop < hops;
}

/** The services every route reads from the app: the database, the clock, the market. */
async function decorateApp(app: FastifyInstance, options: AppOptions): Promise<void> {
  const { config, database } = options;
  app.decorate('nowMs', options.nowMs ?? Date.now);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('platformAccounts', await ensurePlatformAccounts(database.db));
  app.decorate('fileLinks', createFileLinks(config));
  app.decorateRequest('session', null);
  // The guard finds sessions through the auth area's lookup, handed over here: the http
  // layer imports no area.
  app.decorate(
    'apiRoutes',
    installAccessControl(app, {
      find: findSession,
      findRecheckedInWrite: findSessionRecheckedInWrite,
    }),
  );
  // Built, not started: main.ts starts the recorder, tests drive it with recordOnce.
  // The simulated market's key is read (or made) in the database first.
  app.decorate('market', await createMarketRuntime({ config, db: database.db, log: app.log }));
  app.addHook('onClose', async () => {
    await app.market.recorder.stop();
    await database.close();
  });
}

interface ApiOptions {
  registerPerMinute: number;
  passwordResetPerMinute: number;
  chatWidget: ChatWidgetPolicy;
  marketStatus: () => Promise<MarketFeedStatus>;
}

/** Every area's routes, registered under /api. */
async function apiRoutes(api: FastifyInstance, options: ApiOptions): Promise<void> {
  const { marketStatus } = options;
  await api.register(authRoutes, { registerPerMinute: options.registerPerMinute });
  await api.register(sessionRoutes);
  await api.register(recoveryRoutes, { passwordResetPerMinute: options.passwordResetPerMinute });
  await api.register(userRoutes);
  await api.register(twoFactorRoutes);
  await api.register(settingsRoutes, { chatWidget: options.chatWidget });
  await api.register(coinRoutes);
  await api.register(adminRoutes);
  await api.register(adminUserRoutes);
  await api.register(impersonationRoutes);
  await api.register(adminCoinRoutes);
  await api.register(adminAccountRoutes);
  await api.register(approvalRoutes);
  await api.register(overviewRoutes, { marketStatus });
  await api.register(adminQueueRoutes);
  await api.register(auditRoutes);
  await api.register(outboxRoutes);
  await api.register(methodRoutes);
  await api.register(depositRoutes);
  await api.register(withdrawRoutes);
  await api.register(transferRoutes);
  await api.register(activityRoutes);
  await api.register(tradeRoutes);
  await api.register(fairnessRoutes);
  await api.register(limitRoutes);
  await api.register(practiceRoutes);
  await api.register(kycRoutes);
  await api.register(marketRoutes);
  await api.register(healthRoutes, { marketStatus });
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Request ids appear in every log line of a request, so a support case can be traced.
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: answerRouterError,
  });
  installJsonBodyParser(app);
  await decorateApp(app, options);

  const chatWidget = createChatWidgetPolicy({
    load: loadChatWidgetUrl(database.db),
    onError: (error) => app.log.error({ err: error }, 'chat widget setting unreadable'),
  });
  await app.register(securityPolicy, {
    chatWidget,
    connectOrigins: marketConnectOrigins(config),
    inspectorBuild: isInspectorBuild(config.webDir),
  });
  await app.register(errorHandler);
  await app.register(requestPolicy);
  await app.register(apiRoutes, {
    prefix: '/api',
    registerPerMinute: options.registerPerMinute ?? 10,
    passwordResetPerMinute: options.passwordResetPerMinute ?? 5,
    chatWidget,
    marketStatus: () => app.market.status(),
  });
  // Uploads and signed file links live outside /api: the contract's `POST /upload` takes no token.
  await app.register(fileRoutes, { uploadsPerMinute: options.uploadsPerMinute ?? 20 });
  // The simulated market's services speak the real formats on the app's own origin, outside
  // /api and without a token like the real ones.
  if (app.market.simulated !== null) {
    await app.register(simulatedMarketRoutes, { market: app.market.simulated });
  }
  await app.register(webApp, { webDir: config.webDir });
  return app;
}
