import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  COIN_NAME_MAX_LENGTH,
  COIN_SORT_ORDER_LIMIT,
  COIN_SYMBOL_PATTERN,
  type AdminCoin,
  type CreateCoinRequest,
  type UpdateCoinRequest,
} from '../../../../common/contract';

/**
 * The coin form's pure rules, the same as the server's (server/modules/admin/coins-admin.ts):
 * a symbol of 2 to 15 letters or digits, upper case; a name of 1 to 50 characters after
 * trimming; an optional whole sort order within ±1,000,000.
 */

export interface CoinFormValues {
  symbol: string;
  name: string;
  /** As typed: blank means "not given" when creating (the server then uses 0). */
  sortOrder: string;
}

export type CoinField = keyof CoinFormValues;
export type CoinFormErrors = Partial<Record<CoinField, MessageDescriptor>>;

/** The fields top to bottom, for putting the cursor in the first one with an error. */
export const COIN_FIELDS: readonly CoinField[] = ['symbol', 'name', 'sortOrder'];

export const EMPTY_COIN_FORM: CoinFormValues = { symbol: '', name: '', sortOrder: '' };

/** The form filled with a listed coin, for editing it. */
export function coinFormValues(coin: AdminCoin): CoinFormValues {
  return { symbol: coin.symbol, name: coin.name, sortOrder: String(coin.sortOrder) };
}

/** What the symbol field shows as the admin types: upper case, no spaces. */
export function symbolInput(text: string): string {
  return text.replace(/\s/g, '').toUpperCase();
}

const symbolMessage = msg`Use 2 to 15 letters or digits, such as BTC.`;

export function symbolError(symbol: string): MessageDescriptor | undefined {
  const text = symbol.trim();
  if (text === '') return msg`Symbol is required`;
  return COIN_SYMBOL_PATTERN.test(text.toUpperCase()) ? undefined : symbolMessage;
}

export function coinNameError(name: string): MessageDescriptor | undefined {
  const text = name.trim();
  if (text === '') return msg`Name is required`;
  const maxText = COIN_NAME_MAX_LENGTH;
  return text.length > maxText ? msg`Must be at most ${maxText} characters` : undefined;
}

export type SortOrderCheck =
  { ok: true; sortOrder: number | undefined } | { ok: false; error: MessageDescriptor };

/**
 * A typed sort order: blank is "not given" (allowed only when `optional`), otherwise a whole
 * number within the server's bound, written with digits only (no "1e3", no "2.0").
 */
export function parseSortOrder(text: string, optional: boolean): SortOrderCheck {
  const trimmed = text.trim().replace(/^\u2212/, '-');
  if (trimmed === '') {
    return optional ? { ok: true, sortOrder: undefined } : { ok: false, error: wholeNumber };
  }
  if (!/^-?\d{1,9}$/.test(trimmed)) return { ok: false, error: wholeNumber };
  const value = Number(trimmed);
  if (Math.abs(value) > COIN_SORT_ORDER_LIMIT) {
    const limit = COIN_SORT_ORDER_LIMIT;
    return { ok: false, error: msg`Use a number from -${limit} to ${limit}.` };
  }
  // Never "-0": the server would store 0 anyway, and the form compares it with the saved one.
  return { ok: true, sortOrder: value === 0 ? 0 : value };
}

const wholeNumber = msg`Enter a whole number, such as 10.`;

/**
 * The errors of the form. When editing, the symbol is not checked (it cannot change) and the
 * sort order must be given (it is filled in with the saved one).
 */
export function checkCoinForm(values: CoinFormValues, mode: 'create' | 'edit'): CoinFormErrors {
  const errors: CoinFormErrors = {};
  if (mode === 'create') {
    const symbol = symbolError(values.symbol);
    if (symbol) errors.symbol = symbol;
  }
  const name = coinNameError(values.name);
  if (name) errors.name = name;
  const sortOrder = parseSortOrder(values.sortOrder, mode === 'create');
  if (!sortOrder.ok) errors.sortOrder = sortOrder.error;
  return errors;
}

/** The create call's body from a form without errors. */
export function createCoinRequest(values: CoinFormValues): CreateCoinRequest {
  const sortOrder = parseSortOrder(values.sortOrder, true);
  if (!sortOrder.ok) throw new RangeError('createCoinRequest needs a checked form');
  return {
    symbol: values.symbol.trim().toUpperCase(),
    name: values.name.trim(),
    ...(sortOrder.sortOrder === undefined ? {} : { sortOrder: sortOrder.sortOrder }),
  };
}

/**
 * The update call's body from a form without errors: only what changed, or null when
 * nothing did (the server refuses an update without a change).
 */
export function updateCoinRequest(
  coin: AdminCoin,
  values: CoinFormValues,
): UpdateCoinRequest | null {
  const sortOrder = parseSortOrder(values.sortOrder, false);
  if (!sortOrder.ok || sortOrder.sortOrder === undefined) {
    throw new RangeError('updateCoinRequest needs a checked form');
  }
  const name = values.name.trim();
  const request: UpdateCoinRequest = { id: coin._id };
  if (name !== coin.name) request.name = name;
  if (sortOrder.sortOrder !== coin.sortOrder) request.sortOrder = sortOrder.sortOrder;
  return request.name === undefined && request.sortOrder === undefined ? null : request;
}
