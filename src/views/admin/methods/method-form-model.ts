import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  INFO_LANGUAGES,
  METHOD_TEXT_RULES,
  type CreateDepositMethodRequest,
  type InfoLanguage,
  type CreateWithdrawMethodRequest,
  type DepositMethod,
  type WithdrawMethod,
} from '../../../../common/contract';
import {
  formatMicros,
  HUNDRED_PERCENT_MICRO,
  maxUsdtMicrosForRate,
  microsFromWire,
  parseAmount,
} from '../../../../common/money';
import { plainMicros } from '../../../ui/money';

/**
 * The payment-method form's pure rules, the same as the server's
 * (server/modules/wallet/methods.ts and parse.ts): trimmed texts within their lengths,
 * amounts above zero with at most six decimals, the minimum not above the maximum, a maximum
 * whose coin amount at the conversion price can be stored, and for withdraw methods a fee
 * from 0 to below 100 percent and an optional info text.
 */

export type MethodKind = 'deposit' | 'withdraw';

export interface MethodFormValues {
  coinName: string;
  coinSymbol: string;
  /** The network ("TRC20"); the server keeps it in lower case, screens show it upper case. */
  paymentAddressType: string;
  paymentAddress: string;
  currencyUsdt: string;
  minAmount: string;
  maxAmount: string;
  conversionPrice: string;
  /** Withdraw methods only: the fee in percent, and the instructions shown at checkout. */
  charge: string;
  info: string;
  /** The instructions in the other languages; empty means none (readers get `info`). */
  infoEs: string;
  infoFr: string;
  infoDe: string;
  infoZh: string;
}

export type MethodField = keyof MethodFormValues;
export type MethodFormErrors = Partial<Record<MethodField, MessageDescriptor>>;

/** The fields of each kind, top to bottom as the form shows them. */
const DEPOSIT_FIELDS: readonly MethodField[] = [
  'coinName',
  'coinSymbol',
  'paymentAddressType',
  'currencyUsdt',
  'paymentAddress',
  'minAmount',
  'maxAmount',
  'conversionPrice',
];
/** The field of each language's instructions. */
export const INFO_FIELDS: Record<InfoLanguage, MethodField> = {
  es: 'infoEs',
  fr: 'infoFr',
  de: 'infoDe',
  zh: 'infoZh',
};
const WITHDRAW_FIELDS: readonly MethodField[] = [
  ...DEPOSIT_FIELDS,
  'charge',
  'info',
  ...INFO_LANGUAGES.map((language) => INFO_FIELDS[language]),
];

export function methodFields(kind: MethodKind): readonly MethodField[] {
  return kind === 'deposit' ? DEPOSIT_FIELDS : WITHDRAW_FIELDS;
}

/** The server's text limits, in characters after trimming (common/contract/wallet.ts). */
export const METHOD_TEXT_MAX_LENGTH = {
  coinName: METHOD_TEXT_RULES.coinName.maxLength,
  coinSymbol: METHOD_TEXT_RULES.coinSymbol.maxLength,
  paymentAddressType: METHOD_TEXT_RULES.paymentAddressType.maxLength,
  paymentAddress: METHOD_TEXT_RULES.paymentAddress.maxLength,
  currencyUsdt: METHOD_TEXT_RULES.currencyUsdt.maxLength,
  info: METHOD_TEXT_RULES.info.maxLength,
} as const;

/** A new method: amounts and limits are in USDT unless the admin says otherwise. */
export const EMPTY_METHOD_FORM: MethodFormValues = {
  coinName: '',
  coinSymbol: '',
  paymentAddressType: '',
  paymentAddress: '',
  currencyUsdt: 'USDT',
  minAmount: '',
  maxAmount: '',
  conversionPrice: '',
  charge: '',
  info: '',
  infoEs: '',
  infoFr: '',
  infoDe: '',
  infoZh: '',
};

