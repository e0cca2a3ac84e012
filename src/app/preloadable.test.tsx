import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

const pageModule = { default: () => <p>the page</p> };

describe('preloadable', () => {
  it('draws the page at once when its code has loaded, with no fallback', async () => {
    const Page = preloadable(() => Promise.resolve(pageModule));
    await Page.preload();
    expect(renderToString(<Page />)).toBe('<p>the page</p>');
  });

  it('suspends like a lazy component while its code has not loaded', () => {
    const Page = preloadable(() => new Promise(() => {}));
    const html = renderToString(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(html).toContain('loading');
    expect(html).not.toContain('the page');
  });

  it('loads once however often it is asked, and again after a failure', async () => {
    const load = vi
      .fn<() => Promise<typeof pageModule>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(pageModule);
    const Page = preloadable(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Promise.all([Page.preload(), Page.preload()]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(renderToString(<Page />)).toBe('<p>the page</p>');
  });
});
