import { describe, expect, it } from 'vitest';
import { SIM_COINS } from '../market/simulated';
import { DEMO_COINS } from './demo-data';

describe('the demo data', () => {
  it('seeds only coins the simulated market quotes, so every demo coin has prices', () => {
    const known = new Set(SIM_COINS.map((c) => c.symbol));
    for (const coin of DEMO_COINS) expect(known, coin.symbol).toContain(coin.symbol);
  });
});
