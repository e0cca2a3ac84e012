import { describe, expect, it } from 'vitest';
import { activeTab } from './bottom-bar';

describe('activeTab', () => {
  it('marks the tab of each main route', () => {
    expect(activeTab('/')).toBe('/');
    expect(activeTab('/onchain')).toBe('/');
    expect(activeTab('/markets')).toBe('/markets');
    expect(activeTab('/trade')).toBe('/trade');
    expect(activeTab('/orders')).toBe('/orders');
    expect(activeTab('/wallet')).toBe('/wallet');
  });

  it('maps an order detail to Orders and other pages to no tab', () => {
    expect(activeTab('/order/abc')).toBe('/orders');
    expect(activeTab('/settings')).toBeNull();
    expect(activeTab('/ordersx')).toBeNull();
  });
});
