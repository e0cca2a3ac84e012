/**
 * The route tour: every screen of the route table (src/app/route-table.ts, ROUTES and
 * NOT_FOUND_ROUTE) as a concrete address, with who must be signed in to see it and real
 * records behind the `:id` routes. The screenshot command (`npm run screenshots`), the layout
 * spec and the accessibility spec walk it; `route-tour.spec.ts` fails when the route table
 * gains a route the tour lacks (or loses one it has), so the tour cannot drift.
 *
 * How to use it in a spec:
 *
 *   import { tourTest as test, openStop, prepareTab } from './route-tour';
 *
 *   test('every user screen in German', async ({ page, tour }) => {
 *     await prepareTab(page, tour, 'user', 'de'); // signed in as the tour's user, in German
 *     for (const stop of tour.stops.filter((s) => s.access === 'user')) {
 *       await openStop(page, stop); // goes there and waits until the page has settled
 *       // ...check the page...
 *     }
 *   });
 *
 * `tour` is a worker fixture: its records are made once per worker, through the API, for two
 * fresh users of the tour's own (the e2e database is shared, so demo accounts stay as they
 * are). Outside Playwright Test (a script), call `createTour(request)` with an API request
 * context whose baseURL is the server.
 *
 * One tab per access level is enough: `prepareTab` puts the session token and the language
 * into local storage before every document loads (the way the app keeps them, faster than
 * the sign-in form), and `openStop` starts each stop from a clean tab session.
 */
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import sharp from 'sharp';
import { STORAGE_KEYS, type Language } from '../../common/rules';
import {
  ADMIN,
  BOB,
  apiLogin,
  balances,
  bearer,
  createDeposit,
  createKyc,
  createWithdraw,
  fund,
  keyed,
  placeTrade,
  registerUser,
} from './support';

/** Who must be signed in: nobody, the tour's user, or the demo admin. */
export type TourAccess = 'none' | 'user' | 'admin';
export const TOUR_ACCESS: readonly TourAccess[] = ['none', 'user', 'admin'];

/** The app's five languages, English first. */
export const TOUR_LANGUAGES: readonly Language[] = ['en', 'de', 'es', 'fr', 'zh'];

/** The records the `:id` routes show. */
interface TourIds {
  depositMethod: string;
  withdrawMethod: string;
  deposit: string;
  withdrawal: string;
  transfer: string;
  trade: string;
  kyc: string;
  /** The tour's user, who owns every record above except the KYC request. */
  user: string;
}

/** A route of the table as the tour visits it. */
export interface TourRoute {
  /** The route's path exactly as the route table has it ('*' for not found). */
  route: string;
  access: TourAccess;
  /** The record that fills `:id`. */
  id?: keyof TourIds;
  /** The address visited for a wildcard route. */
  example?: string;
  /** Where the page moves by itself once opened (view-as reloads the tab at `/`). */
  landsAt?: string;
}

/**
 * Every route of the route table. Public and guest routes are toured signed out: the public
 * `/` shows Home then (a user's `/` is Onchain, toured at /onchain; an admin's redirects).
 */
