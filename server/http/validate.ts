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
  let failure: ApiError;
  try {
    const [error, value] = validate(body, struct);
    if (!error) return value;
    failure = toApiError(error);
  } catch {
    // Whatever the validation throws is caused by the body, so it is a bad body, never a
    // server failure: superstruct prints a refused value into its failure messages with a
    // template literal, which throws for an object whose own `toString` or `valueOf` is not
    // a function (`{"amount": {"toString": 1}}`) and overflows the stack on a deeply nested
    // array (the JSON parser refuses those first; a body may come from elsewhere).
    throw badRequest('The request body is not valid.');
  }
  throw failure;
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

/** Half of a surrogate pair without its other half: not Unicode at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const isInvalidText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The path of the first string (or object key) in `value` that holds a NUL character or an
 * unpaired surrogate (`''` for `value` itself), or null. PostgreSQL can store neither (text
 * refuses U+0000, jsonb refuses the escape of a lone surrogate), so such input is refused as
 * a bad request before any query sees it. Iterative, so a deeply nested body cannot exhaust
 * the stack.
 */
export function findInvalidText(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (isInvalidText(current)) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path === '' ? key : `${path}.${key}`;
        if (isInvalidText(key)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}
