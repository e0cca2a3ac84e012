/**
 * The security policy of every answer: the content security policy and other helmet
 * headers, and the rate-limit plugin the routes opt into (`global: false`).
 */
import rateLimit from '@fastify/rate-limit';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The help page's live-chat widget: only the /helpline document's policy allows its one
 * origin; `onRequest` finds out which policy a request gets, and `allow` adds the origin to
 * a directive's sources for that request (the settings area builds it).
 */
export interface ChatWidgetSources {
  /**
   * An onRequest hook, added before helmet's: on a document request of the help page it
   * finds the widget origin that this response's policy allows.
   */
  onRequest(request: FastifyRequest): Promise<void>;
  /** A directive value for helmet: `base`, plus the widget origin on the help page. */
  allow(base: readonly string[]): (req: IncomingMessage) => string;
  /** Whether `req`'s policy names a widget origin (a help page request, the widget set). */
  widens(req: IncomingMessage): boolean;
}

export interface SecurityPolicyOptions {
  chatWidget: ChatWidgetSources;
  /** Origins the web app's market worker reads directly (the live market services). */
  connectOrigins: string[];
  /** Whether the built web app carries the state-machine inspector. */
  inspectorBuild: boolean;
}

type HeaderMiddleware = ReturnType<typeof helmet>;

/**
 * The headers `middleware` sets on a request that carries nothing of its own (no widget
 * origin): a stand-in response records them. Helmet only sets and removes headers; one that
 * does anything else throws here, at start.
 */
function headersOf(middleware: HeaderMiddleware): [string, string | number | string[]][] {
  const headers = new Map<string, string | number | string[]>();
  const response = {
    setHeader: (name: string, value: string | number | string[]) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  let finished = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('security headers: helmet did not finish at once');
  return [...headers];
}

// fastify-plugin: what an app-wide plugin registers (hooks, handlers) applies to the app that
// registers it, not only to routes inside the plugin's own context.
export const securityPolicy = fp(async (app, options: SecurityPolicyOptions) => {
  const { chatWidget, connectOrigins, inspectorBuild } = options;
  if (inspectorBuild) {
    app.log.warn('this web app was built with the state-machine inspector (VITE_INSPECT=1)');
  }
  // The chat widget's origin is allowed in the /helpline document's policy only (script,
  // styles, fonts, images, connections, frames); every other response keeps the strict
  // policy. This hook runs before helmet's, which reads what it found.
  app.addHook('onRequest', chatWidget.onRequest);
  // Built once: the Fastify wrapper built helmet's middleware again for every request, which
  // cost about a tenth of the server's CPU under load (`npm run bench:transfers`).
  const applyHeaders = helmet({
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
        connectSrc: [chatWidget.allow(["'self'", ...connectOrigins])],
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
  // Every response but a help page's with the widget gets the same headers: helmet writes
  // them once, here, and each request copies them. Running helmet's chain per request (its
  // policy string built and checked again, a call per header) was 6 % of the server's busy
  // time under load.
  const strictHeaders = headersOf(applyHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    if (chatWidget.widens(request.raw)) {
      applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
      return;
    }
    for (const [name, value] of strictHeaders) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(rateLimit, { global: false });
});
