import { ApiError } from '../../services/api-error';

/** A record that does not exist for this user: the server answers 404 for others' ids too. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
