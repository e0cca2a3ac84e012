/**
 * The trading rules from the site settings row: on/off (globally and per country), stake
 * limits and the payout table. Read by `GET /api/config` (published) and by createTrade
 * (applied), so what users are shown is what the server applies.
 */
import { eq } from 'drizzle-orm';
import { SELECTED_TIMES, type SelectedTime, type TradingConfig } from '../../../common/contract';
import { formatMicros } from '../../../common/money';
import { MAX_ENTRY_TICK_AGE_MS, TRADE_DURATIONS_S } from '../../../common/rules';
import type { Db } from '../../db/client';
import type { Tx } from '../../ledger/types';
import { siteSettings } from '../../db/schema';

export interface TradingSettings {
  enabled: boolean;
  blockedCountries: readonly string[];
  minMicros: bigint;
  maxMicros: bigint;
  /** Profit on a win in micro-percent of the stake (1 % = 1,000,000), per duration. */
  payoutMicroPercent: Readonly<Record<SelectedTime, bigint>>;
}

/** Seconds of each selectedTime name. */
export const DURATION_S: Readonly<Record<SelectedTime, number>> = {
  trade30Second: TRADE_DURATIONS_S[0],
  trade60Second: TRADE_DURATIONS_S[1],
  trade3Min: TRADE_DURATIONS_S[2],
  trade5Min: TRADE_DURATIONS_S[3],
};

export async function loadTradingSettings(db: Db | Tx): Promise<TradingSettings> {
  const rows = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  const row = rows[0];
  if (!row) throw new Error('site_settings row is missing; ensureSiteSettings runs at start');
  return {
    enabled: row.tradingEnabled,
    blockedCountries: row.tradingBlockedCountries,
    minMicros: row.tradeMinMicros,
    maxMicros: row.tradeMaxMicros,
    payoutMicroPercent: {
      trade30Second: row.payout30sMicroPercent,
      trade60Second: row.payout60sMicroPercent,
      trade3Min: row.payout180sMicroPercent,
      trade5Min: row.payout300sMicroPercent,
    },
  };
}

/** The published view of the rules (`trading` in `GET /api/config`). */
export function tradingConfigView(settings: TradingSettings): TradingConfig {
  return {
    enabled: settings.enabled,
    blockedCountries: [...settings.blockedCountries],
    minAmount: formatMicros(settings.minMicros),
    maxAmount: formatMicros(settings.maxMicros),
    durations: SELECTED_TIMES.map((selectedTime) => ({
      selectedTime,
      seconds: DURATION_S[selectedTime],
      payoutPercent: formatMicros(settings.payoutMicroPercent[selectedTime]),
    })),
    maxTickAgeMs: MAX_ENTRY_TICK_AGE_MS,
  };
}
