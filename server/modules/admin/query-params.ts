/**
 * Query strings of the admin lists. Like request bodies, they are checked strictly: an
 * unknown or repeated parameter, or a bad value, answers 400 with a message that names it.
 */
import type { FastifyRequest } from 'fastify';
import {
  ADMIN_MAX_PAGE,
  QUEUE_STATUS_FILTERS,
  type QueueStatusFilter,
} from '../../../common/contract';
import { badRequest } from '../../http/errors';

/** The query's parameters, each given at most once, and none but `allowed`. */
export function queryParams<K extends string>(
  request: FastifyRequest,
  allowed: readonly K[],
): Partial<Record<K, string>> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const params: Partial<Record<K, string>> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!(allowed as readonly string[]).includes(key)) {
      throw badRequest(
        `Unknown query parameter: ${key.slice(0, 40)}. Allowed: ${allowed.join(', ')}.`,
        'unknown_field',
        key.slice(0, 40),
      );
    }
    if (typeof value !== 'string')
      throw badRequest(`${key} must be given once.`, 'invalid_body', key);
    params[key as K] = value;
  }
  return params;
}

/** `page`: a whole number from 1; absent means 1. */
export function pageParam(value: string | undefined): number {
  if (value === undefined) return 1;
  const page = Number(value);
  if (!/^[1-9][0-9]{0,5}$/.test(value) || page > ADMIN_MAX_PAGE) {
    throw badRequest(
      `page must be a whole number from 1 to ${ADMIN_MAX_PAGE}.`,
      'invalid_body',
      'page',
    );
  }
  return page;
}

/** `status` of a queue: Pending (the default), Completed, Rejected or All. */
export function statusParam(value: string | undefined): QueueStatusFilter {
  if (value === undefined) return 'Pending';
  const found = QUEUE_STATUS_FILTERS.find((status) => status === value);
  if (found === undefined) {
    throw badRequest(
      `status must be one of ${QUEUE_STATUS_FILTERS.join(', ')}.`,
      'invalid_body',
      'status',
    );
  }
  return found;
}

/** The page count of `total` rows, at least 1 so an empty list still has its one page. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A timestamp as either driver returns it (Date, or text), in ISO form. */
export function isoOf(value: unknown): string {
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) throw new Error(`Not a timestamp: ${String(value)}`);
  return date.toISOString();
}

export function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : isoOf(value);
}

/** A count as either driver returns it. */
export function countOf(value: unknown): number {
  const n = Number(value ?? 0);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Not a count: ${String(value)}`);
  return n;
}
