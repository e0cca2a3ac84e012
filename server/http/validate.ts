/**
 * Request bodies are checked against the shared superstruct contract. `object()` shapes
 * refuse unknown keys, so nobody can set fields they do not own (role, balance, payId...).
 */
import { StructError, validate, type Struct } from 'superstruct';
import { ApiError, badRequest } from './errors';

export function parseBody<T>(struct: Struct<T, unknown>, body: unknown): T {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object.');
  }
  const [error, value] = validate(body, struct);
  if (error) throw toApiError(error);
  return value;
}

function toApiError(error: StructError): ApiError {
  const failure = error.failures()[0] ?? error;
  const field = failure.path.join('.') || undefined;
  if (failure.type === 'never') {
    return badRequest(`Unknown field: ${field ?? '(root)'}`, 'unknown_field', field);
  }
  if (failure.value === undefined) {
    return badRequest(`Missing field: ${field ?? '(root)'}`, 'invalid_body', field);
  }
  return badRequest(`Invalid value for ${field ?? 'the body'}.`, 'invalid_body', field);
}
