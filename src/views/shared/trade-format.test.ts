import { describe, expect, it } from 'vitest';
import type { Trade } from '../../../common/contract';
import {
  durationLong,
  durationShort,
  formatCountdown,
  pairText,
  percentText,
  comparePriceTexts,
  liveStanding,
  ruleText,
  sourceName,
  tradeOutcome,
  voidReasonText,
} from './trade-format';

const pending: Trade = {
  _id: 't1',
  coinType: 'BTCUSDT',
  tradeType: 'buy',
  tradeAmount: '10.000000',
  coinPrice: '67000.5',
  selectedTime: 'trade30Second',
  durationS: 30,
  payoutPercent: '80.000000',
  tradeStatus: 'Pending',
  tradeResult: null,
  tradeAfterAmount: null,
  profit: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T00:00:30.000Z',
  receipt: null,
};

const settled = (result: Trade['tradeResult'], after: string, profit: string): Trade => ({
  ...pending,
  tradeStatus: 'Completed',
  tradeResult: result,
  tradeAfterAmount: after,
  profit,
  receipt: {
    entry: { price: '67000.5', at: '2026-01-01T00:00:00.000Z', source: 'simulated' },
    exit: { price: '67001', at: '2026-01-01T00:00:30.000Z', source: 'simulated' },
    rule: 'buy-wins-if-exit-above-entry',
    windowS: 5,
    voidReason: null,
    settledAt: '2026-01-01T00:00:31.000Z',
  },
});

const text = (value: { message?: string } | string) =>
  typeof value === 'string' ? value : value.message;

describe('trade display rules', () => {
  it('writes countdowns as HH:MM:SS', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(29)).toBe('00:00:29');
    expect(formatCountdown(300)).toBe('00:05:00');
    expect(formatCountdown(3661)).toBe('01:01:01');
    expect(formatCountdown(-4)).toBe('00:00:00');
    expect(formatCountdown(Number.NaN)).toBe('00:00:00');
  });

  it('tells the outcome from the result, with the exact profit or loss', () => {
    expect(tradeOutcome(pending)).toEqual({ kind: 'pending' });
    expect(tradeOutcome(settled('win', '18.000000', '8.000000'))).toEqual({
      kind: 'win',
      profitMicros: 8_000_000n,
    });
    expect(tradeOutcome(settled('loss', '0.000000', '-10.000000'))).toEqual({
      kind: 'loss',
      profitMicros: -10_000_000n,
    });
    expect(tradeOutcome(settled('draw', '10.000000', '0.000000'))).toEqual({ kind: 'draw' });
    expect(tradeOutcome(settled('void', '10.000000', '0.000000'))).toEqual({ kind: 'void' });
  });

  it('names durations, percents, pairs and sources', () => {
    expect(durationShort(30).values).toEqual({ seconds: 30 });
    expect(durationShort(60).values).toEqual({ seconds: 60 });
    expect(durationShort(180).values).toEqual({ minutes: 3 });
    expect(durationLong(30).values).toEqual({ seconds: 30 });
    expect(durationLong(300).values).toEqual({ minutes: 5 });
    expect(percentText('80.000000')).toBe('80');
    expect(percentText('82.500000')).toBe('82.5');
    expect(percentText('100.000000')).toBe('100');
    expect(pairText('ETHUSDT')).toBe('ETH/USDT');
    expect(sourceName('binance-us')).toBe('Binance US');
    expect(text(sourceName('simulated'))).toBe('Simulated market');
    expect(sourceName('kraken')).toBe('kraken');
  });

  it('states the rule in words for either direction', () => {
    expect(text(ruleText('buy'))).toMatch(/^Buy wins when the exit price is above/);
    expect(text(ruleText('sell'))).toMatch(/^Sell wins when the exit price is below/);
    expect(text(ruleText('buy', 'sell-wins-if-exit-below-entry'))).toMatch(/^Sell wins/);
    expect(text(ruleText('buy', 'something-new'))).toBe('something-new');
  });

  it('translates the known void reason and keeps any other as sent', () => {
    const known = voidReasonText('No recorded price within 5 s after expiry', 5);
    expect(typeof known === 'object' && known.values).toEqual({ seconds: 5 });
    expect(voidReasonText('Exchange halted', 5)).toBe('Exchange halted');
  });
});

describe('the live standing of an open trade', () => {
  it('compares prices exactly, whatever their decimals', () => {
    expect(comparePriceTexts('100.10', '100.1')).toBe(0);
    expect(comparePriceTexts('100.1000001', '100.1')).toBe(1);
    expect(comparePriceTexts('99.99', '100')).toBe(-1);
    expect(comparePriceTexts('1e3', '100')).toBeNull();
  });

  it('says a buy wins above its entry and a sell below it', () => {
    expect(liveStanding('buy', '100.00', '100.01')).toBe('winning');
    expect(liveStanding('buy', '100.00', '99.99')).toBe('losing');
    expect(liveStanding('sell', '100.00', '99.99')).toBe('winning');
    expect(liveStanding('sell', '100.00', '100.01')).toBe('losing');
    expect(liveStanding('sell', '100.00', '100')).toBe('level');
  });
});
