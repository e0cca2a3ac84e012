/** Pieces shared by deposit and withdrawal requests: the method named, and its limits. */
import { and, eq, isNull } from 'drizzle-orm';
import { displayMicros } from '../../../common/money';
import { depositMethods, withdrawMethods } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { isUuid } from '../../http/fields';
import type { Tx } from '../../ledger/types';

type MethodTable = typeof depositMethods | typeof withdrawMethods;

/** The method a request names, if it exists and is not deleted; otherwise a clear 400. */
export async function activeMethod<T extends MethodTable>(
  tx: Tx,
  table: T,
  id: string,
): Promise<T['$inferSelect']> {
  const rows = isUuid(id)
    ? await tx
        .select()
        .from(table as MethodTable)
        .where(and(eq(table.id, id), isNull(table.deletedAt)))
        .limit(1)
    : [];
  const method = rows[0] as T['$inferSelect'] | undefined;
  if (!method) {
    throw new ApiError(
      400,
      'This payment method is not available.',
      'method_unavailable',
      'gatWay',
    );
  }
  return method;
}

/** Refuses an amount outside the method's limits with the contract's wording for that screen. */
export function checkLimits(
  amountMicros: bigint,
  method: { minAmountMicros: bigint; maxAmountMicros: bigint },
  wording: { min: string; max: string; unit: string },
): void {
  const show = (micros: bigint) => `${displayMicros(micros, 2, '')} ${wording.unit}`;
  if (amountMicros < method.minAmountMicros) {
    throw new ApiError(400, `${wording.min} ${show(method.minAmountMicros)}`, 'amount', 'amount');
  }
  if (amountMicros > method.maxAmountMicros) {
    throw new ApiError(400, `${wording.max} ${show(method.maxAmountMicros)}`, 'amount', 'amount');
  }
}