/** The form filled with a saved method: amounts as one would type them ("10", "0.5"). */
export function methodFormValues(method: DepositMethod | WithdrawMethod): MethodFormValues {
  const typed = (wire: string) => plainMicros(microsFromWire(wire));
  const translations = ('infoTranslations' in method && method.infoTranslations) || {};
  return {
    coinName: method.coinName,
    coinSymbol: method.coinSymbol,
    paymentAddressType: method.paymentAddressType.toUpperCase(),
    paymentAddress: method.paymentAddress,
    currencyUsdt: method.currencyUsdt,
    minAmount: typed(method.minAmount),
    maxAmount: typed(method.maxAmount),
    conversionPrice: typed(method.conversionPrice),
    charge: 'charge' in method ? typed(method.charge) : '',
    info: 'info' in method ? method.info : '',
    infoEs: translations.es ?? '',
    infoFr: translations.fr ?? '',
    infoDe: translations.de ?? '',
    infoZh: translations.zh ?? '',
  };
}

const required = msg`This field is required`;

function tooLong(text: string, maxText: number): MessageDescriptor | undefined {
  return text.length > maxText ? msg`Must be at most ${maxText} characters` : undefined;
}

function textError(
  value: string,
  maxText: number,
  pattern?: { test: RegExp; message: MessageDescriptor },
): MessageDescriptor | undefined {
  const text = value.trim();
  if (text === '') return required;
  const long = tooLong(text, maxText);
  if (long) return long;
  return pattern && !pattern.test.test(text) ? pattern.message : undefined;
}

export type DecimalCheck = { ok: true; micros: bigint } | { ok: false; error: MessageDescriptor };

type DecimalProblem = 'required' | 'negative' | 'decimals' | 'tooLarge' | 'notNumber';

/**
 * A typed decimal (an amount, a price or a percent) in millionths. A decimal comma is read
 * as a point, as many languages write one; everything else must be what the server takes.
 */
function readDecimal(
  text: string,
): { ok: true; micros: bigint } | { ok: false; problem: DecimalProblem } {
  const normalized = text.trim().replace(',', '.');
  if (normalized === '') return { ok: false, problem: 'required' };
  if (/^[-\u2212]/.test(normalized)) return { ok: false, problem: 'negative' };
  const parsed = parseAmount(normalized);
  if (parsed.ok) return parsed;
  if (/^\d*\.\d{7,}$/.test(normalized)) return { ok: false, problem: 'decimals' };
  if (/^\d+(\.\d+)?$/.test(normalized)) return { ok: false, problem: 'tooLarge' };
  return { ok: false, problem: 'notNumber' };
}

const greaterThanZero = msg`Must be greater than 0`;

const DECIMAL_MESSAGES: Record<DecimalProblem, MessageDescriptor> = {
  required,
  negative: greaterThanZero,
  decimals: msg`Use at most 6 decimals`,
  tooLarge: msg`This number is too large`,
  notNumber: msg`Enter a number, such as 25 or 0.5`,
};

/** An amount or price above zero, in millionths (micro-USDT). */
export function parsePositive(text: string): DecimalCheck {
  const read = readDecimal(text);
  if (!read.ok) return { ok: false, error: DECIMAL_MESSAGES[read.problem] };
  return read.micros === 0n ? { ok: false, error: greaterThanZero } : read;
}

/** A withdraw fee: 0 up to, but not including, 100 percent (a fee of all would send nothing). */
export function parseFeePercent(text: string): DecimalCheck {
  const percentRange = msg`Use a percent from 0 to below 100.`;
  const read = readDecimal(text);
  if (!read.ok) {
    const outOfRange = read.problem === 'negative' || read.problem === 'tooLarge';
    return { ok: false, error: outOfRange ? percentRange : DECIMAL_MESSAGES[read.problem] };
  }
  return read.micros >= HUNDRED_PERCENT_MICRO ? { ok: false, error: percentRange } : read;
}

