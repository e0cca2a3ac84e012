import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CHAT_WIDGET_URL_MAX_LENGTH, checkChatWidgetUrl } from '../../../../common/chat-widget-url';
import {
  SELECTED_TIMES,
  type AdminApproval,
  type AdminSiteSettings,
  type SelectedTime,
  type UpdateSiteSettingResult,
} from '../../../../common/contract';
import { dualApprovalLoosens } from '../../../../common/four-eyes';
import {
  MICROS_PER_USDT,
  microsFromWire,
  parseAmount,
  parsePercent,
  type ParseResult,
} from '../../../../common/money';
import type { SiteSettingUpdate } from '../../../services/admin-api';
import { plainMicros } from '../../../ui/money';

/**
 * The site settings screen's pure rules: the form's values made from the server's answer,
 * which fields changed, what the server would refuse (the same rules as
 * server/modules/settings/routes.ts), and the update body that sends only the changes.
 */

export const PAYOUT_FIELDS = [
  'payouts.trade30Second',
  'payouts.trade60Second',
  'payouts.trade3Min',
  'payouts.trade5Min',
] as const satisfies readonly `payouts.${SelectedTime}`[];
export type PayoutField = (typeof PAYOUT_FIELDS)[number];

export function payoutField(time: SelectedTime): PayoutField {
  return `payouts.${time}`;
}

/**
 * Every setting as the form holds it: text as typed, amounts and percents as plain decimals
 * ("10", "2.5"). The field names are the server's, so a refusal naming a field (`tradeMax`,
 * `payouts.trade3Min`) lands under the right input.
 */
export interface SettingsForm {
  whatsappLink: string;
  telegramLink: string;
  emailLink: string;
  chatWidgetUrl: string;
  transferMin: string;
  transferCharge: string;
  /** Whether withdrawals from an amount need two admins; the amount is the next field. */
  dualApprovalOn: boolean;
  withdrawalDualApproval: string;
  tradingEnabled: boolean;
  tradeMin: string;
  tradeMax: string;
  'payouts.trade30Second': string;
  'payouts.trade60Second': string;
  'payouts.trade3Min': string;
  'payouts.trade5Min': string;
  tradingBlockedCountries: readonly string[];
}
export type SettingsField = keyof SettingsForm;

/** The groups saved on their own, each with its fields in screen order. */
export const SECTION_FIELDS = {
  support: ['whatsappLink', 'telegramLink', 'emailLink', 'chatWidgetUrl'],
  transfers: ['transferMin', 'transferCharge'],
  withdrawals: ['dualApprovalOn', 'withdrawalDualApproval'],
  tradingSwitch: ['tradingEnabled'],
  stakes: ['tradeMin', 'tradeMax', ...PAYOUT_FIELDS],
  countries: ['tradingBlockedCountries'],
} as const satisfies Record<string, readonly SettingsField[]>;
export type SettingsSection = keyof typeof SECTION_FIELDS;

export const LINK_FIELDS = ['whatsappLink', 'telegramLink', 'emailLink'] as const;
const AMOUNT_FIELDS = ['transferMin', 'withdrawalDualApproval', 'tradeMin', 'tradeMax'] as const;
const PERCENT_FIELDS = ['transferCharge', ...PAYOUT_FIELDS] as const;

/** The server's limits (server/modules/settings/routes.ts). */
export const LINK_MAX_LENGTH = 500;
export const MAX_BLOCKED_COUNTRIES = 250;
/** Trade limits and the dual-approval amount: at most one billion USDT. */
export const SETTING_AMOUNT_MAX_MICROS = 1_000_000_000n * MICROS_PER_USDT;
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;

/** A wire amount as a person would type it: "10.000000" → "10", "2.500000" → "2.5". */
function plainWire(wire: string): string {
  return plainMicros(microsFromWire(wire));
}

