import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { array, boolean, nullable, object, optional, string, type Infer } from 'superstruct';
import {
  AmountInput,
  SELECTED_TIMES,
  type AdminSiteSettings,
  type SelectedTime,
} from '../../../common/contract';
import { dualApprovalLoosens } from '../../../common/four-eyes';
import { formatMicros, microsFromWire, parsePercent } from '../../../common/money';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, badRequest, conflict } from '../../http/errors';
import { parseBody } from '../../http/validate';
import type { Tx } from '../../ledger/types';
import {
  approvalView,
  databaseNow,
  insertApproval,
  pendingMessage,
  type ApprovalContext,
  type ApprovalPayload,
  type ApprovalRow,
} from '../approvals';
import { writeAudit } from '../audit';
import { amountField, positiveAmountField } from '../../http/fields';
import { checkChatWidgetUrl } from '../../../common/chat-widget-url';
import { CHAT_WIDGET_URL_REASONS, type ChatWidgetPolicy } from './chat-widget';
import { loadSiteSetting } from './site-settings';
import { loadTradingSettings, tradingConfigView } from './trading-settings';

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

type SettingsRow = typeof siteSettings.$inferSelect;
type SettingsUpdate = Partial<Omit<SettingsRow, 'id'>>;

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
function parseUpdate(body: UpdateSiteSettingBody): SettingsUpdate {
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

/** JSON-safe form of settings values, for the audit trail. */
function auditForm(row: SettingsUpdate): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      typeof value === 'bigint' ? value.toString() : value,
    ]),
  );
}

export interface SettingsRoutesOptions {
  /** Told when the settings change, so this instance's security policy follows at once. */
  chatWidget: Pick<ChatWidgetPolicy, 'invalidate'>;
}

/** Every setting as the console shows it; also the answer of an update. */
async function loadAdminSiteSettings(db: Db): Promise<AdminSiteSettings> {
  const [setting, trading, dual] = await Promise.all([
    loadSiteSetting(db),
    loadTradingSettings(db),
    db
      .select({ micros: siteSettings.withdrawalDualApprovalMicros })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1)),
  ]);
  const micros = dual[0]?.micros ?? null;
  return {
    setting,
    trading: tradingConfigView(trading),
    withdrawalDualApproval: micros === null ? null : formatMicros(micros),
  };
}

/** Site settings: support links and transfer rules (public), and the admin's update. */
export const settingsRoutes: FastifyPluginAsync<SettingsRoutesOptions> = async (app, options) => {
  app.get('/getSiteSetting', { config: { access: 'public' } }, async () => ({
    setting: await loadSiteSetting(app.db),
  }));

  app.get(
    '/admin/settings',
    { config: { access: 'admin' } },
    async (): Promise<AdminSiteSettings> => loadAdminSiteSettings(app.db),
  );

  app.put('/updateSiteSetting', { config: { access: 'admin' } }, async (request, reply) => {
    const body = parseBody(UpdateSiteSettingBody, request.body);
    const update = parseUpdate(body);
    const fields = Object.keys(update) as Array<keyof SettingsUpdate>;
    if (fields.length === 0) {
      throw badRequest('Nothing to update: send at least one setting.');
    }
    const actorId = sessionOf(request).userId;
    const loosening = await app.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(siteSettings)
        .where(eq(siteSettings.id, 1))
        .for('update');
      if (!current)
        throw new Error('site_settings row is missing; ensureSiteSettings runs at start');
      const minMicros = update.tradeMinMicros ?? current.tradeMinMicros;
      const maxMicros = update.tradeMaxMicros ?? current.tradeMaxMicros;
      if (maxMicros < minMicros) {
        throw new ApiError(
          400,
          `tradeMax (${formatMicros(maxMicros)}) must be at least tradeMin (${formatMicros(minMicros)}).`,
          'amount',
          update.tradeMaxMicros !== undefined ? 'tradeMax' : 'tradeMin',
        );
      }
      // Turning dual approval off or raising it needs a second admin: otherwise one admin
      // could switch it off and then approve a large withdrawal alone. The rest applies now.
      let pending: ApprovalRow | null = null;
      const asked = update.withdrawalDualApprovalMicros;
      if (asked !== undefined && dualApprovalLoosens(current.withdrawalDualApprovalMicros, asked)) {
        delete update.withdrawalDualApprovalMicros;
        pending = await insertApproval(tx, {
          kind: 'settings.dual_approval',
          payload: {
            before: wireOrNull(current.withdrawalDualApprovalMicros),
            after: wireOrNull(asked),
          },
          requestedBy: actorId,
          requestedAt: await databaseNow(tx),
          ip: request.ip,
        });
      }
      await applySettingsUpdate(tx, current, update, { actorId, ip: request.ip });
      return pending;
    });
    options.chatWidget.invalidate();
    request.log.info({ fields, approvalRequested: loosening !== null }, 'site settings updated');
    const settings = await loadAdminSiteSettings(app.db);
    if (loosening === null) return settings;
    const approval = await approvalView(app.db, loosening, actorId);
    return reply.code(202).send({ approval, message: pendingMessage(approval), settings });
  });
};

function wireOrNull(micros: bigint | null | undefined): string | null {
  return micros === null || micros === undefined ? null : formatMicros(micros);
}

/** Writes the fields that differ from `current`, with one audit row; nothing when none does. */
async function applySettingsUpdate(
  tx: Tx,
  current: SettingsRow,
  update: SettingsUpdate,
  audit: { actorId: string; ip: string; approval?: { approvalId: string; requestedBy: string } },
): Promise<void> {
  const fields = Object.keys(update) as Array<keyof SettingsUpdate>;
  const changed = fields.filter((field) => {
    const before = current[field];
    const after = update[field];
    return (
      JSON.stringify(auditForm({ [field]: before })) !==
      JSON.stringify(auditForm({ [field]: after }))
    );
  });
  if (changed.length === 0) return;
  await tx
    .update(siteSettings)
    .set({ ...update, updatedAt: new Date() })
    .where(eq(siteSettings.id, 1));
  await writeAudit(tx, {
    actorId: audit.actorId,
    action: 'site_settings.updated',
    targetType: 'site_settings',
    targetId: '1',
    before: auditForm(Object.fromEntries(changed.map((f) => [f, current[f]]))),
    after: {
      ...auditForm(Object.fromEntries(changed.map((f) => [f, update[f]]))),
      ...(audit.approval ?? {}),
    },
    ip: audit.ip,
  });
}

/**
 * Carries out an approved `settings.dual_approval`, if the threshold is still what it was
 * when asked (otherwise the request no longer says what the approver would agree to).
 */
export async function applyApprovedDualApproval(
  tx: Tx,
  payload: ApprovalPayload<'settings.dual_approval'>,
  context: ApprovalContext,
): Promise<void> {
  const [current] = await tx
    .select()
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .for('update');
  if (!current) throw new Error('site_settings row is missing; ensureSiteSettings runs at start');
  if (wireOrNull(current.withdrawalDualApprovalMicros) !== payload.before) {
    throw conflict(
      'The dual-approval threshold changed since this was asked for; reject this request.',
      'state_changed',
    );
  }
  const after = payload.after === null ? null : microsFromWire(payload.after);
  await applySettingsUpdate(
    tx,
    current,
    { withdrawalDualApprovalMicros: after },
    {
      actorId: context.approverId,
      ip: context.ip,
      approval: { approvalId: context.approvalId, requestedBy: context.requestedBy },
    },
  );
}