/** Every error of the form, by field; only the kind's own fields are checked. */
export function checkMethodForm(values: MethodFormValues, kind: MethodKind): MethodFormErrors {
  const limits = METHOD_TEXT_MAX_LENGTH;
  const codeMessage = msg`Use 2 to 10 letters or digits, such as USDT.`;
  const found: MethodFormErrors = {
    coinName: textError(values.coinName, limits.coinName),
    coinSymbol: textError(values.coinSymbol, limits.coinSymbol, {
      test: METHOD_TEXT_RULES.coinSymbol.pattern,
      message: codeMessage,
    }),
    paymentAddressType: textError(values.paymentAddressType, limits.paymentAddressType, {
      test: METHOD_TEXT_RULES.paymentAddressType.pattern,
      message: msg`Use letters, digits and hyphens only, such as TRC20.`,
    }),
    paymentAddress: textError(values.paymentAddress, limits.paymentAddress, {
      test: METHOD_TEXT_RULES.paymentAddress.pattern,
      message: msg`An address has no spaces.`,
    }),
    currencyUsdt: textError(values.currencyUsdt, limits.currencyUsdt, {
      test: METHOD_TEXT_RULES.currencyUsdt.pattern,
      message: codeMessage,
    }),
  };
  const min = parsePositive(values.minAmount);
  const max = parsePositive(values.maxAmount);
  const price = parsePositive(values.conversionPrice);
  if (!min.ok) found.minAmount = min.error;
  if (!max.ok) found.maxAmount = max.error;
  else if (min.ok && max.micros < min.micros) {
    found.maxAmount = msg`Must be at least the minimum amount`;
  }
  if (!price.ok) found.conversionPrice = price.error;
  else if (max.ok && max.micros > maxUsdtMicrosForRate(price.micros)) {
    const largest = plainMicros(maxUsdtMicrosForRate(price.micros));
    found.maxAmount = msg`At this conversion price the maximum can be at most ${largest}`;
  }
  if (kind === 'withdraw') {
    const charge = parseFeePercent(values.charge);
    if (!charge.ok) found.charge = charge.error;
    for (const field of ['info', ...Object.values(INFO_FIELDS)] as const) {
      const info = tooLong(values[field].trim(), limits.info);
      if (info) found[field] = info;
    }
  }
  const errors: MethodFormErrors = {};
  for (const field of methodFields(kind)) {
    const error = found[field];
    if (error) errors[field] = error;
  }
  return errors;
}

function micros(check: DecimalCheck): string {
  if (!check.ok) throw new RangeError('a method request needs a checked form');
  return formatMicros(check.micros);
}

/** A deposit method's body from a form without errors: trimmed, codes in their case. */
export function depositMethodRequest(values: MethodFormValues): CreateDepositMethodRequest {
  return {
    coinName: values.coinName.trim(),
    coinSymbol: values.coinSymbol.trim().toUpperCase(),
    paymentAddressType: values.paymentAddressType.trim().toLowerCase(),
    paymentAddress: values.paymentAddress.trim(),
    currencyUsdt: values.currencyUsdt.trim().toUpperCase(),
    minAmount: micros(parsePositive(values.minAmount)),
    maxAmount: micros(parsePositive(values.maxAmount)),
    conversionPrice: micros(parsePositive(values.conversionPrice)),
  };
}

/**
 * A withdraw method's body: the deposit fields, the info text in English and in every other
 * language (an empty one, which removes a translation, is sent too) and the fee percent.
 */
export function withdrawMethodRequest(values: MethodFormValues): CreateWithdrawMethodRequest {
  return {
    ...depositMethodRequest(values),
    info: values.info.trim(),
    infoTranslations: {
      es: values.infoEs.trim(),
      fr: values.infoFr.trim(),
      de: values.infoDe.trim(),
      zh: values.infoZh.trim(),
    },
    charge: micros(parseFeePercent(values.charge)),
  };
}

/** The form's field for a field the server names in a refusal ('infoTranslations.de'). */
export function formFieldOf(serverField: string | undefined): string | undefined {
  const language = INFO_LANGUAGES.find((code) => serverField === `infoTranslations.${code}`);
  return language ? INFO_FIELDS[language] : serverField;
}