export const TOUR_ROUTES: readonly TourRoute[] = [
  { route: '/', access: 'none' },
  { route: '/signin', access: 'none' },
  { route: '/signup', access: 'none' },
  { route: '/contact', access: 'none' },
  { route: '/helpline', access: 'none' },
  { route: '/fairness', access: 'none' },
  { route: '/forgot-password', access: 'none' },
  // Opened without the mail's token: the page says the link is not valid.
  { route: '/reset-password', access: 'none' },
  { route: '/verify-email', access: 'none' },
  { route: '/markets', access: 'user' },
  { route: '/trade', access: 'user' },
  { route: '/orders', access: 'user' },
  { route: '/order/:id', access: 'user', id: 'trade' },
  { route: '/wallet', access: 'user' },
  { route: '/onchain', access: 'user' },
  { route: '/deposit', access: 'user' },
  { route: '/deposit/checkout/:id', access: 'user', id: 'depositMethod' },
  { route: '/deposit/log', access: 'user' },
  { route: '/deposit/log/:id', access: 'user', id: 'deposit' },
  { route: '/withdraw', access: 'user' },
  { route: '/withdraw/checkout/:id', access: 'user', id: 'withdrawMethod' },
  { route: '/withdraw/log', access: 'user' },
  { route: '/withdraw/log/:id', access: 'user', id: 'withdrawal' },
  { route: '/transfer', access: 'user' },
  { route: '/transfer/log', access: 'user' },
  { route: '/transfer/log/:id', access: 'user', id: 'transfer' },
  { route: '/settings', access: 'user' },
  { route: '/kyc/submit-form', access: 'user' },
  { route: '/kyc/log', access: 'user' },
  { route: '/user/profile', access: 'user' },
  { route: '/user/password', access: 'user' },
  { route: '/settings/security', access: 'user' },
  { route: '/settings/limits', access: 'user' },
  { route: '/settings/two-factor', access: 'user' },
  { route: '/app/notice', access: 'user' },
  { route: '/privacy', access: 'user' },
  { route: '/about', access: 'user' },
  { route: '/admin', access: 'admin' },
  { route: '/admin/dashboard', access: 'admin' },
  { route: '/admin/deposits', access: 'admin' },
  { route: '/admin/deposits/:id', access: 'admin', id: 'deposit' },
  { route: '/admin/withdrawals', access: 'admin' },
  { route: '/admin/withdrawals/:id', access: 'admin', id: 'withdrawal' },
  { route: '/admin/kyc', access: 'admin' },
  { route: '/admin/kyc/:id', access: 'admin', id: 'kyc' },
  { route: '/admin/approvals', access: 'admin' },
  { route: '/admin/users', access: 'admin' },
  { route: '/admin/users/:id', access: 'admin', id: 'user' },
  { route: '/admin/view-as/:id', access: 'admin', id: 'user', landsAt: '/' },
  { route: '/admin/coins', access: 'admin' },
  { route: '/admin/methods', access: 'admin' },
  { route: '/admin/settings', access: 'admin' },
  { route: '/admin/admins', access: 'admin' },
  { route: '/admin/audit', access: 'admin' },
  { route: '/admin/outbox', access: 'admin' },
  { route: '/admin/*', access: 'admin', example: '/admin/no-such-page' },
  { route: '*', access: 'none', example: '/no-such-page' },
];

export interface TourStop {
  /** File-safe and unique: 'home', 'deposit-log-id', 'admin-not-found', 'not-found'. */
  name: string;
  /** The address to open, ids filled in. */
  path: string;
  /** The route table's path it stands for. */
  route: string;
  access: TourAccess;
  /** Where the page moves by itself once opened, if anywhere. */
  landsAt?: string;
}

export interface Tour {
  stops: TourStop[];
  /** Session tokens of the tour's user and of the demo admin. */
  tokens: Record<Exclude<TourAccess, 'none'>, string>;
  ids: TourIds;
}