export function formFromSettings(settings: AdminSiteSettings): SettingsForm {
  const { setting, trading, withdrawalDualApproval } = settings;
  const payout = (time: SelectedTime) => {
    const found = trading.durations.find((duration) => duration.selectedTime === time);
    return found ? plainWire(found.payoutPercent) : '';
  };
  return {
    whatsappLink: setting.whatsappLink ?? '',
    telegramLink: setting.telegramLink ?? '',
    emailLink: setting.emailLink ?? '',
    chatWidgetUrl: setting.chatWidgetUrl ?? '',
    transferMin: plainWire(setting.transferMin),
    transferCharge: plainWire(setting.transferCharge),
    dualApprovalOn: withdrawalDualApproval !== null,
    withdrawalDualApproval:
      withdrawalDualApproval === null ? '' : plainWire(withdrawalDualApproval),
    tradingEnabled: trading.enabled,
    tradeMin: plainWire(trading.minAmount),
    tradeMax: plainWire(trading.maxAmount),
    'payouts.trade30Second': payout('trade30Second'),
    'payouts.trade60Second': payout('trade60Second'),
    'payouts.trade3Min': payout('trade3Min'),
    'payouts.trade5Min': payout('trade5Min'),
    tradingBlockedCountries: [...trading.blockedCountries].sort(),
  };
}

const isAmountField = (field: SettingsField) =>
  (AMOUNT_FIELDS as readonly string[]).includes(field);
const isPercentField = (field: SettingsField) =>
  (PERCENT_FIELDS as readonly string[]).includes(field);

/** Two typed figures mean the same ("10" and "10.00"); unreadable ones compare as text. */
function sameFigure(a: string, b: string): boolean {
  const left = parseAmount(a.trim());
  const right = parseAmount(b.trim());
  if (left.ok && right.ok) return left.micros === right.micros;
  return a.trim() === b.trim();
}

function sameCodes(a: readonly string[], b: readonly string[]): boolean {
  const left = [...new Set(a)].sort();
  const right = [...new Set(b)].sort();
  return left.length === right.length && left.every((code, index) => code === right[index]);
}

function sameValue(field: SettingsField, form: SettingsForm, saved: SettingsForm): boolean {
  if (field === 'withdrawalDualApproval') {
    // The amount matters only while dual approval is on.
    return !form.dualApprovalOn || !saved.dualApprovalOn || sameFigure(form[field], saved[field]);
  }
  const value = form[field];
  const before = saved[field];
  if (typeof value === 'boolean' || typeof before === 'boolean') return value === before;
  if (Array.isArray(value) || Array.isArray(before)) {
    return sameCodes(value as readonly string[], before as readonly string[]);
  }
  if (isAmountField(field) || isPercentField(field)) {
    return sameFigure(value as string, before as string);
  }
  return (value as string).trim() === (before as string).trim();
}

/** The fields among `fields` whose value differs from what is saved. */
export function changedFields(
  form: SettingsForm,
  saved: SettingsForm,
  fields: readonly SettingsField[],
): SettingsField[] {
  return fields.filter((field) => !sameValue(field, form, saved));
}

/**
 * The body of PUT /api/updateSiteSetting for the changed `fields` of a valid form: links
 * trimmed (empty clears them), figures as typed, countries sorted without repeats.
 */
export function settingsUpdate(
  form: SettingsForm,
  saved: SettingsForm,
  fields: readonly SettingsField[],
): SiteSettingUpdate {
  const update: SiteSettingUpdate = {};
  for (const field of changedFields(form, saved, fields)) {
    switch (field) {
      case 'whatsappLink':
      case 'telegramLink':
      case 'emailLink':
      case 'chatWidgetUrl': {
        const text = form[field].trim();
        update[field] = text === '' ? null : text;
        break;
      }
      case 'transferMin':
      case 'transferCharge':
      case 'tradeMin':
      case 'tradeMax':
        update[field] = form[field].trim();
        break;
      case 'dualApprovalOn':
      case 'withdrawalDualApproval':
        update.withdrawalDualApproval = form.dualApprovalOn
          ? form.withdrawalDualApproval.trim()
          : null;
        break;
      case 'tradingEnabled':
        update.tradingEnabled = form.tradingEnabled;
        break;
      case 'tradingBlockedCountries':
        update.tradingBlockedCountries = [...new Set(form.tradingBlockedCountries)].sort();
        break;
      default: {
        const time = field.slice('payouts.'.length) as SelectedTime;
        update.payouts = { ...update.payouts, [time]: form[field].trim() };
      }
    }
  }
  return update;
}

// Validation --------------------------------------------------------------------------------

