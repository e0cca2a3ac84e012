/**
 * Trades close their loop, at 390×844 against the real server's simulated market: Buy and
 * Sell are on screen without scrolling; a 30 s trade placed through /trade shows its
 * countdown on screen at once and then, without a reload, its result sheet with the entry
 * and exit prices the server recorded; a trade that settles while the user is on /wallet
 * shows its result as a toast there.
 */
import { expect, test, type Page } from '@playwright/test';
import { fund, registerUser, signIn, type TestAccount } from './support';

let trader: TestAccount;

test.beforeAll(async ({ request }) => {
  trader = await registerUser(request, 'Result Tester');
  await fund(request, trader._id, '1000');
});

interface PlacedTrade {
  _id: string;
  expiresAt: string;
}

interface SettledTrade {
  tradeResult: 'win' | 'loss' | 'draw' | 'void';
  receipt: { entry: { price: string }; exit: { price: string } | null };
}

/** "67187.33000000" as the app shows a price of that size ("67,187.33"). */
function shownPrice(price: string): RegExp {
  const [whole = '0'] = price.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return new RegExp(grouped);
}

async function expectInViewport(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  if (!box) throw new Error(`${name} has no box`);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
}

/** Places a 30 s Buy of 10 USDT from /trade and answers the server's trade. */
async function placeBuy(page: Page): Promise<PlacedTrade> {
  await page.getByLabel('Amount', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Trade' });
  const created = page.waitForResponse(
    (response) => response.url().includes('/api/createTrade') && response.status() === 201,
  );
  await dialog.getByRole('button', { name: 'Confirm Buy' }).click();
  const { trade } = (await (await created).json()) as { trade: PlacedTrade };
  await expect(dialog).toBeHidden();
  return trade;
}

async function settled(page: Page, id: string): Promise<SettledTrade> {
  const token = await page.evaluate(() => localStorage.getItem('uToken'));
  const response = await page.request.get(`/api/getTradeDetails/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { trade: SettledTrade }).trade;
}

test('Buy and Sell are on screen without scrolling, and the form says profit, return and loss', async ({
  page,
}) => {
  await signIn(page, trader);
  await page.goto('/trade');
  await expect(page.getByRole('heading', { name: 'BTC/USDT' })).toBeVisible();
  await expectInViewport(page, 'Buy');
  await expectInViewport(page, 'Sell');
  await expect(
    page.getByRole('group', { name: 'Duration' }).getByRole('button').first(),
  ).toContainText(/\+\d+(\.\d+)?% profit/);
  await page.getByLabel('Amount', { exact: true }).fill('25');
  const form = page.getByRole('form', { name: 'Trade' });
  await expect(form.locator('dl > div').filter({ hasText: 'Maximum loss' })).toContainText(
    '25.00 USDT',
  );
  await expect(form.locator('dl > div').filter({ hasText: 'Profit if you win' })).toContainText(
    /\+\d+\.\d{2} USDT/,
  );
  await expect(form.locator('dl > div').filter({ hasText: 'Returned if you win' })).toContainText(
    /\d+\.\d{2} USDT/,
  );
  // The coin switcher: another listed coin without leaving /trade.
  await page.getByRole('button', { name: 'Change coin' }).click();
  await page
    .getByRole('dialog', { name: 'Choose a coin' })
    .getByRole('button', { name: /^ETH/ })
    .click();
  await expect(page).toHaveURL('/trade');
  await expect(page.getByRole('heading', { name: 'ETH/USDT' })).toBeVisible();
});

test('a 30 s trade placed on /trade counts down on screen and shows its result without a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, trader);
  await page.goto('/trade');
  await expect(page.getByRole('heading', { name: 'BTC/USDT' })).toBeVisible();
  const placed = await placeBuy(page);

  // The countdown is on screen at once, without scrolling.
  const bar = page.getByTestId('open-trade-bar');
  const timer = bar.getByRole('timer');
  await expect(timer).toHaveText(/^00:00:[0-3]\d$/);
  const box = await timer.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(844);
  await expect(bar).toContainText(/now \(live price\)/);

  const sheet = page.getByRole('dialog', { name: /^(You won|You lost|Draw|Void)/ });
  await expect(sheet).toBeVisible({ timeout: 60_000 });
  const trade = await settled(page, placed._id);
  const title = { win: 'You won', loss: 'You lost', draw: 'Draw', void: 'Void' }[trade.tradeResult];
  await expect(sheet).toContainText(title);
  const entryRow = sheet.locator('dl > div').filter({ hasText: 'Entry price' });
  await expect(entryRow).toContainText(shownPrice(trade.receipt.entry.price));
  await expect(entryRow).toContainText(/\d{2}:\d{2}:\d{2}/);
  if (trade.receipt.exit) {
    const exitRow = sheet.locator('dl > div').filter({ hasText: 'Exit price' });
    await expect(exitRow).toContainText(shownPrice(trade.receipt.exit.price));
    await expect(exitRow).toContainText(/\d{2}:\d{2}:\d{2}/);
  }
  await expect(sheet.locator('dl > div').filter({ hasText: 'Returned' })).toContainText(/USDT/);
  await expect(sheet.getByRole('link', { name: 'View receipt' })).toHaveAttribute(
    'href',
    `/order/${placed._id}`,
  );
  await sheet.getByRole('button', { name: 'Trade again' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('heading', { name: 'BTC/USDT' })).toBeVisible();
});

test('a trade that settles while the user is on /wallet shows its result as a toast', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, trader);
  await page.goto('/trade');
  await expect(page.getByRole('heading', { name: 'BTC/USDT' })).toBeVisible();
  await placeBuy(page);
  await page.getByRole('link', { name: 'Wallet', exact: true }).click();
  await expect(page).toHaveURL('/wallet');
  await expect(
    page.getByRole('status').filter({ hasText: /^BTC\/USDT(: (draw|void)| Buy (won|lost))/ }),
  ).toBeVisible({ timeout: 60_000 });
});
