import { describe, expect, it } from 'vitest';
import { coinIconKey, coinIconUrl, coinInitial } from './coin-icons';

/** The demo seed's coins (server/seed/demo-data.ts, which the web app may not import). */
const SEED_SYMBOLS = (
  'BTC ETH BNB SOL XRP ADA DOGE TRX TON AVAX DOT LINK POL LTC BCH SHIB NEAR UNI ATOM XLM ETC ' +
  'FIL APT ARB OP ICP HBAR VET INJ SUI AAVE'
).split(' ');

describe('coin icons', () => {
  it('finds an icon for a listed coin, whatever its case or spacing', () => {
    const url = coinIconUrl('btc');
    expect(url).toMatch(/^data:image\/svg\+xml,%3Csvg/);
    expect(coinIconUrl(' BTC ')).toBe(url);
  });

  it('draws BTC and BNB differently (they share an initial)', () => {
    expect(coinIconUrl('BTC')).not.toBe(coinIconUrl('BNB'));
  });

  it('has an icon for every coin of the demo seed and for USDT', () => {
    for (const symbol of [...SEED_SYMBOLS, 'USDT']) {
      expect(coinIconUrl(symbol), symbol).toMatch(/^data:image\/svg\+xml,/);
    }
  });

  it('has no icon for an unknown coin, which shows its initial instead', () => {
    expect(coinIconUrl('ZZZQ')).toBeUndefined();
    expect(coinIconUrl('')).toBeUndefined();
    // Not a property of every object.
    expect(coinIconUrl('constructor')).toBeUndefined();
    expect(coinInitial('zzzq')).toBe('Z');
    expect(coinInitial('')).toBe('');
  });

  it('keys symbols trimmed, upper case and bounded', () => {
    expect(coinIconKey(' eth ')).toBe('ETH');
    expect(coinIconKey('x'.repeat(100))).toHaveLength(16);
  });
});
