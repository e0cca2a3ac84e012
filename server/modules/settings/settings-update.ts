/**
 * The body of PUT /api/updateSiteSetting and its validation, field by field, into the
 * column values the settings repository writes.
 */
import { array, boolean, nullable, object, optional, string, type Infer } from 'superstruct';
import { checkChatWidgetUrl } from '../../../common/chat-widget-url';
import { AmountInput, SELECTED_TIMES, type SelectedTime } from '../../../common/contract';
import { parsePercent } from '../../../common/money';
import { amountField, positiveAmountField } from '../../http/fields';
import { ApiError, badRequest } from '../../http/errors';
import { CHAT_WIDGET_URL_REASONS } from './chat-widget';
import type { SettingsRow, SettingsUpdate } from './site-settings';

/**
 * PUT /api/updateSiteSetting (admin): a partial update of the site settings. Every field is
 * optional; unknown fields are refused. Trading settings are limits and rates only: there
 * is no field, here or anywhere, that sets or edits a trade's outcome.
 */
export const UpdateSiteSettingBody = object({
  whatsappLink: optional(nullable(string())),
  telegramLink: optional(nullable(string())),
  emailLink: optional(nullable(string())),
  /** The live-chat widget's script address (https); empty or null removes the widget. */
  chatWidgetUrl: optional(nullable(string())),
  transferMin: optional(AmountInput),
  /** Transfer fee in percent (0..100). */
  transferCharge: optional(AmountInput),
  /**
   * Withdrawals of at least this amount (USDT) need a second, different admin's approval;
   * null or "" turns dual approval off.
   */
  withdrawalDualApproval: optional(nullable(AmountInput)),
  tradingEnabled: optional(boolean()),
  /** ISO 3166 alpha-2 codes; stored upper case, deduplicated and sorted. */
  tradingBlockedCountries: optional(array(string())),
  tradeMin: optional(AmountInput),
  tradeMax: optional(AmountInput),
  /** Profit on a win in percent of the stake, per duration: more than 0, at most 100. */
  payouts: optional(
    object({
      trade30Second: optional(AmountInput),
      trade60Second: optional(AmountInput),
      trade3Min: optional(AmountInput),
      trade5Min: optional(AmountInput),
    }),
  ),
});
export type UpdateSiteSettingBody = Infer<typeof UpdateSiteSettingBody>;

/** More countries than exist is a mistake, not a setting. */
export const MAX_BLOCKED_COUNTRIES = 250;
const LINK_MAX_LENGTH = 500;
/** The largest trade limit accepted: one billion USDT. */
const TRADE_LIMIT_MAX_MICROS = 1_000_000_000n * 1_000_000n;

const PAYOUT_COLUMNS: Record<SelectedTime, keyof SettingsRow> = {
  trade30Second: 'payout30sMicroPercent',
  trade60Second: 'payout60sMicroPercent',
  trade3Min: 'payout180sMicroPercent',
  trade5Min: 'payout300sMicroPercent',
};

/** A support link: empty or null clears it; otherwise an http(s) or mailto URL. */
function linkField(value: string | null, field: string): string | null {
  if (value === null) return null;
  const text = value.trim();
  if (text === '') return null;
  if (text.length > LINK_MAX_LENGTH) {
    throw badRequest(
      `${field} must be at most ${LINK_MAX_LENGTH} characters.`,
      'invalid_body',
      field,
    );
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(
      `${field} must be a full link (https://… or mailto:…).`,
      'invalid_body',
      field,
    );
  }
  if (!['https:', 'http:', 'mailto:'].includes(url.protocol)) {
    throw badRequest(
      `${field} must start with https://, http:// or mailto:.`,
      'invalid_body',
      field,
    );
  }
  return text;
}

/** The chat widget's script address: empty or null clears it; otherwise a checked https URL. */
function chatWidgetUrlField(value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  const check = checkChatWidgetUrl(value);
  if (!check.ok) {
    throw badRequest(
      `chatWidgetUrl ${CHAT_WIDGET_URL_REASONS[check.problem]}.`,
      'invalid_body',
      'chatWidgetUrl',
    );
  }
  return check.url;
}

