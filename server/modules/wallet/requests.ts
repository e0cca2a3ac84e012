/** Pieces shared by deposit and withdrawal requests: methods, limits, one-time decisions. */
import { and, eq, isNull } from 'drizzle-orm';
import { displayMicros } from '../../../common/money';
import { REASON_MAX_LENGTH } from '../../../common/rules';
import { depositMethods, withdrawMethods } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/errors';
import type { Tx } from '../../ledger/types';
import { isUuid, textField } from './parse';

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

/** PUT …/:id bodies repeat the id (docs/product.md); the two must agree. */
export function assertSameId(bodyId: string, pathId: string): void {
  if (bodyId !== pathId)
    throw badRequest('The id in the body must match the path.', 'invalid_body', 'id');
}

/** An optional decision reason: trimmed, bounded, empty means none. */
export function reasonField(value: string | undefined): string | null {
  if (value === undefined) return null;
  const text = textField(value, 'reason', 'Reason', {
    maxLength: REASON_MAX_LENGTH,
    allowEmpty: true,
  });
  return text === '' ? null : text;
}

/**
 * Why a conditional `UPDATE … WHERE status = 'Pending'` changed nothing: the request does not
 * exist (404) or was decided before (409).
 */
export function decisionRefused(existingStatus: string | undefined, noun: string): ApiError {
  if (existingStatus === undefined)
    return notFound(`${noun[0]?.toUpperCase()}${noun.slice(1)} not found.`);
  return new ApiError(
    409,
    `This ${noun} was already ${existingStatus.toLowerCase()}.`,
    'already_decided',
  );
}
