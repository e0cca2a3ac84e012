/**
 * The offline check of a receipts file (`npm run trades:verify -- --receipts FILE`): for
 * every trade in it, re-derives the outcome from the recorded ticks the file carries, with
 * the same pure rule settlement uses (server/ledger/trade-rule.ts), and compares it with
 * the trade's stored result, exit tick, returned amount and profit. Needs no database and
 * no server, so a user or an auditor can check outcomes without trusting either; what it
 * cannot know offline is that the ticks are the market's (compare them with any public
 * price history of the coin at those seconds).
 *
 * The rule, per trade: exit = the first tick at or after expiry, at most SETTLEMENT_WINDOW_S
 * later (none: void); the entry price must be the entry tick the file names.
 */
import { is } from 'superstruct';
import { ReceiptsFile, type ReceiptEntry } from '../../../common/contract';
import { formatMicros, microsFromWire } from '../../../common/money';
import { SETTLEMENT_WINDOW_S } from '../../../common/rules';
import {
  compareDecimals,
  ruleOf,
  settlementAmounts,
  tradeOutcome,
  type TradeOutcome,
} from '../../ledger/trade-rule';

export interface ReceiptMismatch {
  tradeId: string;
  problems: string[];
}

export interface ReceiptsReport {
  userId: string;
  exportedAt: string;
  truncated: boolean;
  trades: number;
  verified: number;
  void: number;
  mismatches: ReceiptMismatch[];
}

type Tick = ReceiptEntry['ticks']['window'][number];

function sameTick(a: Tick | null, b: Tick | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    compareDecimals(a.price, b.price) === 0 &&
    Date.parse(a.at) === Date.parse(b.at) &&
    a.source === b.source
  );
}

const tickText = (tick: Tick | null) =>
  tick === null ? 'none' : `${tick.price}@${tick.at}/${tick.source}`;

/** The problems of one trade of the file; none when it re-derives to what it says. */
function checkEntry({ trade, ticks }: ReceiptEntry): string[] {
  const problems: string[] = [];
  const receipt = trade.receipt;
  if (trade.tradeStatus !== 'Completed' || receipt === null || trade.tradeResult === null) {
    return ['the trade is not settled'];
  }
  if (receipt.rule !== ruleOf(trade.tradeType)) {
    problems.push(`rule ${receipt.rule}, expected ${ruleOf(trade.tradeType)}`);
  }
  if (receipt.windowS !== SETTLEMENT_WINDOW_S) {
    problems.push(`settlement window ${receipt.windowS} s, expected ${SETTLEMENT_WINDOW_S} s`);
  }
  if (compareDecimals(trade.coinPrice, receipt.entry.price) !== 0) {
    problems.push(`entry price ${trade.coinPrice}, receipt says ${receipt.entry.price}`);
  }
  if (!sameTick(ticks.entry, receipt.entry)) {
    problems.push(
      `entry tick ${tickText(receipt.entry)} is not the recorded tick ${tickText(ticks.entry)}`,
    );
  }
  const expiresMs = Date.parse(trade.expiresAt);
  const lastMs = expiresMs + SETTLEMENT_WINDOW_S * 1000;
  const inWindow = ticks.window
    .filter((tick) => Date.parse(tick.at) >= expiresMs && Date.parse(tick.at) <= lastMs)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const exit = inWindow[0] ?? null;
  if (!sameTick(exit, receipt.exit)) {
    problems.push(`exit tick ${tickText(receipt.exit)}, re-derived ${tickText(exit)}`);
  }
  const result: TradeOutcome = tradeOutcome(trade.tradeType, trade.coinPrice, exit?.price ?? null);
  if (result !== trade.tradeResult) {
    problems.push(`result ${trade.tradeResult}, re-derived ${result}`);
  }
  const amounts = settlementAmounts(
    result,
    microsFromWire(trade.tradeAmount),
    microsFromWire(trade.payoutPercent),
  );
  if (
    trade.tradeAfterAmount === null ||
    microsFromWire(trade.tradeAfterAmount) !== amounts.returnedMicros
  ) {
    problems.push(
      `returned ${trade.tradeAfterAmount ?? 'none'}, re-derived ${formatMicros(amounts.returnedMicros)}`,
    );
  }
  if (trade.profit === null || microsFromWire(trade.profit) !== amounts.walletDeltaMicros) {
    problems.push(
      `profit ${trade.profit ?? 'none'}, re-derived ${formatMicros(amounts.walletDeltaMicros)}`,
    );
  }
  return problems;
}

/**
 * Checks a parsed receipts file. Answers an error for a file that is not one (another
 * format, a missing field); otherwise the report of every trade in it.
 */
export function checkReceiptsFile(
  file: unknown,
): { ok: true; report: ReceiptsReport } | { ok: false; error: string } {
  if (!is(file, ReceiptsFile)) {
    return { ok: false, error: 'not a tradewallet-receipts/1 file (or a field is malformed)' };
  }
  const report: ReceiptsReport = {
    userId: file.userId,
    exportedAt: file.exportedAt,
    truncated: file.truncated,
    trades: file.trades.length,
    verified: 0,
    void: 0,
    mismatches: [],
  };
  for (const entry of file.trades) {
    let problems: string[];
    try {
      problems = checkEntry(entry);
    } catch (error) {
      // A malformed price or amount is a mismatch of that trade, not a crash of the check.
      problems = [`unreadable figure: ${error instanceof Error ? error.message : String(error)}`];
    }
    if (entry.trade.tradeResult === 'void') report.void += 1;
    if (problems.length === 0) report.verified += 1;
    else report.mismatches.push({ tradeId: entry.trade._id, problems });
  }
  return { ok: true, report };
}
