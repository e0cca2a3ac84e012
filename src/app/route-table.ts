import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { parse as parsePattern } from 'regexparam';
import { matchRoute } from 'wouter';
import { loadCatalog } from './i18n/i18n';
import { SHELL_PAGES } from './i18n/shell-catalog';
import { marketTicksQuery } from '../services/market-ticks';
import { symbolFromState } from '../views/trade/trade-symbol';
import { preloadable, type PageComponent, type PageLoader } from './preloadable';
import { preloadRootPage, RootPage } from './root-page';

/**
 * Every screen of the app in one table (docs/product.md §2): its path, who may see it, its header and
 * its page. Pages load lazily, one chunk per screen, so the first load stays small.
 */

/** public: anyone; guest: signed-out visitors (signed-in ones move on); user/admin: guarded. */
export type Access = 'public' | 'guest' | 'user' | 'admin';

/**
 * tab: logo (opens the drawer) and product title, with the bottom bar.
 * back: back button and the page title. brand: logo and page title, no drawer.
 */
export type HeaderKind = 'tab' | 'back' | 'brand';

/** tools: support link and language picker. balance: the user's balance. */
export type HeaderEnd = 'tools' | 'balance';

export interface RouteDef {
  path: string;
  access: Access;
  title: MessageDescriptor;
  header: HeaderKind;
  headerEnd: HeaderEnd;
  /** Where the back button leads when there is no in-app step to go back to. */
  parent: string;
  page: PageComponent;
  /**
   * The screen shows market prices (live, or recorded in trades): when they are simulated,
   * the header says so.
   */
  showsPrices?: boolean;
  /**
   * Asks for the data the page shows first while the page's code loads, instead of after it
   * (the screen calls it as it renders the page). It asks only for what the cache lacks.
   */
  prefetch?: (queryClient: QueryClient) => void;
  /**
   * What stands beside the page on a desktop screen (ui/layout.ts), e.g. the markets beside
   * the trade screen; its code loads only there. `label` names its landmark.
   */
  desktopCompanion?: { page: PageComponent; label: MessageDescriptor };
}

/** Starts a query unless the cache already has it (fresh, stale or in flight). */
function prefetchMissing<Data, Key extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<Data, Error, Data, Key>,
): void {
  if (!queryClient.getQueryState(options.queryKey)) void queryClient.prefetchQuery(options);
}

/** A page and the texts it needs beyond the shell's: it waits for both (i18n/i18n.ts). */
const page = (load: PageLoader, catalogs: readonly ('app' | 'admin')[] = ['app']) =>
  preloadable(() =>
    Promise.all([load(), ...catalogs.map((name) => loadCatalog(name))]).then(([module]) => module),
  );

/** One of the pages whose texts are all in the first load's catalog (i18n/shell-catalog.ts). */
const shellPage = (load: PageLoader) => preloadable(load);

const user = (
  path: string,
  title: MessageDescriptor,
  parent: string,
  load: PageLoader,
): RouteDef => ({
  path,
  access: 'user',
  title,
  header: 'back',
  headerEnd: 'tools',
  parent,
  page: page(load),
});

const tab = (
  path: string,
  title: MessageDescriptor,
  headerEnd: HeaderEnd,
  screen: PageComponent,
): RouteDef => ({
  path,
  access: 'user',
  title,
  header: 'tab',
  headerEnd,
  parent: '/',
  page: screen,
});

const admin = (
  path: string,
  title: MessageDescriptor,
  load: PageLoader,
  parent = '/admin',
): RouteDef => ({
  path,
  access: 'admin',
  title,
  header: path === '/admin' ? 'brand' : 'back',
  headerEnd: 'tools',
  parent,
  // The console's texts are a catalog of their own; its pages also use the app's.
  page: page(load, ['app', 'admin']),
});

