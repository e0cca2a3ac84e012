import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  decideSettlement,
  pgArray,
  ruleOf,
  settlementAmounts,
  tradeOutcome,
  VOID_REASON_NO_EXIT_TICK,
  winProfitMicros,
} from './trades';

describe('compareDecimals', () => {
  it.each([
    ['1', '1', 0],
    ['65000.10', '65000.1', 0],
    ['0065000.1', '65000.100000000000000000', 0],
    ['0.000000000000000001', '0', 1],
    ['0', '0.000000000000000001', -1],
    ['99.999', '100', -1],
    ['100', '99.999999999999999999', 1],
    ['12.5', '12.49', 1],
    ['1000', '999', 1],
    ['0.1', '0.09', 1],
  ] as const)('%s vs %s is %i', (a, b, expected) => {
    expect(compareDecimals(a, b)).toBe(expected);
    expect(compareDecimals(b, a)).toBe(-expected === 0 ? 0 : -expected);
  });

  it('refuses anything that is not a plain non-negative decimal', () => {
    for (const bad of ['', '-1', '1e3', 'abc', '1.', '.5', 'NaN', ' 1']) {
      expect(() => compareDecimals(bad, '1')).toThrow(RangeError);
    }
  });

  it('agrees with exact rational comparison on random prices', () => {
    const price = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 18 }))
      .map(([units, scale]) => {
        const text = units.toString().padStart(scale + 1, '0');
        return {
          text: scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`,
          scaled: units * 10n ** BigInt(18 - scale),
        };
      });
    fc.assert(
      fc.property(price, price, (a, b) => {
        const expected = a.scaled === b.scaled ? 0 : a.scaled < b.scaled ? -1 : 1;
        expect(compareDecimals(a.text, b.text)).toBe(expected);
      }),
    );
  });
});

describe('tradeOutcome', () => {
  it.each([
    ['buy', '100', '100.01', 'win'],
    ['buy', '100', '99.99', 'loss'],
    ['buy', '100', '100.000', 'draw'],
    ['sell', '100', '99.99', 'win'],
    ['sell', '100', '100.01', 'loss'],
    ['sell', '100.5', '100.50', 'draw'],
    ['buy', '100', null, 'void'],
    ['sell', '100', null, 'void'],
  ] as const)('%s at %s, exit %s: %s', (direction, entry, exit, expected) => {
    expect(tradeOutcome(direction, entry, exit)).toBe(expected);
  });

  it('a one-in-10^18 move decides, with no float rounding', () => {
    // As floats these two prices are equal.
    expect(Number('65000.000000000000000001')).toBe(Number('65000'));
    expect(tradeOutcome('buy', '65000', '65000.000000000000000001')).toBe('win');
    expect(tradeOutcome('sell', '65000', '65000.000000000000000001')).toBe('loss');
  });
});

describe('payout math', () => {
  it('profit is floor(stake × payout ÷ 100 %)', () => {
    expect(winProfitMicros(10_000_000n, 80_000_000n)).toBe(8_000_000n);
    // 0.000003 USDT at 80 %: 2.4 micros, rounded down to 2.
    expect(winProfitMicros(3n, 80_000_000n)).toBe(2n);
    // 33.333333 USDT at 85.5 %: 28.499999715 USDT → 28.499999.
    expect(winProfitMicros(33_333_333n, 85_500_000n)).toBe(28_499_999n);
    expect(winProfitMicros(1n, 1n)).toBe(0n);
    expect(winProfitMicros(10n ** 18n, 100_000_000n)).toBe(10n ** 18n);
  });

  it('refuses a stake or payout out of range', () => {
    expect(() => winProfitMicros(0n, 80_000_000n)).toThrow(RangeError);
    expect(() => winProfitMicros(1n, 0n)).toThrow(RangeError);
    expect(() => winProfitMicros(1n, 100_000_001n)).toThrow(RangeError);
  });

  it('returned and wallet movement per outcome', () => {
    expect(settlementAmounts('win', 25_000_000n, 82_000_000n)).toEqual({
      returnedMicros: 45_500_000n,
      walletDeltaMicros: 20_500_000n,
    });
    expect(settlementAmounts('loss', 25_000_000n, 82_000_000n)).toEqual({
      returnedMicros: 0n,
      walletDeltaMicros: -25_000_000n,
    });
    for (const outcome of ['draw', 'void'] as const) {
      expect(settlementAmounts(outcome, 25_000_000n, 82_000_000n)).toEqual({
        returnedMicros: 25_000_000n,
        walletDeltaMicros: 0n,
      });
    }
  });

  it('a win never pays more than the published percent, and less by under one micro', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 16n }),
        fc.bigInt({ min: 1n, max: 100_000_000n }),
        (stake, payout) => {
          const profit = winProfitMicros(stake, payout);
          const exact = stake * payout; // profit × 10^8, exactly
          expect(profit * 100_000_000n <= exact).toBe(true);
          expect(exact - profit * 100_000_000n < 100_000_000n).toBe(true);
        },
      ),
    );
  });
});

describe('decideSettlement', () => {
  const trade = {
    id: '00000000-0000-0000-0000-000000000001',
    account: 'real' as const,
    walletAccountId: '00000000-0000-0000-0000-000000000002',
    direction: 'sell' as const,
    stakeMicros: 10_000_000n,
    payoutMicroPercent: 88_000_000n,
    entryPrice: '2500.5',
  };

  it('void without an exit tick, with the reason', () => {
    const settlement = decideSettlement(trade, null, 1_000);
    expect(settlement).toMatchObject({
      result: 'void',
      exit: null,
      returnedMicros: 10_000_000n,
      profitMicros: 0n,
      voidReason: VOID_REASON_NO_EXIT_TICK,
    });
    expect(VOID_REASON_NO_EXIT_TICK).toBe('No recorded price within 5 s after expiry');
    expect(settlement.settledAt.getTime()).toBe(1_000);
  });

  it('a sell that the price fell under wins its payout', () => {
    const exit = { price: '2500.49', recordedAt: new Date(0), source: 'simulated' };
    expect(decideSettlement(trade, exit, 0)).toMatchObject({
      result: 'win',
      returnedMicros: 18_800_000n,
      profitMicros: 8_800_000n,
      voidReason: null,
    });
  });

  it('names its rule', () => {
    expect(ruleOf('buy')).toBe('buy-wins-if-exit-above-entry');
    expect(ruleOf('sell')).toBe('sell-wins-if-exit-below-entry');
  });
});

describe('pgArray', () => {
  it('quotes every element, so any text survives the round trip', async () => {
    const values = ['plain', 'a "quoted" word', 'back\\slash', 'comma, and {braces}', 'NULL', ''];
    expect(pgArray(['a"b', null, 12n])).toBe('{"a\\"b",NULL,"12"}');
    const db = new PGlite();
    try {
      const result = await db.query<{ v: Array<string | null> }>('select $1::text[] as v', [
        pgArray([...values, null]),
      ]);
      expect(result.rows[0]?.v).toEqual([...values, null]);
    } finally {
      await db.close();
    }
  });
});
