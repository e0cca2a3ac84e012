/** The site settings row and its public view. */
import { eq } from 'drizzle-orm';
import type { SiteSetting } from '../../../common/contract';
import { formatMicros } from '../../../common/money';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema';

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
