/** The site settings row: its repository (read, lock, update) and its public view. */
import { eq } from 'drizzle-orm';
import type { SiteSetting } from '../../../common/contract';
import { formatMicros } from '../../../common/money';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema';
import type { Tx } from '../../ledger/types';

/** Makes sure the settings row exists with its defaults (minimum 0, fee 1 %). */
export async function ensureSiteSettings(db: Db): Promise<void> {
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
}

export async function loadSiteSetting(db: Db): Promise<SiteSetting> {
  const rows = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  const row = rows[0];
  if (!row) throw new Error('site_settings row is missing; ensureSiteSettings runs at start');
  return {
    whatsappLink: row.whatsappLink,
    telegramLink: row.telegramLink,
    emailLink: row.emailLink,
    chatWidgetUrl: row.chatWidgetUrl,
    transferMin: formatMicros(row.transferMinMicros),
    transferCharge: formatMicros(row.transferChargeMicroPercent),
  };
}

export type SettingsRow = typeof siteSettings.$inferSelect;
export type SettingsUpdate = Partial<Omit<SettingsRow, 'id'>>;

/** The withdrawal amount from which a second admin must approve; null when off. */
export async function readDualApprovalMicros(db: Db): Promise<bigint | null> {
  const rows = await db
    .select({ micros: siteSettings.withdrawalDualApprovalMicros })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return rows[0]?.micros ?? null;
}

/** The settings row, locked until `tx` ends so concurrent updates apply one after another. */
export async function lockSiteSettings(tx: Tx): Promise<SettingsRow> {
  const [current] = await tx
    .select()
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .for('update');
  if (!current) throw new Error('site_settings row is missing; ensureSiteSettings runs at start');
  return current;
}

/** Writes `update` to the settings row, stamping the time of the change. */
export async function updateSiteSettings(tx: Tx, update: SettingsUpdate): Promise<void> {
  await tx
    .update(siteSettings)
    .set({ ...update, updatedAt: new Date() })
    .where(eq(siteSettings.id, 1));
}
