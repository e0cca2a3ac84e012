/**
 * The API server as a Fastify plugin: `buildApp` wires the database, security headers,
 * rate limits, the API routes under /api and, when it has been built, the web app with
 * history fallback. `main.ts` listens; tests call `app.inject` without a socket.
 */
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
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
import { installErrorHandler } from './http/error-handler';
import { badRequest } from './http/errors';
import { installJsonBodyParser } from './http/json-body';
import { findInvalidText } from './http/validate';
import { ensurePlatformAccounts } from './ledger/accounts';
import './http/types';
import { createMarketRuntime, marketConnectOrigins } from './market/runtime';
import {
  adminAccountRoutes,
  adminCoinRoutes,
  adminQueueRoutes,
  adminRoutes,
  adminUserRoutes,
  approvalRoutes,
  auditRoutes,
  impersonationRoutes,
  overviewRoutes,
} from './modules/admin';
import { authRoutes, findSession } from './modules/auth';
import { coinRoutes } from './modules/coins';
import { createFileLinks, fileRoutes } from './modules/files';
import { healthRoutes } from './modules/health';
import { kycRoutes } from './modules/kyc';
import { marketRoutes, simulatedMarketRoutes } from './modules/market';
import { createChatWidgetPolicy, loadChatWidgetUrl, settingsRoutes } from './modules/settings';
import { tradeRoutes } from './modules/trades';
import { userRoutes } from './modules/users';
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

export const INVALID_TEXT_MESSAGE = 'Text may not contain NUL characters or invalid Unicode.';

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
  app.decorate('nowMs', options.nowMs ?? Date.now);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('platformAccounts', await ensurePlatformAccounts(database.db));
  app.decorate('fileLinks', createFileLinks(config));
  app.decorateRequest('session', null);
  // The guard finds sessions through the auth area's lookup, handed over here: the http
  // layer imports no area.
  app.decorate('apiRoutes', installAccessControl(app, findSession));
  // Built, not started: main.ts starts the recorder, tests drive it with recordOnce.
  // The simulated market's key is read (or made) in the database first.
  app.decorate('market', await createMarketRuntime({ config, db: database.db, log: app.log }));
  app.addHook('onClose', async () => {
    await app.market.recorder.stop();
    await database.close();
  });

  const inspectorBuild = isInspectorBuild(config.webDir);
  if (inspectorBuild) {
    app.log.warn('this web app was built with the state-machine inspector (VITE_INSPECT=1)');
  }

  // The help page's live-chat widget: only the /helpline document's policy allows its one
  // origin (script, styles, fonts, images, connections, frames); every other response keeps
  // the strict policy. This hook runs before helmet's, which reads what it found.
  const chatWidget = createChatWidgetPolicy({
    load: loadChatWidgetUrl(database.db),
    onError: (error) => app.log.error({ err: error }, 'chat widget setting unreadable'),
  });
  app.addHook('onRequest', chatWidget.onRequest);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [chatWidget.allow(["'self'"])],
        // styled-components injects its generated rules at run time.
        styleSrc: [chatWidget.allow(["'self'", "'unsafe-inline'"])],
        imgSrc: [chatWidget.allow(["'self'", 'data:', 'blob:'])],
        fontSrc: [chatWidget.allow(["'self'"])],
        frameSrc: [chatWidget.allow(["'self'"])],
        // The web app's market worker reads the live services directly; the simulated
        // market is on the app's own origin.
        connectSrc: [chatWidget.allow(["'self'", ...marketConnectOrigins(config)])],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // A build with the state-machine inspector talks to the inspector's window, which it
    // opens itself: the page must keep that link. Every other build cuts it.
    crossOriginOpenerPolicy: {
      policy: inspectorBuild ? 'same-origin-allow-popups' : 'same-origin',
    },
    referrerPolicy: { policy: 'no-referrer' },
  });
  await app.register(rateLimit, { global: false });

  installErrorHandler(app);

  // Answers to a signed-in request, and those that carry personal data without one (a new
  // token, a new account), are kept by no cache: not the browser's, not a proxy's, not the
  // service worker's. Public answers keep whatever caching their route chose.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.session !== null || request.routeOptions.config?.personal === true) {
      void reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  // PostgreSQL cannot store U+0000 or a lone surrogate: such text anywhere in the input is a
  // bad request, refused here once instead of failing as a database error inside a route.
  app.addHook('preValidation', async (request) => {
    for (const part of [request.body, request.query, request.params]) {
      const path = findInvalidText(part);
      if (path !== null) {
        throw badRequest(INVALID_TEXT_MESSAGE, 'invalid_body', path || undefined);
      }
    }
  });

  await app.register(
    async (api) => {
      await api.register(authRoutes, { registerPerMinute: options.registerPerMinute ?? 10 });
      await api.register(userRoutes);
      await api.register(settingsRoutes, { chatWidget });
      await api.register(coinRoutes);
      await api.register(adminRoutes);
      await api.register(adminUserRoutes);
      await api.register(impersonationRoutes);
      await api.register(adminCoinRoutes);
      await api.register(adminAccountRoutes);
      await api.register(approvalRoutes);
      await api.register(overviewRoutes, { marketStatus: () => app.market.status() });
      await api.register(adminQueueRoutes);
      await api.register(auditRoutes);
      await api.register(methodRoutes);
      await api.register(depositRoutes);
      await api.register(withdrawRoutes);
      await api.register(transferRoutes);
      await api.register(activityRoutes);
      await api.register(tradeRoutes);
      await api.register(kycRoutes);
      await api.register(marketRoutes);
      await api.register(healthRoutes, { marketStatus: () => app.market.status() });
    },
    { prefix: '/api' },
  );
  // Uploads and signed file links live outside /api: the contract's `POST /upload` takes no token.
  await app.register(fileRoutes, { uploadsPerMinute: options.uploadsPerMinute ?? 20 });
  // The simulated market's services speak the real formats on the app's own origin, outside
  // /api and without a token like the real ones.
  if (app.market.simulated !== null) {
    await app.register(simulatedMarketRoutes, { market: app.market.simulated });
  }

  await registerWebApp(app, config.webDir);
  return app;
}

