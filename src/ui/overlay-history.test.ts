import { describe, expect, it } from 'vitest';
import {
  HISTORY_DEPTH_KEY,
  overlaysIn,
  staleStep,
  withOverlay,
  withoutOverlays,
} from './overlay-history';

describe('overlay history entries', () => {
  it('lists the overlays an entry was pushed for, keeping what else its state holds', () => {
    const drawer = withOverlay({ [HISTORY_DEPTH_KEY]: 2, symbol: 'ETHUSDT' }, 'drawer');
    expect(overlaysIn(drawer)).toEqual(['drawer']);
    expect(drawer.symbol).toBe('ETHUSDT');
    const dialog = withOverlay(drawer, 'dialog');
    expect(overlaysIn(dialog)).toEqual(['drawer', 'dialog']);
    expect(overlaysIn(withOverlay(dialog, 'drawer'))).toEqual(['dialog', 'drawer']);
  });

  it("hands a closed overlay's entry to the one opening in its place", () => {
    const state = withOverlay(withOverlay({ page: 1 }, 'drawer'), 'edit');
    const next = withOverlay(withoutOverlays(state, ['edit']), 'delete');
    expect(overlaysIn(next)).toEqual(['drawer', 'delete']);
    expect(next).toMatchObject({ page: 1 });
  });

  it('reads no overlays from a state without them or of another shape', () => {
    expect(overlaysIn(null)).toEqual([]);
    expect(overlaysIn({ twOverlays: 'drawer' })).toEqual([]);
    expect(overlaysIn({ twOverlays: ['a', 3] })).toEqual(['a']);
  });

  it('lists a bounded number of overlays', () => {
    let state: unknown = null;
    for (let index = 0; index < 20; index += 1) state = withOverlay(state, `o${index}`);
    expect(overlaysIn(state).length).toBeLessThanOrEqual(8);
    expect(overlaysIn(state).at(-1)).toBe('o19');
  });

  it('steps over an entry whose overlay is closed, in the direction of the move', () => {
    const stale = { ...withOverlay(null, 'drawer'), [HISTORY_DEPTH_KEY]: 3 };
    expect(staleStep(stale, new Set(), 4)).toBe('back');
    expect(staleStep(stale, new Set(), 2)).toBe('forward');
    expect(staleStep(stale, new Set(['drawer']), 4)).toBeNull();
    expect(staleStep({ [HISTORY_DEPTH_KEY]: 3 }, new Set(), 4)).toBeNull();
  });
});
