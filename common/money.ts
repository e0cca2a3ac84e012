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
 *
 * A string must be the amount and nothing else: surrounding white space, line breaks, a
 * byte-order mark or any other character is refused, so the text that was checked is the
 * text that is stored and shown. Forms trim what a person typed before parsing and send
 * the trimmed (or formatted) figure.
 */
export function parseAmount(input: unknown): ParseResult {
  let text: string;
  if (typeof input === 'string') {
    text = input;
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

/**
 * Percentages (fees, payout rates) use the same six-decimal format as amounts:
 * "2.5" percent is 2,500,000 micro-percent. 100 % is 100,000,000.
 */
const MICRO_PERCENT_PER_PERCENT = 1_000_000n;
export const HUNDRED_PERCENT_MICRO = 100n * MICRO_PERCENT_PER_PERCENT;

/** Parses a percentage in 0..100 with at most six decimals. */
export function parsePercent(input: unknown): ParseResult {
  const parsed = parseAmount(input);
  if (!parsed.ok) return parsed;
  if (parsed.micros > HUNDRED_PERCENT_MICRO)
    return { ok: false, reason: 'Percent must be at most 100' };
  return parsed;
}

/**
 * The fee on `amountMicros` at `feeMicroPercent`, rounded half up to the micro. The same
 * function computes the preview a user confirms and the figure the server posts.
 */
export function feeMicros(amountMicros: bigint, feeMicroPercent: bigint): bigint {
  if (amountMicros < 0n) throw new RangeError('amount must be non-negative');
  if (feeMicroPercent < 0n || feeMicroPercent > HUNDRED_PERCENT_MICRO) {
    throw new RangeError('fee percent must be within 0..100');
  }
  return (amountMicros * feeMicroPercent + HUNDRED_PERCENT_MICRO / 2n) / HUNDRED_PERCENT_MICRO;
}

/** Amount, fee and what arrives: `net = amount - fee`. */
export interface FeeSplit {
  amountMicros: bigint;
  feeMicros: bigint;
  netMicros: bigint;
}

export function splitFee(amountMicros: bigint, feeMicroPercent: bigint): FeeSplit {
  const fee = feeMicros(amountMicros, feeMicroPercent);
  return { amountMicros, feeMicros: fee, netMicros: amountMicros - fee };
}

/**
 * The profit of a winning trade: floor(stake × payout ÷ 100 %). Rounded down, so the house
 * never pays more than the published percent (and less by under one micro-USDT). The same
 * function prices the confirmation dialog and the settlement.
 */
export function winProfitMicros(stakeMicros: bigint, payoutMicroPercent: bigint): bigint {
  if (stakeMicros < 0n) throw new RangeError('stake must be non-negative');
  if (payoutMicroPercent < 0n || payoutMicroPercent > HUNDRED_PERCENT_MICRO) {
    throw new RangeError('payout must be within 0..100 percent');
  }
  return (stakeMicros * payoutMicroPercent) / HUNDRED_PERCENT_MICRO;
}

/**
 * Coin quantities (deposit and withdrawal conversions) have eight decimals: 1 coin is
 * 100,000,000 units. Rates are USDT per coin, in micros.
 */
export const COIN_DECIMALS = 8;
const COIN_UNITS_PER_COIN = 100_000_000n;

/**
 * The largest coin quantity that can be stored: a BIGINT of coin units, about 92 billion
 * coins. A coin priced at 0.000001 USDT reaches it at about 92,233 USDT, so a method's
 * maximum amount is bounded by its conversion price (`maxUsdtMicrosForRate`).
 */
export const MAX_COIN_UNITS = 2n ** 63n - 1n;

/** `amount / rate` in coin units, rounded half up: what the gateway coin amount is. */
export function coinUnitsForUsdt(amountMicros: bigint, rateMicros: bigint): bigint {
  if (rateMicros <= 0n) throw new RangeError('rate must be positive');
  if (amountMicros < 0n) throw new RangeError('amount must be non-negative');
  return (amountMicros * COIN_UNITS_PER_COIN + rateMicros / 2n) / rateMicros;
}

/**
 * The largest amount (micros, at most MAX_AMOUNT_MICROS) whose coin quantity at `rateMicros`
 * can be stored: `coinUnitsForUsdt(result, rate) <= MAX_COIN_UNITS`, and one micro more is
 * too much (unless MAX_AMOUNT_MICROS is the bound). A method's maximum amount must not exceed
 * it, or a deposit or withdrawal within the method's limits could not be stored.
 */
export function maxUsdtMicrosForRate(rateMicros: bigint): bigint {
  if (rateMicros <= 0n) throw new RangeError('rate must be positive');
  // coinUnitsForUsdt(a, r) <= M  ⇔  a·10⁸ + ⌊r/2⌋ < (M + 1)·r  ⇔  a ≤ ⌊((M + 1)·r − ⌊r/2⌋ − 1) / 10⁸⌋
  const largest = ((MAX_COIN_UNITS + 1n) * rateMicros - rateMicros / 2n - 1n) / COIN_UNITS_PER_COIN;
  return largest < MAX_AMOUNT_MICROS ? largest : MAX_AMOUNT_MICROS;
}

/** Formats coin units with eight decimals ("0.01000000"). */
export function formatCoinUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / COIN_UNITS_PER_COIN;
  const fraction = (abs % COIN_UNITS_PER_COIN).toString().padStart(COIN_DECIMALS, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${fraction}`;
}

/**
 * Parses a coin quantity with at most eight decimals; numbers via their shortest form. Like
 * `parseAmount`, a string must be the quantity and nothing else.
 */
export function parseCoinUnits(input: unknown): { ok: true; units: bigint } | { ok: false } {
  const text = typeof input === 'number' && Number.isFinite(input) ? String(input) : input;
  if (typeof text !== 'string') return { ok: false };
  const match = /^(\d{1,15})(?:\.(\d{1,8}))?$/.exec(text);
  if (!match) return { ok: false };
  const units =
    BigInt(match[1] ?? '0') * COIN_UNITS_PER_COIN +
    BigInt((match[2] ?? '').padEnd(COIN_DECIMALS, '0'));
  return { ok: true, units };
}
