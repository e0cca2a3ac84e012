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
