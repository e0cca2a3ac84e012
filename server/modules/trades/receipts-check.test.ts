import { describe, expect, it } from 'vitest';
import type { ReceiptEntry, ReceiptsFile } from '../../../common/contract';
import { checkReceiptsFile } from './receipts-check';

const EXPIRES = '2026-11-27T03:00:30.000Z';
const at = (offsetS: number) => new Date(Date.parse(EXPIRES) + offsetS * 1000).toISOString();
const tick = (price: string, offsetS: number, source = 'binance') => ({
  price,
  at: at(offsetS),
  source,
});
const entryTick = { price: '100', at: at(-30), source: 'binance' };

/** A settled 10 USDT buy at 80 % that exited on `exit` (or void without one). */
function entry(
  result: 'win' | 'loss' | 'draw' | 'void',
  exit: ReturnType<typeof tick> | null,
  window: ReturnType<typeof tick>[],
): ReceiptEntry {
  const returned = { win: '18.000000', loss: '0.000000', draw: '10.000000', void: '10.000000' };
  const profit = { win: '8.000000', loss: '-10.000000', draw: '0.000000', void: '0.000000' };
  return {
    trade: {
      _id: `trade-${result}`,
      coinType: 'BTCUSDT',
      tradeType: 'buy',
      tradeAmount: '10.000000',
      coinPrice: '100',
      selectedTime: 'trade30Second',
      durationS: 30,
      payoutPercent: '80.000000',
      tradeStatus: 'Completed',
      tradeResult: result,
      tradeAfterAmount: returned[result],
      profit: profit[result],
      createdAt: at(-30),
      expiresAt: EXPIRES,
      receipt: {
        entry: entryTick,
        exit,
        rule: 'buy-wins-if-exit-above-entry',
        windowS: 5,
        voidReason: result === 'void' ? 'No recorded price within 5 s after expiry' : null,
        settledAt: at(6),
      },
    },
    ticks: { entry: entryTick, window },
  };
}

const file = (trades: ReceiptEntry[]): ReceiptsFile => ({
  format: 'tradewallet-receipts/1',
  userId: 'user-1',
  exportedAt: at(60),
  limit: 1000,
  truncated: false,
  trades,
});

describe('checkReceiptsFile', () => {
  it('re-derives the exit as the first tick at or after expiry, within the window', () => {
    const checked = checkReceiptsFile(
      file([
        // Listed out of order, with one before expiry and one after the window: neither counts.
        entry('win', tick('100.5', 1), [tick('99', 6), tick('100.5', 1), tick('90', 2)]),
        entry('loss', tick('99.99', 0), [tick('99.99', 0)]),
        entry('draw', tick('100.000', 3), [tick('100.000', 3)]),
        entry('void', null, []),
      ]),
    );
    expect(checked).toEqual({
      ok: true,
      report: {
        userId: 'user-1',
        exportedAt: at(60),
        truncated: false,
        trades: 4,
        verified: 4,
        void: 1,
        mismatches: [],
      },
    });
  });

  it('finds a win claimed on a tick outside the window, and a changed amount', () => {
    const late = entry('win', tick('101', 6), [tick('101', 6)]);
    const richer = entry('win', tick('101', 1), [tick('101', 1)]);
    richer.trade.tradeAfterAmount = '19.000000';
    const checked = checkReceiptsFile(file([late, richer]));
    if (!checked.ok) throw new Error(checked.error);
    expect(checked.report.verified).toBe(0);
    expect(checked.report.mismatches[0]?.problems).toEqual([
      `exit tick 101@${at(6)}/binance, re-derived none`,
      'result win, re-derived void',
      'returned 18.000000, re-derived 10.000000',
      'profit 8.000000, re-derived 0.000000',
    ]);
    expect(checked.report.mismatches[1]?.problems).toEqual([
      'returned 19.000000, re-derived 18.000000',
    ]);
  });

  it('finds an entry price that is not the recorded tick, and survives a malformed price', () => {
    const moved = entry('win', tick('101', 1), [tick('101', 1)]);
    moved.ticks.entry = { ...entryTick, price: '99' };
    const broken = entry('win', tick('101', 1), [tick('1e3', 1)]);
    const checked = checkReceiptsFile(file([moved, broken]));
    if (!checked.ok) throw new Error(checked.error);
    expect(checked.report.mismatches[0]?.problems[0]).toMatch(/^entry tick .* is not the recorded/);
    expect(checked.report.mismatches[1]?.problems[0]).toMatch(/^unreadable figure/);
  });

  it('refuses what is not a receipts file', () => {
    expect(checkReceiptsFile({ ...file([]), format: 'tradewallet-receipts/2' })).toMatchObject({
      ok: false,
    });
    expect(checkReceiptsFile([])).toMatchObject({ ok: false });
  });
});
