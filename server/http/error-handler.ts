/**
 * The one place a failure becomes an answer. Handlers throw `ApiError`; the domain throws
 * plain errors (the ledger's InsufficientFundsError), answered here with the status and code
 * the API promises; Fastify's own failures (bad JSON, too large, rate limits) get the API's
 * error shape; an unreachable database is a 503 the client may retry; anything else is a
 * logged 500 that shows nothing of its cause.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isNumberOutOfRange } from '../db/out-of-range';
import { isDatabaseUnavailable } from '../db/unavailable';
import { InsufficientFundsError } from '../ledger/errors';
import { BatcherFullError } from '../lib/batcher';
import { SemaphoreFullError } from '../lib/semaphore';
import { ApiError, TooManyRequestsError } from './errors';
import fp from 'fastify-plugin';

/** How long a client is told to wait before retrying while the database is unreachable. */
const DATABASE_RETRY_AFTER_S = 1;
/** How long a client is told to wait while every password-hash slot is taken. */
const BUSY_RETRY_AFTER_S = 1;

/**
 * The answer of a refusal: an ApiError as it is, a domain error as the API words it; null
 * for a failure (a bug, the database), which is not the client's to correct. Idempotent
 * requests use it too: only a refusal may be answered by a stored earlier answer instead.
 */
export function refusalOf(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof InsufficientFundsError) {
    return new ApiError(422, error.message, 'insufficient_funds');
  }
  return null;
}

/** The error handler as a plugin: `buildApp` registers it before any route. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => answerError(error, request, reply));
});

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof TooManyRequestsError && error.retryAfterS !== undefined) {
    void reply.header('retry-after', String(error.retryAfterS));
  }
  const refusal = refusalOf(error);
  if (refusal !== null) return reply.code(refusal.statusCode).send(refusal.toBody());
  const fastifyAnswer = answerFastifyError(error, reply);
  if (fastifyAnswer !== null) return fastifyAnswer;
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send({
      error: 'The service is briefly unavailable. Please try again in a moment.',
      code: 'service_unavailable',
    });
  }
  if (error instanceof SemaphoreFullError || error instanceof BatcherFullError) {
    // Every password-hash slot and its queue are taken (a flood from many addresses), or the
    // queue of transfers waiting for a batch is full: the request changed nothing, and may
    // be sent again in a moment.
    request.log.warn(
      error instanceof BatcherFullError
        ? 'transfer batch queue full'
        : 'password hashing queue full',
    );
    return reply.code(503).header('retry-after', String(BUSY_RETRY_AFTER_S)).send({
      error: 'The server is busy. Please try again in a moment.',
      code: 'service_unavailable',
    });
  }
  if (isNumberOutOfRange(error)) {
    request.log.warn({ err: error }, 'a figure was out of range for the database');
    return reply.code(400).send({
      error: 'An amount in this request is too large to be stored.',
      code: 'amount',
    });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply
    .code(500)
    .send({ error: 'Something went wrong on our side. Please try again.', code: 'internal' });
}

/** Fastify's own refusals (body parsing, limits) in the API's error shape; null for others. */
function answerFastifyError(error: FastifyError, reply: FastifyReply): FastifyReply | null {
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return reply
      .code(400)
      .send({ error: 'The request body is not valid JSON.', code: 'malformed_json' });
  }
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return reply.code(400).send({ error: 'The request body is empty.', code: 'invalid_body' });
  }
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply
      .code(413)
      .send({ error: 'The request body is too large.', code: 'payload_too_large' });
  }
  if (statusCode === 429) {
    return reply.code(429).send({
      error: 'Too many requests. Please wait a minute and try again.',
      code: 'too_many_attempts',
    });
  }
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    return reply.code(statusCode).send({ error: error.message, code: 'invalid_body' });
  }
  return null;
}
