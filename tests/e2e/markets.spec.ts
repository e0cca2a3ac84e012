/**
 * The markets end to end, in Chromium at 390×844 against the real server with its simulated
 * market: live prices on the signed-out home, /markets with prices that move, the tabs, the
 * Hot Coins 'See all' dialog, a coin opening /trade, and the silent fallback to the
 * secondary price service when the exchange ticker is unreachable. Every screen with prices
 * says they are simulated (the server runs the simulated market).
 */
import { expect, test, type Locator } from '@playwright/test';
import { ALICE, signIn } from './support';

/** The text of every row of a coin list, e.g. "BTC BTC/USDT 102,051.39 −1.08%". */
async function rowTexts(list: Locator): Promise<string[]> {
  return list
    .locator('[data-symbol]')
    .evaluateAll((rows) => rows.map((row) => (row.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

/** The 24-hour change of a row's text, as a number (with the true minus sign). */
function changeOf(text: string): number {
  const match = /([+\u2212]?)(\d+\.\d{2})%$/.exec(text);
  if (!match) throw new Error(`No change in "${text}"`);
  return (match[1] === '\u2212' ? -1 : 1) * Number(match[2]);
}

test('the signed-out home shows live prices and the ways in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Create account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  const prices = page.getByRole('list', { name: 'Live prices' });
  await expect(prices.locator('[data-symbol="BTC"]')).toContainText(/\d{1,3}(,\d{3})*\.\d{2}/);
  await expect(page.getByRole('banner').getByText('Simulated prices')).toBeVisible();
});

test('markets: live prices that move, tabs, Hot Coins, and a coin opens /trade', async ({
  page,
}) => {
  const tickerRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/ticker/24hr')) tickerRequests.push(request.url());
  });
  await signIn(page, ALICE);
  await page.getByRole('link', { name: 'Markets', exact: true }).click();
  await expect(page).toHaveURL('/markets');

  const list = page.getByRole('list', { name: 'Coins', exact: true });
  await expect(list.locator('[data-symbol]').first()).toContainText(/\d\.\d{2}%/);
  // The prices are the simulated market's, and the screen says so.
  await expect(page.getByRole('banner').getByText('Simulated prices')).toBeVisible();
  const first = await rowTexts(list);
  expect(first.length).toBeGreaterThanOrEqual(20);
  // Prices move within a few seconds.
  await expect
    .poll(async () => (await rowTexts(list)).join('|'), { timeout: 8000 })
    .not.toBe(first.join('|'));
  // Only the listed coins are asked for, by the `symbols` filter.
  expect(tickerRequests.length).toBeGreaterThan(0);
  for (const url of tickerRequests) expect(new URL(url).searchParams.get('symbols')).toMatch(/^\[/);

  await page.getByRole('tab', { name: 'Gainers' }).click();
  await expect(page.getByRole('tab', { name: 'Gainers' })).toHaveAttribute('aria-selected', 'true');
  const gainers = (await rowTexts(list)).map(changeOf);
  expect(gainers.every((change) => change > 0)).toBe(true);
  expect([...gainers].sort((a, b) => b - a)).toEqual(gainers);

  await page.getByRole('tab', { name: 'Losers' }).click();
  await expect(page.getByRole('tab', { name: 'Losers' })).toHaveAttribute('aria-selected', 'true');
  const losers = (await rowTexts(list)).map(changeOf);
  expect(losers.every((change) => change < 0)).toBe(true);
  expect([...losers].sort((a, b) => a - b)).toEqual(losers);
  expect(gainers.length + losers.length).toBeLessThanOrEqual(first.length);

  await page.getByRole('tab', { name: 'All Coins' }).click();
  const strip = page.getByRole('list', { name: 'Top coins by 24h change' });
  await expect(strip.locator('[data-symbol]')).toHaveCount(5);
  await page.getByRole('button', { name: 'See all' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hot Coins', exact: true });
  await expect(dialog.locator('[data-symbol]')).toHaveCount(20);
  await expect(dialog.getByText('Simulated prices')).toBeVisible();
  const hot = (await rowTexts(dialog)).map(changeOf);
  expect([...hot].sort((a, b) => b - a)).toEqual(hot);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  const eth = list.locator('[data-symbol="ETH"]');
  await eth.click();
  await expect(page).toHaveURL('/trade');
  expect(await page.evaluate(() => (history.state as { symbol?: string } | null)?.symbol)).toBe(
    'ETHUSDT',
  );
});

test('with the exchange unreachable, prices come silently from the secondary service', async ({
  page,
}) => {
  await page.context().route('**/ticker/24hr**', (route) => route.abort('connectionrefused'));
  const priceRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/simple/price')) priceRequests.push(request.url());
  });
  await signIn(page, ALICE);
  await page.goto('/markets');
  const list = page.getByRole('list', { name: 'Coins', exact: true });
  await expect(list.locator('[data-symbol="BTC"]')).toContainText(/\d\.\d{2}%/, {
    timeout: 15_000,
  });
  await expect(page.getByText(/^Error:/)).toHaveCount(0);
  expect(priceRequests.length).toBeGreaterThan(0);
  expect(new URL(priceRequests[0] as string).searchParams.get('include_24hr_change')).toBe('true');
});

/** The figures of an accessible name that are prices: numbers with decimals, not percentages. */
function pricesIn(name: string): string[] {
  return name.match(/\d[\d,]*\.\d+(?![\d%])/g) ?? [];
}

test('coins show their own icons, an unknown coin its letter, and a price is read once', async ({
  page,
}) => {
  // An extra coin the icon package does not draw, first in the list so the home shows it.
  await page.route('**/api/getCoinList', async (route) => {
    const response = await route.fetch();
    const coins = (await response.json()) as string[];
    await route.fulfill({ response, json: ['ZZQX', ...coins] });
  });
  await signIn(page, ALICE);
  await page.goto('/markets');
  const list = page.getByRole('list', { name: 'Coins', exact: true });

  const sources: string[] = [];
  for (const symbol of ['BTC', 'BNB']) {
    const image = list.locator(`[data-symbol="${symbol}"] [data-coin-icon="${symbol}"] img`);
    await expect(image).toHaveAttribute('alt', '');
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    sources.push((await image.getAttribute('src')) ?? '');
  }
  expect(sources[0]).not.toBe(sources[1]);
  const unknown = list.locator('[data-symbol="ZZQX"] [data-coin-icon="letter"]');
  await expect(unknown).toHaveText('Z');
  await expect(unknown.locator('img')).toHaveCount(0);

  // A row's spoken name holds its price once, during a flash too; rows are no live regions.
  await expect(list.locator('[data-flash]').first()).toBeAttached({ timeout: 8000 });
  for (const symbol of ['BTC', 'ETH', 'BNB']) {
    const snapshot = await list.locator(`[data-symbol="${symbol}"]`).ariaSnapshot();
    // The snapshot's first line is the button with its spoken name: `- button "BTC ..."`.
    const name = /^- button "([^"]*)"/.exec(snapshot)?.[1] ?? '';
    expect(pricesIn(name), snapshot).toHaveLength(1);
  }
  await expect(list.locator('[aria-live]')).toHaveCount(0);
});

test('at 1280×800 the hot coins stay inside their box and the page does not scroll sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ALICE);
  await page.goto('/markets');
  const strip = page.getByRole('list', { name: 'Top coins by 24h change' });
  await expect(strip.locator('[data-symbol]')).toHaveCount(5);
  const facts = await strip.evaluate((element) => {
    const section = element.closest('section');
    if (!section) throw new Error('The strip is in no section');
    return {
      stripRight: element.getBoundingClientRect().right,
      sectionRight: section.getBoundingClientRect().right,
      fits: element.scrollWidth <= element.clientWidth,
      scrolls: ['auto', 'scroll'].includes(getComputedStyle(element).overflowX),
      pageOverflowPx: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
  expect(facts.stripRight).toBeLessThanOrEqual(facts.sectionRight + 0.5);
  expect(facts.fits || facts.scrolls).toBe(true);
  expect(facts.pageOverflowPx).toBe(0);
});
