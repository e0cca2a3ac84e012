/**
 * Parsing of request fields (money, percents, coin units, text, codes, record ids) with clear
 * messages: a bad field answers 400 naming it, a figure that differs from the server's 422.
 * Shared by every area, so it lives with the transport, below them all.
 */
import {
  coinUnitsForUsdt,
  MAX_COIN_UNITS,
  parseAmount,
  parseCoinUnits,
  parsePercent,
} from '../../common/money';
import { REASON_MAX_LENGTH } from '../../common/rules';
import { ApiError, badRequest } from './errors';

export function amountField(value: unknown, field: string, label = 'Amount'): bigint {
  const parsed = parseAmount(value);
  if (!parsed.ok) {
    const reason = parsed.reason.replace(/^Amount/, label);
    throw new ApiError(400, reason, 'amount', field);
  }
  return parsed.micros;
}

export function positiveAmountField(value: unknown, field: string, label = 'Amount'): bigint {
  const micros = amountField(value, field, label);
  if (micros === 0n) throw new ApiError(400, `${label} must be greater than 0`, 'amount', field);
  return micros;
}

export function percentField(value: unknown, field: string): bigint {
  const parsed = parsePercent(value);
  if (!parsed.ok) throw new ApiError(400, `${field}: ${parsed.reason}`, 'amount', field);
  return parsed.micros;
}

/**
 * `amountMicros` in coin units at `rateMicros`, refused with 400 when the quantity could not
 * be stored (a method whose maximum was set before its limits were bounded by its price).
 */
export function coinUnitsField(amountMicros: bigint, rateMicros: bigint, field: string): bigint {
  const units = coinUnitsForUsdt(amountMicros, rateMicros);
  if (units > MAX_COIN_UNITS) {
    throw new ApiError(
      400,
      "This amount is too large for the method's conversion price. Please send less.",
      'amount',
      field,
    );
  }
  return units;
}

/** Refuses a client figure that differs from the server's: the user must see what is posted. */
export function assertSameAmount(clientValue: unknown, serverMicros: bigint, field: string): void {
  if (clientValue === undefined) return;
  const parsed = parseAmount(clientValue);
  if (!parsed.ok || parsed.micros !== serverMicros) {
    throw new ApiError(
      422,
      'The amounts changed since you confirmed. Please review them and confirm again.',
      'figures_changed',
      field,
    );
  }
}

export function assertSameCoinUnits(
  clientValue: unknown,
  serverUnits: bigint,
  field: string,
): void {
  if (clientValue === undefined) return;
  const parsed = parseCoinUnits(clientValue);
  if (!parsed.ok || parsed.units !== serverUnits) {
    throw new ApiError(
      422,
      'The conversion changed since you confirmed. Please review it and confirm again.',
      'figures_changed',
      field,
    );
  }
}

export function textField(
  value: string,
  field: string,
  label: string,
  options: { maxLength: number; pattern?: RegExp; allowEmpty?: boolean },
): string {
  const text = value.trim();
  if (text === '' && !options.allowEmpty)
    throw new ApiError(400, `${label} is required`, 'invalid_body', field);
  if (text.length > options.maxLength) {
    throw new ApiError(
      400,
      `${label} must be at most ${options.maxLength} characters`,
      'invalid_body',
      field,
    );
  }
  if (options.pattern && text !== '' && !options.pattern.test(text)) {
    throw new ApiError(400, `${label} is not valid`, 'invalid_body', field);
  }
  return text;
}

/**
 * A code such as a coin symbol, exactly as sent: it must match `pattern` whole, so a
 * surrounding space is refused rather than trimmed away ("BTC " is not a symbol).
 */
export function codeField(value: string, field: string, label: string, pattern: RegExp): string {
  if (!pattern.test(value)) {
    throw new ApiError(400, `${label} is not valid`, 'invalid_body', field);
  }
  return value;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` can be a record id; anything else is simply "not found". */
export function isUuid(id: string): boolean {
  return UUID_PATTERN.test(id);
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
