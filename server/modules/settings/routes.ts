/**
 * The settings routes: the public support links and transfer rules, the admin's view of
 * every setting, and the admin's update (a loosening of dual approval waits for a second
 * admin). Validation is in settings-update.ts, the row's statements in site-settings.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminSiteSettings } from '../../../common/contract';
import { dualApprovalLoosens } from '../../../common/four-eyes';
import { formatMicros, microsFromWire } from '../../../common/money';
import type { Db } from '../../db/client';
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
import type { ChatWidgetPolicy } from './chat-widget';
import { parseUpdate, UpdateSiteSettingBody } from './settings-update';
import {
  loadSiteSetting,
  lockSiteSettings,
  readDualApprovalMicros,
  updateSiteSettings,
  type SettingsRow,
  type SettingsUpdate,
} from './site-settings';
import { loadTradingSettings, tradingConfigView } from './trading-settings';

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
  const [setting, trading, micros] = await Promise.all([
    loadSiteSetting(db),
    loadTradingSettings(db),
    readDualApprovalMicros(db),
  ]);
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
    const loosening = await app.db.transaction((tx) =>
      changeSettings(tx, update, { actorId, ip: request.ip }),
    );
    options.chatWidget.invalidate();
    request.log.info({ fields, approvalRequested: loosening !== null }, 'site settings updated');
    const settings = await loadAdminSiteSettings(app.db);
    if (loosening === null) return settings;
    const approval = await approvalView(app.db, loosening, actorId);
    return reply.code(202).send({ approval, message: pendingMessage(approval), settings });
  });
};

/** The trade limits after `update`, which must not cross. */
function checkTradeLimits(current: SettingsRow, update: SettingsUpdate): void {
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
}

/**
 * Applies an admin's update under the row lock; returns the approval asked for when the
 * update loosens dual approval. Turning dual approval off or raising it needs a second
 * admin: otherwise one admin could switch it off and then approve a large withdrawal alone.
 * The rest applies now.
 */
async function changeSettings(
  tx: Tx,
  update: SettingsUpdate,
  actor: { actorId: string; ip: string },
): Promise<ApprovalRow | null> {
  const current = await lockSiteSettings(tx);
  checkTradeLimits(current, update);
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
      requestedBy: actor.actorId,
      requestedAt: await databaseNow(tx),
      ip: actor.ip,
    });
  }
  await applySettingsUpdate(tx, current, update, actor);
  return pending;
}

function wireOrNull(micros: bigint | null | undefined): string | null {
  return micros === null || micros === undefined ? null : formatMicros(micros);
}

/** Writes the fields that differ from `current`, with one audit row; nothing when none does. */
async function applySettingsUpdate(
  tx: Tx,
  current: SettingsRow,
  asked: SettingsUpdate,
  audit: { actorId: string; ip: string; approval?: { approvalId: string; requestedBy: string } },
): Promise<void> {
  // The first save of the blocked countries is recorded once (the dashboard's reminder);
  // later saves leave its time alone.
  const update = { ...asked };
  if (current.tradingCountriesSavedAt !== null) delete update.tradingCountriesSavedAt;
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
  await updateSiteSettings(tx, update);
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
  const current = await lockSiteSettings(tx);
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
