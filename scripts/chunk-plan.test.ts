import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkPlan, findCycle, type PlanContext, type PlanModuleInfo } from './chunk-plan';

const ROOT = '/repo';
const at = (file: string) => path.join(ROOT, file);
const XSTATE = '/repo/node_modules/xstate/index.js';
const XSTATE_HELPER = '/repo/node_modules/use-sync-external-store/shim.js';

/** A module graph from a list of static and dynamic imports. */
function graph(
  entry: string,
  imports: Record<string, readonly string[]>,
  dynamic: Record<string, readonly string[]>,
): PlanContext {
  const ids = new Set([entry, ...Object.keys(imports), ...Object.keys(dynamic)]);
  for (const list of [...Object.values(imports), ...Object.values(dynamic)]) {
    for (const id of list) ids.add(id);
  }
  const infos = new Map<string, PlanModuleInfo>();
  for (const id of ids) {
    infos.set(id, {
      isEntry: id === entry,
      importedIds: imports[id] ?? [],
      dynamicallyImportedIds: dynamic[id] ?? [],
      importers: [...ids].filter((other) => (imports[other] ?? []).includes(id)),
      dynamicImporters: [...ids].filter((other) => (dynamic[other] ?? []).includes(id)),
    });
  }
  return { getModuleInfo: (id) => infos.get(id) ?? null };
}

const plan = () =>
  chunkPlan({
    root: ROOT,
    homePage: 'src/views/home/home-page.tsx',
    families: { trading: ['trade', 'orders'], money: ['wallet', 'deposit'] },
    uncountedFolders: ['admin'],
    minSharedPages: 3,
    landingPages: ['src/views/markets/markets-page.tsx'],
    isFlowLibrary: (id) => id === XSTATE,
  });

const main = at('src/app/main.tsx');
const home = at('src/views/home/home-page.tsx');
const trade = at('src/views/trade/trade-page.tsx');
const orders = at('src/views/orders/orders-page.tsx');
const wallet = at('src/views/wallet/wallet-page.tsx');
const deposit = at('src/views/deposit/deposit-page.tsx');
const admin = at('src/views/admin/admin-page.tsx');
const format = at('src/ui/format.ts');
const orderCard = at('src/views/orders/order-card.tsx');
const submission = at('src/machines/submission.ts');
const list = at('src/ui/list.tsx');
const tradeOnly = at('src/views/trade/chart.tsx');
const pair = at('src/views/shared/pair.ts');
const checkout = at('src/views/shared/use-checkout.ts');
const markets = at('src/views/markets/markets-page.tsx');
const loadError = at('src/views/shared/load-error.tsx');
const ticker = at('src/views/shared/ticker.tsx');
const react = '/repo/node_modules/react/index.js';
const dateLib = '/repo/node_modules/date-lib/index.js';

const ctx = graph(
  main,
  {
    [main]: [react, at('src/app/shell.tsx')],
    [home]: [format],
    [trade]: [orderCard, submission, list, tradeOnly, pair, ticker],
    [orders]: [orderCard, list, format],
    [wallet]: [list, submission, pair, checkout],
    [deposit]: [list, submission, checkout],
    [admin]: [list],
    [markets]: [loadError, ticker],
    [list]: [loadError],
    [orderCard]: [format, dateLib],
    [submission]: [XSTATE, list],
    [checkout]: [XSTATE],
    [XSTATE]: [XSTATE_HELPER],
  },
  { [main]: [home, trade, orders, wallet, deposit, admin, markets] },
);

describe('chunkPlan', () => {
  const name = plan();
  const chunkOf = (id: string) => name(id, ctx);

  it('puts the first load and what the home page reaches in the app chunk', () => {
    expect(chunkOf(main)).toBe('app');
    expect(chunkOf(at('src/app/shell.tsx'))).toBe('app');
    expect(chunkOf(home)).toBe('app');
    // The trade page and the orders use it too: they find it already loaded.
    expect(chunkOf(format)).toBe('app');
    // The first load's libraries are the vendor group's.
    expect(chunkOf(react)).toBeNull();
  });

  it('puts the flow library, what only it imports and the shared modules needing it in flows', () => {
    expect(chunkOf(XSTATE)).toBe('flows');
    expect(chunkOf(XSTATE_HELPER)).toBe('flows');
    expect(chunkOf(submission)).toBe('flows');
  });

  it('leaves a page, and what only it reaches, to the page', () => {
    expect(chunkOf(trade)).toBeNull();
    expect(chunkOf(tradeOnly)).toBeNull();
  });

  it('gives the modules of one family of pages their own chunk', () => {
    expect(chunkOf(orderCard)).toBe('trading-shared');
  });

  it("puts a family's modules that need the flow library in the family's flow chunk", () => {
    // So a page of the family without a flow never loads xstate through the family chunk.
    expect(chunkOf(checkout)).toBe('money-flows');
  });

  it('shares what enough user pages of several families reach, and leaves the rest', () => {
    // The trade page, the orders, the wallet, the deposit (and the console, not counted).
    expect(chunkOf(list)).toBe('shared');
    // Two pages of two families: an automatic chunk of their own.
    expect(chunkOf(pair)).toBeNull();
    // A library outside the first load is left to the automatic chunks.
    expect(chunkOf(dateLib)).toBeNull();
  });

  it('gives the shared modules a landing page reaches a chunk of their own', () => {
    // The markets and every page with a list: a first visit to the markets loads only this.
    expect(chunkOf(loadError)).toBe('shared-landing');
    expect(chunkOf(list)).toBe('shared');
    // However few other pages share it: a landing page's modules come in as few files as can be.
    expect(chunkOf(ticker)).toBe('shared-landing');
  });
});

describe('chunkPlan across builds', () => {
  it('plans each chunking pass from its own graph', () => {
    const name = plan();
    expect(name(orderCard, ctx)).toBe('trading-shared');
    // A later build in which only the trade page uses the order card.
    const later = graph(main, { [trade]: [orderCard] }, { [main]: [trade, orders] });
    expect(name(orderCard, later)).toBeNull();
  });
});

describe('findCycle', () => {
  it('finds a cycle and names its chunks', () => {
    const edges = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(findCycle(edges)).toEqual(['a', 'b', 'c', 'a']);
  });

  it('finds none in a graph whose arrows all point one way', () => {
    const edges = new Map([
      ['page', ['family', 'shared']],
      ['family', ['shared', 'app']],
      ['shared', ['app']],
    ]);
    expect(findCycle(edges)).toBeNull();
  });
});
