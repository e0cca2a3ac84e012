/**
 * Exact money. Every amount is an integer number of micro-USDT (1 USDT = 1,000,000 micros)
 * held in a `bigint`. Amounts cross the wire as decimal strings with six decimals
 * ("12.500000") and are parsed here without ever passing through a floating-point number.
 *
 * This module is shared by the web app (previews) and the server (postings), so a figure a
 * user confirms is computed by the same code that posts it.
 */

export const MICROS_PER_USDT = 1_000_000n;
export const USDT_DECIMALS = 6;

/** The largest amount accepted anywhere: 1e12 USDT, far below BIGINT's range. */
export const MAX_AMOUNT_MICROS = 1_000_000_000_000n * MICROS_PER_USDT;

const DECIMAL_PATTERN = /^(\d{1,13})(?:\.(\d{1,6}))?$/;

export type ParseResult = { ok: true; micros: bigint } | { ok: false; reason: string };

/**
 * Parses a non-negative decimal amount ("12", "12.5", "0.000001") into micros.
 * Refuses negatives, more than six decimals, exponents, NaN, infinities, blanks and
 * anything above MAX_AMOUNT_MICROS. Numbers are accepted only when their shortest decimal
 * form is itself a valid amount, so 0.1 is read as "0.1" and 1e-7 is refused.
 */
export function parseAmount(input: unknown): ParseResult {
  let text: string;
  if (typeof input === 'string') {
    text = input.trim();
  } else if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'Amount must be a number' };
    text = String(input);
  } else {
    return { ok: false, reason: 'Amount must be a number' };
  }
  if (text === '') return { ok: false, reason: 'Amount is required' };
  if (text.startsWith('-')) return { ok: false, reason: 'Amount cannot be negative' };
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) {
    if (/^\d*\.\d{7,}$/.test(text)) {
      return { ok: false, reason: 'Amount can have at most 6 decimals' };
    }
    return { ok: false, reason: 'Amount must be a number' };
  }
  const whole = BigInt(match[1] ?? '0');
  const fraction = BigInt((match[2] ?? '').padEnd(USDT_DECIMALS, '0'));
  const micros = whole * MICROS_PER_USDT + fraction;
  if (micros > MAX_AMOUNT_MICROS) return { ok: false, reason: 'Amount is too large' };
  return { ok: true, micros };
}

/** Formats micros as the wire format: a decimal string with exactly six decimals. */
export function formatMicros(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const whole = abs / MICROS_PER_USDT;
  const fraction = (abs % MICROS_PER_USDT).toString().padStart(USDT_DECIMALS, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${fraction}`;
}

/**
 * Formats micros for display with `decimals` places (0..6), rounding half away from zero,
 * with thousands separators from `groupSeparator`. Display only: never parse the result.
 */
export function displayMicros(micros: bigint, decimals = 2, groupSeparator = ','): string {
  if (decimals < 0 || decimals > USDT_DECIMALS || !Number.isInteger(decimals)) {
    throw new RangeError(`decimals must be an integer in 0..${USDT_DECIMALS}`);
  }
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const unit = 10n ** BigInt(USDT_DECIMALS - decimals);
  const rounded = (abs + unit / 2n) / unit;
  const scale = 10n ** BigInt(decimals);
  const whole = (rounded / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, groupSeparator);
  const fraction = decimals > 0 ? '.' + (rounded % scale).toString().padStart(decimals, '0') : '';
  const isZero = rounded === 0n;
  return `${negative && !isZero ? '-' : ''}${whole}${fraction}`;
}

/** Parses the wire format back to micros; throws on anything that is not a valid amount. */
export function microsFromWire(wire: string): bigint {
  const negative = wire.startsWith('-');
  const parsed = parseAmount(negative ? wire.slice(1) : wire);
  if (!parsed.ok) throw new RangeError(`Invalid wire amount: ${wire}`);
  return negative ? -parsed.micros : parsed.micros;
}
