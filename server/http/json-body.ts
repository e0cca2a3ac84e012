/**
 * The JSON body parser. Before anything parses a body, its text is scanned once for how
 * deeply it nests and how many keys it has; a body beyond either bound is refused with 400.
 * A deep body is cheap to send (5,000 levels are 10 kB) and costly to handle: the
 * validation library prints a refused value recursively, and 5,000 nested arrays overflowed
 * the stack (a 500). No request of the API nests more than a few levels or has more than a
 * few dozen keys. A body within the bounds is parsed by Fastify's own JSON parser, which
 * keeps refusing `__proto__` and `constructor.prototype` keys.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_JSON_BODY_DEPTH, MAX_JSON_BODY_KEYS } from '../../common/rules';
import { badRequest } from './errors';

export const TOO_DEEP_MESSAGE = `The request body nests deeper than ${MAX_JSON_BODY_DEPTH} levels.`;
export const TOO_MANY_KEYS_MESSAGE = `The request body has more than ${MAX_JSON_BODY_KEYS} keys.`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COLON = 0x3a;

/**
 * Why `text` is too deep or has too many keys, or null when it is within both bounds. Only
 * structure outside strings counts; the text need not be valid JSON (the parser judges
 * that afterwards). Each key of an object is followed by the one colon outside a string.
 */
export function jsonShapeProblem(
  text: string,
  maxDepth = MAX_JSON_BODY_DEPTH,
  maxKeys = MAX_JSON_BODY_KEYS,
): string | null {
  let depth = 0;
  let keys = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      if (depth > maxDepth) return TOO_DEEP_MESSAGE;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
    } else if (code === COLON) {
      keys += 1;
      if (keys > maxKeys) return TOO_MANY_KEYS_MESSAGE;
    }
  }
  return null;
}

/** Replaces Fastify's `application/json` parser with the bounded one (same body limit). */
export function installJsonBodyParser(app: FastifyInstance): void {
  // Fastify's own parser, with the app's settings: `__proto__` and `constructor` keys are
  // errors, as they were before this parser took over.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      const problem = jsonShapeProblem(text);
      if (problem !== null) {
        done(badRequest(problem, 'invalid_body'), undefined);
        return;
      }
      parseJson(request, text, done);
    },
  );
}
