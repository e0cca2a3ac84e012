import {
  SELECTED_TIMES,
  type AdminApproval,
  type AdminSiteSettings,
  type SelectedTime,
  type UpdateSiteSettingResult,
} from '../../../../common/contract';
import { dualApprovalLoosens } from '../../../../common/four-eyes';
import { MICROS_PER_USDT, microsFromWire, parseAmount } from '../../../../common/money';
import type { SiteSettingUpdate } from '../../../services/admin-api';
import { plainMicros } from '../../../ui/money';

/**
 * The site settings screen's pure rules: the form's values made from the server's answer,
 * which fields changed, and the update body that sends only the changes. What the server
 * would refuse is settings-validation.ts; the blocked countries' input, country-codes.ts.
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

export const LINK_FIELDS = ['whatsappLink', 'telegramLink', 'emailLink'] as const;
const AMOUNT_FIELDS = ['transferMin', 'withdrawalDualApproval', 'tradeMin', 'tradeMax'] as const;
const PERCENT_FIELDS = ['transferCharge', ...PAYOUT_FIELDS] as const;

/** The server's limits (server/modules/settings/routes.ts). */
export const LINK_MAX_LENGTH = 500;
/** Trade limits and the dual-approval amount: at most one billion USDT. */
export const SETTING_AMOUNT_MAX_MICROS = 1_000_000_000n * MICROS_PER_USDT;

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

/** The form field a refusal of the server names, when it is one of `fields`. */
export function serverField(
  field: string | undefined,
  fields: readonly SettingsField[],
): SettingsField | undefined {
  return (fields as readonly string[]).includes(field ?? '') ? (field as SettingsField) : undefined;
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
