/**
 * The route tour covers the route table exactly: a route added to src/app/route-table.ts
 * without a tour stop (or a stop left behind by a removed route) fails here, so the
 * screenshots, the layout spec and the accessibility spec keep seeing every screen. The
 * table is read as source: importing it would run Lingui's macros outside the build.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { TOUR_ROUTES, stopName, type TourAccess } from './route-tour';

const TABLE = fileURLToPath(new URL('../../src/app/route-table.ts', import.meta.url));

/** How each access of the route table is toured. */
const TOURED_AS: Record<string, TourAccess> = {
  public: 'none',
  guest: 'none',
  user: 'user',
  admin: 'admin',
};

/** `path → access` of every route: the helper calls (`tab(`, `user(`, `admin(`) and literals. */
function tableRoutes(): Map<string, string> {
  const source = readFileSync(TABLE, 'utf8');
  const routes = new Map<string, string>();
  const call = /\b(tab|user|admin)\(\s*'([^']+)'/g;
  for (const [, helper = '', route = ''] of source.matchAll(call)) {
    routes.set(route, helper === 'admin' ? 'admin' : 'user');
  }
  const literal = /\bpath:\s*'([^']+)',\s*access:\s*'(\w+)'/g;
  for (const [, route = '', access = ''] of source.matchAll(literal)) routes.set(route, access);
  return routes;
}

test('the route tour visits every route of the route table, as its access requires', () => {
  const table = tableRoutes();
  // The reader itself must still understand the table: the first and last routes.
  expect(table.get('/')).toBe('public');
  expect(table.get('*')).toBe('public');
  expect(table.get('/admin/audit')).toBe('admin');

  const toured = new Map(TOUR_ROUTES.map((stop) => [stop.route, stop.access]));
  const expected = new Map([...table].map(([route, access]) => [route, TOURED_AS[access]]));
  expect(Object.fromEntries(toured), 'route → access, tour vs. route table').toEqual(
    Object.fromEntries(expected),
  );
  expect(TOUR_ROUTES.length, 'each route once').toBe(toured.size);
  const names = TOUR_ROUTES.map((stop) => stopName(stop.route));
  expect(new Set(names).size, 'stop names are unique').toBe(names.length);
});