/** '/' → 'home', '/deposit/log/:id' → 'deposit-log-id', '/admin/*' → 'admin-not-found'. */
export function stopName(route: string): string {
  if (route === '/') return 'home';
  if (route === '*') return 'not-found';
  return route.slice(1).replace(/\*$/, 'not-found').replace(/:/g, '').replace(/\//g, '-');
}

/** The stops for the given records, in the route table's order. */
function tourStopsFor(ids: TourIds): TourStop[] {
  return TOUR_ROUTES.map(({ route, access, id, example, landsAt }) => {
    const path = example ?? (id ? route.replace(':id', encodeURIComponent(ids[id])) : route);
    return { name: stopName(route), path, route, access, ...(landsAt ? { landsAt } : {}) };
  });
}

/** The tour's records, made through the API, and the stops that show them. */
async function createTour(request: APIRequestContext): Promise<Tour> {
  // A long name, as real ones can be: it has to fit wherever a name is shown.
  const traveller = await registerUser(request, 'Alexandra Papadopoulou-Schneider');
  await fund(request, traveller._id, '2500');
  const adminToken = await apiLogin(request, ADMIN);

  const [depositMethod, withdrawMethod] = await Promise.all([
    firstMethod(request, traveller.token, 'deposit'),
    firstMethod(request, traveller.token, 'withdraw'),
  ]);
  const deposit = await createDeposit(request, traveller.token, '150', await samplePng('receipt'));
  const withdrawal = await createWithdraw(request, traveller.token, '75.5');
  const transfer = await createTransfer(request, traveller.token, '40');
  // A 5-minute trade, so it is still pending during the tour.
  const trade = await placeTrade(request, traveller.token, '25');
  // A user with a pending KYC request sees its status instead of the form, so the request
  // the console shows belongs to a second user and the tour's user still sees the form.
  const applicant = await registerUser(request, 'Mei Lin Zhang');
  const kyc = await createKyc(request, applicant.token, (field) =>
    samplePng(field === 'cameraRoll' ? 'face' : field),
  );
  // A large credit waits for a second admin, so the approvals page shows a request.
  const asked = await request.post(`/api/admin/users/${applicant._id}/adjustments`, {
    headers: keyed(adminToken),
    data: { amount: '12345', reason: 'Opening balance, waiting for a second admin' },
  });
  expect(asked.status(), await asked.text()).toBe(202);

  const ids: TourIds = {
    depositMethod,
    withdrawMethod,
    deposit: deposit._id,
    withdrawal: withdrawal._id,
    transfer,
    trade,
    kyc,
    user: traveller._id,
  };
  return { stops: tourStopsFor(ids), tokens: { user: traveller.token, admin: adminToken }, ids };
}

/** The records, made once per worker. Use `tourTest` instead of Playwright's `test`. */
export const tourTest = base.extend<object, { tour: Tour }>({
  tour: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
      });
      await use(await createTour(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

/**
 * Signs the tab in as `access` (or out, for 'none') and sets its language, before any
 * document of the tab loads; applies to every later navigation. Call once per page or
 * context; a second call's values win.
 */
export async function prepareTab(
  target: Page | BrowserContext,
  tour: Pick<Tour, 'tokens'>,
  access: TourAccess,
  language: Language,
): Promise<void> {
  const entries: [string, string | null][] = [
    [STORAGE_KEYS.userToken, access === 'user' ? tour.tokens.user : null],
    [STORAGE_KEYS.adminToken, access === 'admin' ? tour.tokens.admin : null],
    [STORAGE_KEYS.language, language],
  ];
  await target.addInitScript((pairs: [string, string | null][]) => {
    // Only documents of the app's own origin (not about:blank).
    if (!location.protocol.startsWith('http')) return;
    for (const [key, value] of pairs) {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    }
  }, entries);
}

/**
 * Opens the stop and waits until it has settled. Each stop starts without a tab session of
 * its own: the view-as stop leaves one behind, which would show the next stops as its user.
 */
export async function openStop(page: Page, stop: TourStop): Promise<void> {
  if (page.url().startsWith('http')) {
    await page.evaluate(() => sessionStorage.clear());
  }
  await page.goto(stop.path);
  if (stop.landsAt) await page.waitForURL(stop.landsAt);
  await waitForSettled(page);
}

/**
 * Waits until the page shows its content: loaded, fonts ready, no request in flight for
 * `quietMs`, no skeleton or spinner (the app's only endless animations) or `aria-busy`
 * element visible, every image decoded. Throws, naming what is still busy, after `timeoutMs`.
 */
export async function waitForSettled(
  page: Page,
  { timeoutMs = 15_000, quietMs = 300 }: { timeoutMs?: number; quietMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const network = trackNetwork(page);
  try {
    for (;;) {
      const busy = await page.evaluate(describeBusy);
      const quietForMs = network.quietForMs();
      if (busy.length === 0 && quietForMs >= quietMs) break;
      if (Date.now() > deadline) {
        const pending = network.pending();
        throw new Error(
          `${page.url()} did not settle in ${timeoutMs} ms: ` +
            [...busy, ...pending.map((url) => `request ${url}`)].join('; '),
        );
      }
      await page.waitForTimeout(100);
    }
  } finally {
    network.stop();
  }
  // Fonts a late render asked for, then one frame for the last layout.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        void document.fonts.ready.then(() => requestAnimationFrame(() => resolve()));
      }),
  );
}

/**
 * What still looks busy on the page (runs in the page). Skeletons and spinners are the app's
 * only endless animations; a spinner that is decoration (aria-hidden, outside any status
 * region), like the one beside "Request Pending", stays on purpose and is not loading.
 */
function describeBusy(): string[] {
  const shown = (element: Element) =>
    element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  const label = (element: Element) => {
    const name = element.getAttribute('aria-label');
    return `${element.tagName.toLowerCase()}${name ? `[${name}]` : ''}`;
  };
  const decoration = (animation: Animation, target: Element) => {
    const keyframes = (animation.effect as KeyframeEffect).getKeyframes();
    const spins = keyframes.every((frame) =>
      Object.keys(frame).every((key) =>
        ['transform', 'offset', 'computedOffset', 'easing', 'composite'].includes(key),
      ),
    );
    return spins && target.closest('[aria-hidden="true"]') && !target.closest('[role="status"]');
  };
  const busy: string[] = [];
  const root = document.getElementById('root');
  if (!root || root.childElementCount === 0) busy.push('the app has not rendered');
  for (const animation of document.getAnimations()) {
    const target = (animation.effect as KeyframeEffect | null)?.target;
    const endless = animation.effect?.getTiming().iterations === Infinity;
    if (!endless || !target || animation.playState !== 'running' || !shown(target)) continue;
    if (!decoration(animation, target)) busy.push(`loading indicator ${label(target)}`);
  }
  for (const element of Array.from(document.querySelectorAll('[aria-busy="true"]'))) {
    if (shown(element)) busy.push(`aria-busy ${label(element)}`);
  }
  for (const image of Array.from(document.images)) {
    if (!image.complete && shown(image)) busy.push(`image ${image.src}`);
  }
  return busy;
}

/** Requests of the page (and its workers) in flight, and how long none has been. */
function trackNetwork(page: Page) {
  const inFlight = new Set<object>();
  const urls = new Map<object, string>();
  let lastChangeMs = Date.now();
  const started = (request: { url(): string }) => {
    inFlight.add(request);
    urls.set(request, request.url());
    lastChangeMs = Date.now();
  };
  const ended = (request: object) => {
    if (inFlight.delete(request)) lastChangeMs = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    quietForMs: () => (inFlight.size > 0 ? 0 : Date.now() - lastChangeMs),
    pending: () => [...inFlight].map((request) => urls.get(request) ?? '?'),
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

async function firstMethod(
  request: APIRequestContext,
  token: string,
  kind: 'deposit' | 'withdraw',
): Promise<string> {
  const response = await request.get(`/api/${kind}Methods`, { headers: bearer(token) });
  expect(response.ok()).toBe(true);
  const [method] = (await response.json()) as { _id: string }[];
  if (!method) throw new Error(`no ${kind} method in the demo data`);
  return method._id;
}

/** A transfer to the demo user Bob, by his Pay ID. */
async function createTransfer(
  request: APIRequestContext,
  token: string,
  amount: string,
): Promise<string> {
  const { payId } = await balances(request, await apiLogin(request, BOB));
  const created = await request.post('/api/createTransfer', {
    headers: keyed(token),
    data: { amount, receivePId: payId },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { transfer: { _id: string } }).transfer._id;
}

/**
 * Pictures for the uploads, drawn without text (no font needed), so the screens that show
 * them look as they do with real documents: a payment receipt, an identity card's two sides
 * and a face.
 */
const SAMPLE_SVG = {
  receipt: `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="640">
    <rect width="360" height="640" fill="#f4f6fb"/>
    <circle cx="180" cy="150" r="56" fill="#1fbf8f"/>
    <path d="M152 150l20 20 38-40" stroke="#fff" stroke-width="12" fill="none"/>
    <rect x="90" y="250" width="180" height="28" rx="6" fill="#1c2333"/>
    <rect x="40" y="330" width="280" height="14" rx="7" fill="#c5cbd8"/>
    <rect x="40" y="370" width="220" height="14" rx="7" fill="#c5cbd8"/>
    <rect x="40" y="410" width="250" height="14" rx="7" fill="#c5cbd8"/>
    <rect x="40" y="540" width="280" height="48" rx="12" fill="#3a6df0"/></svg>`,
  idFront: `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" rx="28" fill="#2b4c7e"/>
    <rect x="40" y="90" width="170" height="220" rx="12" fill="#dfe6f2"/>
    <circle cx="125" cy="170" r="45" fill="#8a9bb8"/>
    <rect x="65" y="230" width="120" height="70" rx="35" fill="#8a9bb8"/>
    <rect x="250" y="110" width="300" height="22" rx="11" fill="#dfe6f2"/>
    <rect x="250" y="160" width="220" height="18" rx="9" fill="#a9b8d3"/>
    <rect x="250" y="200" width="260" height="18" rx="9" fill="#a9b8d3"/>
    <rect x="250" y="240" width="180" height="18" rx="9" fill="#a9b8d3"/>
    <rect x="40" y="340" width="560" height="16" rx="8" fill="#4d6fa3"/></svg>`,
  idBack: `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" rx="28" fill="#2b4c7e"/>
    <rect x="40" y="60" width="560" height="60" fill="#16263f"/>
    <rect x="40" y="180" width="380" height="18" rx="9" fill="#a9b8d3"/>
    <rect x="40" y="220" width="300" height="18" rx="9" fill="#a9b8d3"/>
    <rect x="40" y="300" width="560" height="60" rx="8" fill="#dfe6f2"/></svg>`,
  face: `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480">
    <rect width="480" height="480" fill="#d9e2ef"/>
    <circle cx="240" cy="200" r="100" fill="#e8b894"/>
    <path d="M70 480c20-120 100-170 170-170s150 50 170 170z" fill="#3a6df0"/></svg>`,
};

function samplePng(kind: keyof typeof SAMPLE_SVG): Promise<Buffer> {
  return sharp(Buffer.from(SAMPLE_SVG[kind])).png().toBuffer();
}
