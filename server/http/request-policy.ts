/**
 * What every request and answer of the API goes through besides its route: answers with
 * personal data are kept by no cache, and text PostgreSQL cannot store is refused up front.
 */
import { badRequest } from './errors';
import fp from 'fastify-plugin';
import { findInvalidText } from './validate';

export const INVALID_TEXT_MESSAGE = 'Text may not contain NUL characters or invalid Unicode.';

export const requestPolicy = fp(async (app) => {
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
});
