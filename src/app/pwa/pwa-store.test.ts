import { describe, expect, it, vi } from 'vitest';
import manifestText from '../../../public/manifest.webmanifest?raw';
import { theme } from '../../ui/theme';
import { createPwaStore } from './pwa-store';

describe('createPwaStore', () => {
  const initial = {
    online: true,
    updateReady: false,
    updating: false,
    installPrompt: null,
    installed: false,
  };

  it('notifies on a change and not on a repeat', () => {
    const store = createPwaStore(initial);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set({ online: false });
    store.set({ online: false });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toEqual({ ...initial, online: false });
    unsubscribe();
    store.set({ updateReady: true });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get().updateReady).toBe(true);
  });
});

describe('the web app manifest', () => {
  const manifest = JSON.parse(manifestText) as {
    name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };

  it('describes an installable standalone app in the theme colours', () => {
    expect(manifest).toMatchObject({
      name: 'TradeWallet',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toBe(theme.colors.background);
    expect(manifest.background_color).toBe(theme.colors.background);
  });

  it('has PNG icons of 192 and 512 and a maskable 512', () => {
    const png = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(png.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });
});