/**
 * A request for a file that is not there: anything under /assets/ or a name with a file
 * extension. It gets a 404, never the shell: a missing /sw.js answered with HTML would leave
 * installed apps on their old worker, and a missing chunk must fail as a missing chunk.
 * Client routes never have an extension (ids are UUIDs and Pay IDs digits).
 */
function isMissingFile(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  return pathname.startsWith('/assets/') || /\.[a-z0-9]{1,12}$/i.test(pathname);
}

/**
 * Whether the built web app carries the Stately inspector: `VITE_INSPECT=1 npm run build`
 * marks its index.html (vite.config.ts, `inspectorMarker`).
 */
export function isInspectorBuild(webDir: string): boolean {
  try {
    return fs
      .readFileSync(path.join(webDir, 'index.html'), 'utf8')
      .includes('name="tradewallet-inspector"');
  } catch {
    return false;
  }
}

/** Serves the built web app, answering index.html for any other GET so client routes work. */
async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const indexPath = path.join(webDir, 'index.html');
  const hasWebApp = fs.existsSync(indexPath);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes a Brotli and a gzip copy of each text file (scripts/precompress-
      // plugin.ts): the one the browser accepts is sent as it is, with no compression work
      // per request. API answers stay uncompressed: they are small, and mostly per user.
      preCompressed: true,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi =
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      request.url.startsWith('/upload') ||
      request.url.startsWith('/files/') ||
      request.url.startsWith('/sim/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && wantsPage && hasWebApp && !isMissingFile(request.url)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: 'Not found.', code: 'not_found' });
  });
}
