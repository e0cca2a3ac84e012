/**
 * The settlement rule of timed trades, pure: no database, no clock. Settlement
 * (server/ledger/trades.ts), the receipts on screen and the offline check of a receipts
 * file (`npm run trades:verify -- --receipts FILE`) all decide with these functions, so
 * there is one copy of the rule.
 *
 * A buy wins when the exit price is above the entry price, a sell when it is below; an exit
 * equal to the entry is a draw (stake back), and no recorded exit price within the
 * settlement window makes the trade void (stake back). Prices are compared as exact decimal
 * strings, never as floats. A win returns stake + floor(stake × payout ÷ 100 %).
 */
import { winProfitMicros as sharedWinProfitMicros } from '../../common/money';

export type TradeDirection = 'buy' | 'sell';
export type TradeOutcome = 'win' | 'loss' | 'draw' | 'void';

const PRICE_PATTERN = /^(\d+)(?:\.(\d+))?$/;

function splitDecimal(text: string): { whole: string; fraction: string } {
  const match = PRICE_PATTERN.exec(text);
  if (!match) throw new RangeError(`Not a non-negative decimal: ${text}`);
  return {
    whole: (match[1] ?? '').replace(/^0+(?=\d)/, ''),
    fraction: (match[2] ?? '').replace(/0+$/, ''),
  };
}

/**
 * Compares two non-negative decimal strings exactly ("65000.10" vs "65000.1" are equal).
 * Answers -1, 0 or 1 as `a` is below, equal to or above `b`.
 */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const x = splitDecimal(a);
  const y = splitDecimal(b);
  if (x.whole.length !== y.whole.length) return x.whole.length < y.whole.length ? -1 : 1;
  if (x.whole !== y.whole) return x.whole < y.whole ? -1 : 1;
  const width = Math.max(x.fraction.length, y.fraction.length);
  const fx = x.fraction.padEnd(width, '0');
  const fy = y.fraction.padEnd(width, '0');
  if (fx === fy) return 0;
  return fx < fy ? -1 : 1;
}

/** The outcome by the rule; `exitPrice` null means no exit tick in the window (void). */
export function tradeOutcome(
  direction: TradeDirection,
  entryPrice: string,
  exitPrice: string | null,
): TradeOutcome {
  if (exitPrice === null) return 'void';
  const order = compareDecimals(exitPrice, entryPrice);
  if (order === 0) return 'draw';
  const rose = order > 0;
  return (direction === 'buy') === rose ? 'win' : 'loss';
}

/** Profit of a winning trade: floor(stake × payout ÷ 100 %), in micro-USDT. */
export function winProfitMicros(stakeMicros: bigint, payoutMicroPercent: bigint): bigint {
  // A settled trade always has a stake and a payout; zero means a corrupt row.
  if (stakeMicros <= 0n) throw new RangeError('stake must be positive');
  if (payoutMicroPercent <= 0n) throw new RangeError('payout must be positive');
  return sharedWinProfitMicros(stakeMicros, payoutMicroPercent);
}

/**
 * What the wallet gets back (`returnedMicros`) and how its balance moves against the stake
 * it put up (`walletDeltaMicros` = returned − stake: the profit, minus the stake, or 0).
 */
export function settlementAmounts(
  outcome: TradeOutcome,
  stakeMicros: bigint,
  payoutMicroPercent: bigint,
): { returnedMicros: bigint; walletDeltaMicros: bigint } {
  switch (outcome) {
    case 'win': {
      const profit = winProfitMicros(stakeMicros, payoutMicroPercent);
      return { returnedMicros: stakeMicros + profit, walletDeltaMicros: profit };
    }
    case 'loss':
      return { returnedMicros: 0n, walletDeltaMicros: -stakeMicros };
    case 'draw':
    case 'void':
      return { returnedMicros: stakeMicros, walletDeltaMicros: 0n };
  }
}

/** The rule as shown on a receipt. */
export function ruleOf(direction: TradeDirection): string {
  return direction === 'buy' ? 'buy-wins-if-exit-above-entry' : 'sell-wins-if-exit-below-entry';
}
