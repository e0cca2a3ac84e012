import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { parseAmount } from '../../../common/money';
import { formatExactMicros, plainMicros } from '../../ui/money';

/**
 * Rules of the amount fields (docs/product.md §5): what a typed amount means, which texts refuse it,
 * and the clamping of values above a ceiling. All exact, in micro-USDT.
 */

export type AmountCheck = { ok: true; micros: bigint } | { ok: false; error: MessageDescriptor };

/** docs/product.md §5 texts for what is not an amount; parseAmount's reasons, translated. */
export function parseAmountField(text: string): AmountCheck {
  const parsed = parseAmount(text);
  if (parsed.ok) return parsed;
  switch (parsed.reason) {
    case 'Amount is required':
      return { ok: false, error: msg`Amount is required` };
    case 'Amount cannot be negative':
      return { ok: false, error: msg`Amount cannot be negative` };
    case 'Amount can have at most 6 decimals':
      return { ok: false, error: msg`Amount can have at most 6 decimals` };
    case 'Amount is too large':
      return { ok: false, error: msg`Amount is too large` };
    default:
      return { ok: false, error: msg`Amount must be a number` };
  }
}

/** An amount in USDT at least `minMicros` and above zero: 'Minimum amount is {min} USDT'. */
export function checkUsdtAmount(text: string, minMicros: bigint): AmountCheck {
  const parsed = parseAmountField(text);
  if (!parsed.ok) return parsed;
  if (parsed.micros < minMicros) {
    const min = formatExactMicros(minMicros);
    return { ok: false, error: msg`Minimum amount is ${min} USDT` };
  }
  if (parsed.micros === 0n) return { ok: false, error: msg`Amount must be greater than 0` };
  return parsed;
}

/**
 * What the user typed, made ready for the field: a decimal comma becomes a point (many
 * languages write one), and a value above `ceilingMicros` is set back to the ceiling.
 */
export function normalizeAmountInput(
  text: string,
  ceilingMicros: bigint | null,
): { text: string; clamped: boolean } {
  const normalized = text.replace(',', '.').replace(/\s/g, '');
  if (ceilingMicros === null) return { text: normalized, clamped: false };
  const parsed = parseAmount(normalized);
  if (parsed.ok && parsed.micros > ceilingMicros) {
    return { text: plainMicros(ceilingMicros), clamped: true };
  }
  return { text: normalized, clamped: false };
}

/** The smaller of two limits; null means no limit. */
export function minLimit(a: bigint | null, b: bigint | null): bigint | null {
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? a : b;
}