export const ROUTES: readonly RouteDef[] = [
  {
    path: '/',
    access: 'public',
    title: msg`Home`,
    header: 'tab',
    headerEnd: 'tools',
    parent: '/',
    page: Object.assign(RootPage, { preload: preloadRootPage }),
    // Both homes, signed in and out, show live prices.
    showsPrices: true,
  },
  {
    path: '/signin',
    access: 'guest',
    title: msg`Sign in`,
    header: 'back',
    headerEnd: 'tools',
    parent: '/',
    page: page(() => import('../views/auth/sign-in-page')),
  },
  {
    path: '/signup',
    access: 'guest',
    title: msg`Create account`,
    header: 'back',
    headerEnd: 'tools',
    parent: '/signin',
    page: page(() => import('../views/auth/sign-up-page')),
  },
  {
    path: '/forgot-password',
    access: 'guest',
    title: msg`Forgot password`,
    header: 'back',
    headerEnd: 'tools',
    parent: '/signin',
    page: page(() => import('../views/auth/forgot-password-page')),
  },
  // The mails' links: open signed in or not (a link may be opened on another device).
  {
    path: '/reset-password',
    access: 'public',
    title: msg`Reset password`,
    header: 'back',
    headerEnd: 'tools',
    parent: '/signin',
    page: page(() => import('../views/auth/reset-password-page')),
  },
  {
    path: '/verify-email',
    access: 'public',
    title: msg`Confirm email`,
    header: 'back',
    headerEnd: 'tools',
    parent: '/',
    page: page(() => import('../views/auth/verify-email-page')),
  },
  {
    path: '/contact',
    access: 'public',
    title: msg`Contact us`,
    header: 'back',
    headerEnd: 'tools',
    parent: '/',
    page: page(() => import('../views/help/contact-page')),
  },
  {
    path: '/helpline',
    access: 'public',
    title: msg`Help Center`,
    header: 'back',
    headerEnd: 'tools',
    parent: '/',
    page: page(() => import('../views/help/helpline-page')),
  },
  {
    path: '/fairness',
    access: 'public',
    title: msg`Fairness`,
    header: 'back',
    headerEnd: 'tools',
    parent: '/',
    page: page(() => import('../views/fairness/fairness-page')),
  },

  {
    ...tab('/markets', msg`Markets`, 'tools', shellPage(SHELL_PAGES.markets)),
    showsPrices: true,
  },
  {
    ...tab(
      '/trade',
      msg`Trade`,
      'balance',
      page(() => import('../views/trade/trade-page')),
    ),
    showsPrices: true,
    // The markets beside the trade screen: a coin tapped there opens its pair here.
    desktopCompanion: {
      page: preloadable(() =>
        SHELL_PAGES.markets().then((module) => ({ default: module.MarketsCompanion })),
      ),
      label: msg`Markets`,
    },
    // The pair's last recorded price is the page's largest content (its header shows it
    // until the first live quote): asked for beside the page's code, a round trip sooner.
    prefetch: (queryClient) =>
      prefetchMissing(queryClient, marketTicksQuery(symbolFromState(window.history.state))),
  },
  {
    ...tab(
      '/orders',
      msg`Orders`,
      'balance',
      page(() => import('../views/orders/orders-page')),
    ),
    showsPrices: true,
  },
  {
    ...user(
      '/order/:id',
      msg`Order Details`,
      '/orders',
      () => import('../views/orders/order-detail-page'),
    ),
    headerEnd: 'balance',
    showsPrices: true,
  },
  tab(
    '/wallet',
    msg`Wallet`,
    'tools',
    page(() => import('../views/wallet/wallet-page')),
  ),
  tab('/onchain', msg`Onchain`, 'tools', shellPage(SHELL_PAGES.onchain)),

  user('/deposit', msg`Deposit`, '/', () => import('../views/deposit/deposit-page')),
  user(
    '/deposit/checkout/:id',
    msg`Deposit`,
    '/deposit',
    () => import('../views/deposit/deposit-checkout-page'),
  ),
  user(
    '/deposit/log',
    msg`Deposit History`,
    '/',
    () => import('../views/deposit/deposit-log-page'),
  ),
  user(
    '/deposit/log/:id',
    msg`Deposit Details`,
    '/deposit/log',
    () => import('../views/deposit/deposit-detail-page'),
  ),

  user('/withdraw', msg`Withdraw`, '/', () => import('../views/withdraw/withdraw-page')),
  user(
    '/withdraw/checkout/:id',
    msg`Withdraw`,
    '/withdraw',
    () => import('../views/withdraw/withdraw-checkout-page'),
  ),
  user(
    '/withdraw/log',
    msg`Withdraw History`,
    '/',
    () => import('../views/withdraw/withdraw-log-page'),
  ),
  user(
    '/withdraw/log/:id',
    msg`Withdraw Details`,
    '/withdraw/log',
    () => import('../views/withdraw/withdraw-detail-page'),
  ),

  user('/transfer', msg`Transfer`, '/', () => import('../views/transfer/transfer-page')),
  user(
    '/transfer/log',
    msg`Transfer History`,
    '/',
    () => import('../views/transfer/transfer-log-page'),
  ),
  user(
    '/transfer/log/:id',
    msg`Transaction Details`,
    '/transfer/log',
    () => import('../views/transfer/transfer-detail-page'),
  ),

  user('/settings', msg`Settings`, '/', () => import('../views/settings/settings-page')),
  user(
    '/kyc/submit-form',
    msg`KYC Verification`,
    '/settings',
    () => import('../views/kyc/kyc-form-page'),
  ),
  user('/kyc/log', msg`KYC Status`, '/settings', () => import('../views/kyc/kyc-log-page')),
  user(
    '/user/profile',
    msg`Profile Setting`,
    '/settings',
    () => import('../views/account/profile-page'),
  ),
  user(
    '/user/password',
    msg`Password Change`,
    '/settings',
    () => import('../views/account/password-page'),
  ),
  user(
    '/settings/security',
    msg`Security`,
    '/settings',
    () => import('../views/settings/security-page'),
  ),
  user(
    '/settings/limits',
    msg`Trading limits`,
    '/settings',
    () => import('../views/settings/trading-limits-page'),
  ),
  user(
    '/settings/two-factor',
    msg`Two-factor authentication`,
    '/settings',
    () => import('../views/settings/two-factor-page'),
  ),
  user('/app/notice', msg`Notice`, '/', () => import('../views/notice/notice-page')),
  user('/privacy', msg`Privacy Portal`, '/settings', () => import('../views/about/privacy-page')),
  user('/about', msg`About Us`, '/settings', () => import('../views/about/about-page')),

  admin(
    '/admin',
    msg`Admin Dashboard`,
    () => import('../views/admin/dashboard/admin-dashboard-page'),
  ),
  admin(
    '/admin/dashboard',
    msg`Admin Dashboard`,
    () => import('../views/admin/dashboard/admin-dashboard-page'),
  ),
  admin(
    '/admin/deposits',
    msg`Deposits`,
    () => import('../views/admin/queues/admin-deposits-page'),
  ),
  admin(
    '/admin/deposits/:id',
    msg`Deposit Details`,
    () => import('../views/admin/queues/admin-deposit-detail-page'),
    '/admin/deposits',
  ),
  admin(
    '/admin/withdrawals',
    msg`Withdrawals`,
    () => import('../views/admin/queues/admin-withdrawals-page'),
  ),
  admin(
    '/admin/withdrawals/:id',
    msg`Withdraw Details`,
    () => import('../views/admin/queues/admin-withdraw-detail-page'),
    '/admin/withdrawals',
  ),
  admin('/admin/kyc', msg`KYC requests`, () => import('../views/admin/queues/admin-kyc-page')),
  admin(
    '/admin/kyc/:id',
    msg`KYC request`,
    () => import('../views/admin/queues/admin-kyc-detail-page'),
    '/admin/kyc',
  ),
  admin(
    '/admin/approvals',
    msg`Approvals`,
    () => import('../views/admin/admins/admin-approvals-page'),
  ),
  admin('/admin/users', msg`Users`, () => import('../views/admin/users/admin-users-page')),
  admin(
    '/admin/users/:id',
    msg`User`,
    () => import('../views/admin/users/admin-user-detail-page'),
    '/admin/users',
  ),
  admin(
    '/admin/view-as/:id',
    msg`View as user`,
    () => import('../views/admin/users/admin-view-as-page'),
    '/admin/users',
  ),
  admin('/admin/coins', msg`Coins`, () => import('../views/admin/coins/admin-coins-page')),
  admin('/admin/methods', msg`Methods`, () => import('../views/admin/methods/admin-methods-page')),
  admin(
    '/admin/settings',
    msg`Site Settings`,
    () => import('../views/admin/settings/admin-settings-page'),
  ),
  admin('/admin/admins', msg`Admins`, () => import('../views/admin/admins/admin-admins-page')),
  admin('/admin/audit', msg`Audit log`, () => import('../views/admin/audit/admin-audit-page')),
  admin('/admin/outbox', msg`Outbox`, () => import('../views/admin/outbox/admin-outbox-page')),
  // Unknown admin children are still behind the admin guard.
  admin('/admin/*', msg`Page not found`, () => import('../views/not-found/not-found-page')),
];

/** Anything else, including unknown /admin/* children. */
export const NOT_FOUND_ROUTE: RouteDef = {
  path: '*',
  access: 'public',
  title: msg`Page not found`,
  header: 'back',
  headerEnd: 'tools',
  parent: '/',
  page: page(() => import('../views/not-found/not-found-page')),
};

/**
 * The route a path shows, matched as the app shell's router matches it: the first in the
 * table, with wouter's own matcher and pattern parser (`app-shell.tsx`'s `Switch`).
 */
export function routeOf(pathname: string): RouteDef {
  return (
    ROUTES.find((route) => matchRoute(parsePattern, route.path, pathname)[0]) ?? NOT_FOUND_ROUTE
  );
}