function percentValue(value: unknown, field: string, options: { allowZero: boolean }): bigint {
  const parsed = parsePercent(value);
  if (!parsed.ok) {
    throw new ApiError(
      400,
      `${field}: ${parsed.reason.replace(/^Amount/, 'Percent')}`,
      'amount',
      field,
    );
  }
  if (!options.allowZero && parsed.micros === 0n) {
    throw new ApiError(400, `${field}: Percent must be greater than 0`, 'amount', field);
  }
  return parsed.micros;
}

function countriesField(values: string[]): string[] {
  if (values.length > MAX_BLOCKED_COUNTRIES) {
    throw badRequest(
      `tradingBlockedCountries can list at most ${MAX_BLOCKED_COUNTRIES} countries.`,
      'invalid_body',
      'tradingBlockedCountries',
    );
  }
  const codes = new Set<string>();
  for (const value of values) {
    const code = value.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) {
      throw badRequest(
        `"${value.slice(0, 20)}" is not a two-letter country code (ISO 3166 alpha-2, such as US).`,
        'invalid_body',
        'tradingBlockedCountries',
      );
    }
    codes.add(code);
  }
  return [...codes].sort();
}

/** The body as column values, validated field by field. */
export function parseUpdate(body: UpdateSiteSettingBody): SettingsUpdate {
  const update: SettingsUpdate = {};
  if (body.whatsappLink !== undefined)
    update.whatsappLink = linkField(body.whatsappLink, 'whatsappLink');
  if (body.telegramLink !== undefined)
    update.telegramLink = linkField(body.telegramLink, 'telegramLink');
  if (body.emailLink !== undefined) update.emailLink = linkField(body.emailLink, 'emailLink');
  if (body.chatWidgetUrl !== undefined) {
    update.chatWidgetUrl = chatWidgetUrlField(body.chatWidgetUrl);
  }
  if (body.transferMin !== undefined) {
    update.transferMinMicros = amountField(body.transferMin, 'transferMin', 'transferMin');
  }
  if (body.transferCharge !== undefined) {
    update.transferChargeMicroPercent = percentValue(body.transferCharge, 'transferCharge', {
      allowZero: true,
    });
  }
  if (body.withdrawalDualApproval !== undefined) {
    const value = body.withdrawalDualApproval;
    if (value === null || (typeof value === 'string' && value.trim() === '')) {
      update.withdrawalDualApprovalMicros = null;
    } else {
      const micros = positiveAmountField(value, 'withdrawalDualApproval', 'withdrawalDualApproval');
      if (micros > TRADE_LIMIT_MAX_MICROS) {
        throw new ApiError(
          400,
          'withdrawalDualApproval must be at most 1000000000 USDT',
          'amount',
          'withdrawalDualApproval',
        );
      }
      update.withdrawalDualApprovalMicros = micros;
    }
  }
  if (body.tradingEnabled !== undefined) update.tradingEnabled = body.tradingEnabled;
  if (body.tradingBlockedCountries !== undefined) {
    update.tradingBlockedCountries = countriesField(body.tradingBlockedCountries);
    // Saved once, even unchanged: the admin has chosen where timed trades are offered.
    update.tradingCountriesSavedAt = new Date();
  }
  for (const [field, value] of [
    ['tradeMin', body.tradeMin],
    ['tradeMax', body.tradeMax],
  ] as const) {
    if (value === undefined) continue;
    const micros = positiveAmountField(value, field, field);
    if (micros > TRADE_LIMIT_MAX_MICROS) {
      throw new ApiError(400, `${field} must be at most 1000000000 USDT`, 'amount', field);
    }
    if (field === 'tradeMin') update.tradeMinMicros = micros;
    else update.tradeMaxMicros = micros;
  }
  if (body.payouts !== undefined) {
    for (const time of SELECTED_TIMES) {
      const value = body.payouts[time];
      if (value === undefined) continue;
      (update as Record<string, unknown>)[PAYOUT_COLUMNS[time]] = percentValue(
        value,
        `payouts.${time}`,
        { allowZero: false },
      );
    }
  }
  return update;
}
