/**
 * Whether the database refused a number as out of range for its column (SQLSTATE 22003,
 * `numeric_value_out_of_range`): a BIGINT balance or quantity that a computed figure would
 * overflow. Every amount the API computes is range-checked before it reaches SQL; this is
 * the net under those checks (a sum of balances, say), so such a request is a 400 that
 * changed nothing, never a 500. Looks through `cause`, as Drizzle wraps driver errors.
 */
const OUT_OF_RANGE_SQLSTATE = '22003';
const MAX_CAUSE_DEPTH = 4;

export function isNumberOutOfRange(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH; depth += 1) {
    if (typeof current !== 'object' || current === null) return false;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === OUT_OF_RANGE_SQLSTATE) return true;
    current = cause;
  }
  return false;
}
