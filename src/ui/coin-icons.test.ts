import { describe, expect, it } from 'vitest';
import { coinIconKey, coinIconLoader, coinInitial, svgDataUrl } from './coin-icons';

/** The demo seed's coins (server/seed/demo-data.ts, which the web app may not import). */
const SEED_SYMBOLS = (
  'BTC ETH BNB SOL XRP ADA DOGE TRX TON AVAX DOT LINK POL LTC BCH SHIB NEAR UNI ATOM XLM ETC ' +
  'FIL APT ARB OP ICP HBAR VET INJ SUI AAVE'
).split(' ');

describe('coin icons', () => {
  it('finds an icon for a listed coin, whatever its case or spacing', async () => {
    const loader = coinIconLoader('btc');
    expect(loader).toBeDefined();
    expect(coinIconLoader(' BTC ')).toBe(loader);
    const svg = (await loader!()).default;
    expect(svg).toMatch(/^<svg[\s>]/);
  });

  it('draws BTC and BNB differently (they share an initial)', async () => {
    const [btc, bnb] = await Promise.all([coinIconLoader('BTC')!(), coinIconLoader('BNB')!()]);
    expect(btc.default).not.toBe(bnb.default);
  });

  it('has an icon for every coin of the demo seed and for USDT', async () => {
    for (const symbol of [...SEED_SYMBOLS, 'USDT']) {
      const loader = coinIconLoader(symbol);
      expect(loader, symbol).toBeDefined();
      expect((await loader!()).default, symbol).toContain('<svg');
    }
  });

  it('has no icon for an unknown coin, which shows its initial instead', () => {
    expect(coinIconLoader('ZZZQ')).toBeUndefined();
    expect(coinIconLoader('')).toBeUndefined();
    // Not a property of every object.
    expect(coinIconLoader('constructor')).toBeUndefined();
    expect(coinInitial('zzzq')).toBe('Z');
    expect(coinInitial('')).toBe('');
  });

  it('keys symbols trimmed, upper case and bounded', () => {
    expect(coinIconKey(' eth ')).toBe('ETH');
    expect(coinIconKey('x'.repeat(100))).toHaveLength(16);
  });

  it('makes an image address of an SVG that survives any character in it', () => {
    const url = svgDataUrl('<svg fill="#F7931A"></svg>');
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    expect(url).not.toMatch(/[#"<>]/);
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(
      '<svg fill="#F7931A"></svg>',
    );
  });
});
