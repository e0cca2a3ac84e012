/** How a trade is shown to its owner (common/contract/trades.ts `Trade`). */
import { SELECTED_TIMES, type SelectedTime, type Trade } from '../../../common/contract';
import { formatMicros } from '../../../common/money';
import { SETTLEMENT_WINDOW_S } from '../../../common/rules';
import type { trades } from '../../db/schema';
import { ruleOf } from '../../ledger/trades';
import { DURATION_S } from '../settings';
import { normalizeDecimal } from '../../market/decimal';

export type TradeRow = typeof trades.$inferSelect;

/** The spec's name of a duration in seconds. */
export function selectedTimeOf(durationS: number): SelectedTime {
  const name = SELECTED_TIMES.find((time) => DURATION_S[time] === durationS);
  if (!name) throw new Error(`No selectedTime for a ${durationS} s trade`);
  return name;
}

/** `account: 'practice'` for a practice trade; nothing for a real one (answers as before). */
function practiceMark(row: TradeRow): { account?: 'practice' } {
  return row.account === 'practice' ? { account: 'practice' } : {};
}

export function tradeView(row: TradeRow): Trade {
  const settled = row.status === 'Completed';
  if (settled && (row.result === null || row.returnedMicros === null || row.settledAt === null)) {
    throw new Error(`Trade ${row.id} is completed without its result`);
  }
  return {
    _id: row.id,
    coinType: `${row.symbol}USDT`,
    tradeType: row.direction,
    tradeAmount: formatMicros(row.stakeMicros),
    coinPrice: normalizeDecimal(row.entryPrice),
    selectedTime: selectedTimeOf(row.durationS),
    durationS: row.durationS,
    payoutPercent: formatMicros(row.payoutMicroPercent),
    tradeStatus: row.status,
    tradeResult: row.result,
    tradeAfterAmount: row.returnedMicros === null ? null : formatMicros(row.returnedMicros),
    profit: row.returnedMicros === null ? null : formatMicros(row.returnedMicros - row.stakeMicros),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    receipt:
      settled && row.settledAt !== null
        ? {
            entry: {
              price: normalizeDecimal(row.entryPrice),
              at: row.entryTickAt.toISOString(),
              source: row.entrySource,
            },
            exit:
              row.exitPrice !== null && row.exitTickAt !== null && row.exitSource !== null
                ? {
                    price: normalizeDecimal(row.exitPrice),
                    at: row.exitTickAt.toISOString(),
                    source: row.exitSource,
                  }
                : null,
            rule: ruleOf(row.direction),
            windowS: SETTLEMENT_WINDOW_S,
            voidReason: row.voidReason,
            settledAt: row.settledAt.toISOString(),
            ...practiceMark(row),
          }
        : null,
    ...practiceMark(row),
  };
}
