import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_FOUND_ROUTE, ROUTES, routeOf } from './route-table';

const byPath = new Map(ROUTES.map((route) => [route.path, route]));

describe('route table', () => {
  it('has every screen of docs/product.md §2', () => {
    const specPaths = [
      '/',
      '/signin',
      '/signup',
      '/contact',
      '/markets',
      '/trade',
      '/orders',
      '/order/:id',
      '/wallet',
      '/onchain',
      '/deposit',
      '/deposit/checkout/:id',
      '/deposit/log',
      '/deposit/log/:id',
      '/withdraw',
      '/withdraw/checkout/:id',
      '/withdraw/log',
      '/withdraw/log/:id',
      '/transfer',
      '/transfer/log',
      '/transfer/log/:id',
      '/settings',
      '/kyc/submit-form',
      '/kyc/log',
      '/user/profile',
      '/user/password',
      '/helpline',
      '/app/notice',
      '/admin',
      '/admin/dashboard',
      '/admin/settings',
      '/admin/users',
    ];
    expect(specPaths.filter((path) => !byPath.has(path))).toEqual([]);
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
  });

  it('keeps only the landing, help, fairness and auth screens public', () => {
    const open = ROUTES.filter((route) => route.access === 'public' || route.access === 'guest');
    expect(open.map((route) => route.path).sort()).toEqual(
      [
        '/',
        '/contact',
        '/helpline',
        // The public fairness record (docs/product.md §4 Fairness).
        '/fairness',
        '/signin',
        '/signup',
        // The mail's links: they carry their own single-use token.
        '/forgot-password',
        '/reset-password',
        '/verify-email',
      ].sort(),
    );
    for (const route of ROUTES.filter((r) => r.path.startsWith('/admin'))) {
      expect(route.access, route.path).toBe('admin');
    }
  });

  it('gives the main tabs the logo header, and the trading screens the balance', () => {
    const tabs = ROUTES.filter((route) => route.header === 'tab').map((route) => route.path);
    expect(tabs.sort()).toEqual(
      ['/', '/markets', '/onchain', '/orders', '/trade', '/wallet'].sort(),
    );
    const balance = ROUTES.filter((route) => route.headerEnd === 'balance').map((r) => r.path);
    expect(balance.sort()).toEqual(['/order/:id', '/orders', '/trade'].sort());
  });

  describe("/trade asks for its pair's recorded ticks while its code loads", () => {
    afterEach(() => vi.unstubAllGlobals());

    function prefetchTwice(historyState: unknown) {
      vi.stubGlobal('window', { history: { state: historyState } });
      // No retries: the request itself fails here (no server), which is beside the point.
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const prefetch = vi.spyOn(queryClient, 'prefetchQuery');
      const route = byPath.get('/trade');
      route?.prefetch?.(queryClient);
      route?.prefetch?.(queryClient);
      return { queryClient, prefetch };
    }

    it('for the pair Markets passed on, once however often the screen renders', () => {
      const { queryClient, prefetch } = prefetchTwice({ symbol: 'ETHUSDT' });
      expect(prefetch).toHaveBeenCalledTimes(1);
      expect(queryClient.getQueryState(['marketTicks', 'ETHUSDT'])).toBeDefined();
    });

    it('for Bitcoin when no pair was passed on or the one passed on is not a pair', () => {
      for (const state of [null, { symbol: '<script>' }]) {
        const { queryClient } = prefetchTwice(state);
        expect(queryClient.getQueryState(['marketTicks', 'BTCUSDT'])).toBeDefined();
      }
    });
  });

  it('finds the route an address shows, as the router does', () => {
    const shown = (path: string) => routeOf(path).path;
    expect(shown('/')).toBe('/');
    expect(shown('/trade')).toBe('/trade');
    expect(shown('/TRADE/')).toBe('/trade');
    expect(shown('/order/3f0c')).toBe('/order/:id');
    expect(shown('/deposit/log')).toBe('/deposit/log');
    expect(shown('/deposit/log/42')).toBe('/deposit/log/:id');
    expect(shown('/admin/no-such-page')).toBe('/admin/*');
    expect(routeOf('/no-such-page')).toBe(NOT_FOUND_ROUTE);
    expect(routeOf('/trade/extra')).toBe(NOT_FOUND_ROUTE);
  });
});
