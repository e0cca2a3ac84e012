import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CHAT_WIDGET_URL_MAX_LENGTH, checkChatWidgetUrl } from '../../../../common/chat-widget-url';
import { parseAmount, parsePercent, type ParseResult } from '../../../../common/money';
import { COUNTRY_CODE_PATTERN, MAX_BLOCKED_COUNTRIES } from './country-codes';
import {
  LINK_FIELDS,
  LINK_MAX_LENGTH,
  PAYOUT_FIELDS,
  SETTING_AMOUNT_MAX_MICROS,
  type SettingsField,
  type SettingsForm,
} from './settings-model';

/**
 * What the server would refuse in the settings form, with the same rules as
 * server/modules/settings/routes.ts, worded for the form.
 */

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