export type SettingsErrors = Partial<Record<SettingsField, MessageDescriptor>>;

/** Why a typed figure is not a figure, in the words of the form. */
function figureProblem(result: Extract<ParseResult, { ok: false }>): MessageDescriptor {
  if (result.reason === 'Amount is required') return msg`Enter a value`;
  if (result.reason === 'Amount cannot be negative') return msg`Must not be negative`;
  if (result.reason === 'Amount can have at most 6 decimals') return msg`At most 6 decimals`;
  if (result.reason === 'Percent must be at most 100') return msg`At most 100 %`;
  if (result.reason === 'Amount is too large') return msg`This amount is too large`;
  return msg`Enter a number such as 10 or 2.5`;
}

function linkProblem(value: string): MessageDescriptor | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  if (text.length > LINK_MAX_LENGTH) return msg`At most ${LINK_MAX_LENGTH} characters`;
  try {
    const url = new URL(text);
    if (['https:', 'http:', 'mailto:'].includes(url.protocol)) return undefined;
  } catch {
    // Not a URL at all: the same message.
  }
  return msg`Enter a full link starting with https://, http:// or mailto:`;
}

/** The shared rule of common/chat-widget-url.ts, worded for the form. */
function chatWidgetProblem(value: string): MessageDescriptor | undefined {
  if (value.trim() === '') return undefined;
  const check = checkChatWidgetUrl(value);
  if (check.ok) return undefined;
  const maxLength = CHAT_WIDGET_URL_MAX_LENGTH;
  switch (check.problem) {
    case 'tooLong':
      return msg`At most ${maxLength} characters`;
    case 'notUrl':
    case 'notHttps':
      return msg`Enter the script's full address, starting with https://`;
    case 'credentials':
      return msg`The address must not contain a user name or password`;
    case 'host':
      return msg`Use a host name such as chat.example.com`;
  }
}

/** A positive amount up to one billion USDT: trade limits and the dual-approval amount. */
function limitAmount(value: string): { micros: bigint | null; problem?: MessageDescriptor } {
  const parsed = parseAmount(value.trim());
  if (!parsed.ok) return { micros: null, problem: figureProblem(parsed) };
  if (parsed.micros === 0n) return { micros: null, problem: msg`Must be more than 0` };
  if (parsed.micros > SETTING_AMOUNT_MAX_MICROS) {
    return { micros: null, problem: msg`At most 1,000,000,000 USDT` };
  }
  return { micros: parsed.micros };
}

/** What the server would refuse among `fields`, with the message for each. */
export function validateSettings(
  form: SettingsForm,
  fields: readonly SettingsField[],
): SettingsErrors {
  const errors: SettingsErrors = {};
  const wanted = new Set<SettingsField>(fields);
  for (const field of LINK_FIELDS) {
    if (!wanted.has(field)) continue;
    const problem = linkProblem(form[field]);
    if (problem) errors[field] = problem;
  }
  if (wanted.has('chatWidgetUrl')) {
    const problem = chatWidgetProblem(form.chatWidgetUrl);
    if (problem) errors.chatWidgetUrl = problem;
  }
  if (wanted.has('transferMin')) {
    const parsed = parseAmount(form.transferMin.trim());
    if (!parsed.ok) errors.transferMin = figureProblem(parsed);
  }
  if (wanted.has('transferCharge')) {
    const parsed = parsePercent(form.transferCharge.trim());
    if (!parsed.ok) errors.transferCharge = figureProblem(parsed);
  }
  if (wanted.has('withdrawalDualApproval') && form.dualApprovalOn) {
    const { problem } = limitAmount(form.withdrawalDualApproval);
    if (problem) errors.withdrawalDualApproval = problem;
  }
  const min = wanted.has('tradeMin') ? limitAmount(form.tradeMin) : null;
  const max = wanted.has('tradeMax') ? limitAmount(form.tradeMax) : null;
  if (min?.problem) errors.tradeMin = min.problem;
  if (max?.problem) errors.tradeMax = max.problem;
  const minMicros = min?.micros ?? null;
  const maxMicros = max?.micros ?? null;
  if (minMicros !== null && maxMicros !== null && maxMicros < minMicros) {
    errors.tradeMax = msg`Must be at least the minimum stake`;
  }
  for (const field of PAYOUT_FIELDS) {
    if (!wanted.has(field)) continue;
    const parsed = parsePercent(form[field].trim());
    if (!parsed.ok) errors[field] = figureProblem(parsed);
    else if (parsed.micros === 0n) errors[field] = msg`Must be more than 0 %`;
  }
  if (wanted.has('tradingBlockedCountries')) {
    const codes = form.tradingBlockedCountries;
    if (codes.length > MAX_BLOCKED_COUNTRIES) {
      errors.tradingBlockedCountries = msg`At most ${MAX_BLOCKED_COUNTRIES} countries`;
    } else if (!codes.every((code) => COUNTRY_CODE_PATTERN.test(code))) {
      errors.tradingBlockedCountries = msg`Use two-letter country codes such as US or DE`;
    }
  }
  return errors;
}

/** The form field a refusal of the server names, when it is one of `fields`. */
export function serverField(
  field: string | undefined,
  fields: readonly SettingsField[],
): SettingsField | undefined {
  return (fields as readonly string[]).includes(field ?? '') ? (field as SettingsField) : undefined;
}

// Blocked countries -------------------------------------------------------------------------

export interface CountryInput {
  /** Upper-case alpha-2 codes found, in the order typed, without repeats. */
  codes: string[];
  /** The pieces that are neither a code nor a known country name, as typed. */
  invalid: string[];
}

/**
 * Reads what an admin typed to block countries: codes ("de", "FR US") or names ("Germany",
 * when `codeOfName` knows them), separated by commas, semicolons or, between codes, spaces.
 */
export function parseCountryInput(
  text: string,
  codeOfName: (name: string) => string | undefined = () => undefined,
): CountryInput {
  const codes: string[] = [];
  const invalid: string[] = [];
  const add = (code: string) => {
    if (!codes.includes(code)) codes.push(code);
  };
  for (const piece of text.split(/[,;\n]+/)) {
    const trimmed = piece.trim();
    if (trimmed === '') continue;
    const words = trimmed.split(/\s+/);
    if (words.every((word) => /^[A-Za-z]{2}$/.test(word))) {
      words.forEach((word) => add(word.toUpperCase()));
      continue;
    }
    const named = codeOfName(trimmed);
    if (named && COUNTRY_CODE_PATTERN.test(named)) add(named);
    else invalid.push(trimmed);
  }
  return { codes, invalid };
}

/** `current` with `added` put in, sorted, without repeats. */
export function withCountries(current: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...current, ...added])].sort();
}

/**
 * The region codes a browser can name, for suggestions: every pair of letters whose name is
 * not the code itself, except groupings that are no country (EU, UN, ...) and the unknown
 * region. `nameOf` is `Intl.DisplayNames#of` in the interface language.
 */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ', 'UK']);

export function regionCodes(nameOf: (code: string) => string | undefined): [string, string][] {
  const found: [string, string][] = [];
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      if (NOT_COUNTRIES.has(code)) continue;
      const name = nameOf(code);
      if (name && name !== code) found.push([code, name]);
    }
  }
  return found;
}

/** The durations in the published order, for the payout inputs. */
export const PAYOUT_TIMES: readonly SelectedTime[] = SELECTED_TIMES;

/**
 * The answer of a settings update: the settings as saved, and the request that waits for a
 * second admin when the update loosened dual approval (turned it off or raised it).
 */
export function savedSettings(answer: UpdateSiteSettingResult): {
  settings: AdminSiteSettings;
  approval: AdminApproval | null;
} {
  return 'approval' in answer
    ? { settings: answer.settings, approval: answer.approval }
    : { settings: answer, approval: null };
}

/** Whether the form's dual-approval choice would loosen the saved one: a second admin must agree. */
export function loosensDualApproval(values: SettingsForm, saved: SettingsForm): boolean {
  const amountOf = (form: SettingsForm): bigint | null => {
    if (!form.dualApprovalOn) return null;
    const parsed = parseAmount(form.withdrawalDualApproval);
    return parsed.ok ? parsed.micros : null;
  };
  const before = amountOf(saved);
  const after = amountOf(values);
  if (values.dualApprovalOn && after === null) return false;
  return dualApprovalLoosens(before, after);
}
