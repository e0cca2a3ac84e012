/**
 * A timed trade end to end, in Chromium at 390×844 against the real server with its
 * simulated market: Markets → a coin → /trade with that pair and a moving price; a 30 s Buy
 * of 10 USDT confirmed with its stake and payout; the stake held (the header's balance drops
 * by 10.00); the open trade counting down; settlement within the window; the order Completed
 * on /orders and its receipt on /order/:id. Then, through the page's own token, the outcome
 * is re-derived here from the server's recorded ticks, independently of the app's code: the
 * entry tick, the first tick at or after expiry, the rule (buy wins when exit > entry, equal
 * is a draw), the payout floor(stake × percent ÷ 100), and the balance moved by exactly
 * tradeAfterAmount − stake.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  detailRow,
  fund,
  micros,
  registerUser,
  shown,
  signIn as signInAs,
  typed,
  type TestAccount,
  apiLogin,
} from './support';

/**
 * A trader of this file's own, funded by an admin adjustment: trades settle in the
 * background, so a shared demo account's balance would move under other files' tests.
 */
let trader: TestAccount;
const TRADER_FUNDING_USDT = '1000';

test.beforeAll(async ({ request }) => {
  trader = await registerUser(request, 'Trade Tester');
  await fund(request, trader._id, TRADER_FUNDING_USDT);
});

interface TickRef {
  price: string;
  at: string;
  source: string;
}

interface Trade {
  _id: string;
  coinType: string;
  tradeType: 'buy' | 'sell';
  tradeAmount: string;
  coinPrice: string;
  payoutPercent: string;
  tradeStatus: 'Pending' | 'Completed';
  tradeResult: 'win' | 'loss' | 'draw' | 'void' | null;
  tradeAfterAmount: string | null;
  createdAt: string;
  expiresAt: string;
  receipt: {
    entry: TickRef;
    exit: TickRef | null;
    rule: string;
    windowS: number;
    voidReason: string | null;
  } | null;
}

const signIn = (page: Page) => signInAs(page, trader);

/** Compares two non-negative decimal prices exactly: −1, 0 or 1. */
function comparePrices(a: string, b: string): number {
  const [aWhole = '0', aFraction = ''] = a.split('.');
  const [bWhole = '0', bFraction = ''] = b.split('.');
  const places = Math.max(aFraction.length, bFraction.length);
  const x = BigInt(aWhole + aFraction.padEnd(places, '0'));
  const y = BigInt(bWhole + bFraction.padEnd(places, '0'));
  return x === y ? 0 : x > y ? 1 : -1;
}

/** The balance in the header, in micro-USDT ("$1,234.50" → 1234500000). */
async function headerBalance(page: Page): Promise<bigint> {
  const text = await page
    .getByRole('banner')
    .getByText(/^\$[\d,]+\.\d{2}$/)
    .textContent();
  return micros((text ?? '').replace(/[$,]/g, ''));
}

test('a 30 s Buy of 10 USDT is confirmed, held, settled from the recorded ticks and paid exactly', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem('uToken'));
  expect(token).toBeTruthy();
  const auth = { authorization: `Bearer ${token}` };
  const userBefore = await page.request.get('/api/getUserById', { headers: auth });
  const balanceBefore = micros(
    ((await userBefore.json()) as { user: { balance: string } }).user.balance,
  );
  const configResponse = await page.request.get('/api/config');
  const config = (await configResponse.json()) as {
    trading: { durations: { selectedTime: string; payoutPercent: string }[] };
  };
  const payout30 = config.trading.durations.find((d) => d.selectedTime === 'trade30Second');
  if (!payout30) throw new Error('no 30 s duration in the config');
  const stake = micros('10');
  const payoutMicroPercent = micros(payout30.payoutPercent);
  const winBack = stake + (stake * payoutMicroPercent) / 100_000_000n;

  // Markets → ETH opens /trade with that pair, whose price moves.
  await page.getByRole('link', { name: 'Markets', exact: true }).click();
  await page
    .getByRole('list', { name: 'Coins', exact: true })
    .locator('[data-symbol="ETH"]')
    .click();
  await expect(page).toHaveURL('/trade');
  await expect(page.getByRole('heading', { name: 'ETH/USDT' })).toBeVisible();
  // The server simulates prices: the screen says so.
  await expect(page.getByRole('banner').getByText('Simulated prices')).toBeVisible();
  const price = page.getByTestId('live-price');
  await expect(price).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2,8}$/);
  const firstPrice = await price.textContent();
  await expect.poll(() => price.textContent(), { timeout: 10_000 }).not.toBe(firstPrice);
  await expect(page.getByRole('img', { name: 'Price chart of the last 5 minutes' })).toBeVisible();
  await expect(page.locator('canvas').first()).toBeVisible();
  expect(await headerBalance(page)).toBe(balanceBefore);

  // The form: 30 s shows its payout; 10 USDT; Buy opens the confirmation with the figures.
  const percent = payout30.payoutPercent.replace(/\.?0+$/, '');
  const thirty = page.getByRole('group', { name: 'Duration' }).getByRole('button').first();
  await expect(thirty).toContainText('30s');
  await expect(thirty).toContainText(`${percent}%`);
  await expect(thirty).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Amount', { exact: true }).fill('10');
  await expect(detailRow(page, 'Returned if you win')).toContainText(`${shown(winBack)} USDT`);
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Trade' });
  await expect(dialog).toBeVisible();
  await expect(detailRow(page, 'Stake')).toContainText('10.00 USDT');
  await expect(detailRow(page, 'Direction')).toContainText('Buy (up)');
  await expect(detailRow(page, 'Duration')).toContainText('30 seconds');
  await expect(dialog.locator('dl > div').filter({ hasText: 'Profit if you win' })).toContainText(
    `${percent}%`,
  );
  await expect(dialog.getByText('Simulated prices')).toBeVisible();
  await expect(dialog.locator('dl > div').filter({ hasText: 'Returned if you win' })).toContainText(
    `${shown(winBack)} USDT`,
  );
  const created = page.waitForResponse(
    (response) => response.url().includes('/api/createTrade') && response.status() === 201,
  );
  await dialog.getByRole('button', { name: 'Confirm Buy' }).click();
  const { trade: placed } = (await (await created).json()) as { trade: Trade };
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Trade placed!')).toBeVisible();
  expect(placed.tradeStatus).toBe('Pending');
  expect(placed.tradeAmount).toBe('10.000000');
  expect(placed.payoutPercent).toBe(payout30.payoutPercent);

  // The stake is held at once: the header's balance drops by exactly 10.00.
  await expect.poll(() => headerBalance(page)).toBe(balanceBefore - stake);
  const card = page.locator(`a[href="/order/${placed._id}"]`);
  await expect(card).toContainText('Market BUY');
  await expect(card.getByRole('timer')).toHaveText(/^00:00:[0-3]\d$/);
  const shownFirst = await card.getByRole('timer').textContent();
  await expect.poll(() => card.getByRole('timer').textContent()).not.toBe(shownFirst);

  // After expiry (30 s) and the settlement window, /orders shows it Completed.
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL('/orders');
  await expect(page.getByRole('tab', { name: 'All Orders' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // By the card's trade id: the result sheet's 'View receipt' links to the same receipt.
  const orderCard = page.locator(`a[data-trade-id="${placed._id}"]`);
  await expect(orderCard).toContainText(/Gain|Loss|Draw — stake refunded|Void — stake refunded/, {
    timeout: 45_000,
  });
  // Its result sheet opens here on /orders (trade-results.spec.ts checks it); closed with Escape.
  const resultSheet = page.getByRole('dialog', { name: /^(You won|You lost|Draw|Void)/ });
  await expect(resultSheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(resultSheet).toBeHidden();
  await page.getByRole('tab', { name: 'Completed' }).click();
  await expect(page.locator(`a[href="/order/${placed._id}"]`)).toBeVisible();
  await page.getByRole('tab', { name: 'Pending' }).click();
  await expect(page.locator(`a[href="/order/${placed._id}"]`)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Completed' }).click();
  await page.locator(`a[href="/order/${placed._id}"]`).click();
  await expect(page).toHaveURL(`/order/${placed._id}`);
  await expect(page.getByRole('heading', { name: 'Settlement receipt' })).toBeVisible();
  await expect(detailRow(page, 'Status')).toContainText('Completed');
  await expect(
    page.getByText(/^Buy wins when the exit price is above the entry price/),
  ).toBeVisible();

  // The outcome, re-derived from the recorded ticks.
  const detailResponse = await page.request.get(`/api/getTradeDetails/${placed._id}`, {
    headers: auth,
  });
  expect(detailResponse.ok()).toBe(true);
  const { trade } = (await detailResponse.json()) as { trade: Trade };
  expect(trade.tradeStatus).toBe('Completed');
  const receipt = trade.receipt;
  if (!receipt) throw new Error('a completed trade without its receipt');
  expect(receipt.entry.price).toBe(trade.coinPrice);
  const sinceMs = Date.parse(trade.createdAt) - 10_000;
  const ticksResponse = await page.request.get(`/api/getMarketTicks/ETH?sinceMs=${sinceMs}`, {
    headers: auth,
  });
  expect(ticksResponse.ok()).toBe(true);
  const { ticks } = (await ticksResponse.json()) as { ticks: { at: string; price: string }[] };
  const entryTick = ticks.find((tick) => tick.at === receipt.entry.at);
  expect(entryTick?.price).toBe(receipt.entry.price);
  // The entry is the newest tick when the trade was accepted.
  expect(Date.parse(receipt.entry.at)).toBeLessThanOrEqual(Date.parse(trade.createdAt));
  const expiresMs = Date.parse(trade.expiresAt);
  const exitTick = ticks.find(
    (tick) =>
      Date.parse(tick.at) >= expiresMs && Date.parse(tick.at) <= expiresMs + receipt.windowS * 1000,
  );
  let expected: Trade['tradeResult'];
  if (!exitTick) {
    expected = 'void';
    expect(receipt.exit).toBeNull();
  } else {
    expect(receipt.exit?.at).toBe(exitTick.at);
    expect(receipt.exit?.price).toBe(exitTick.price);
    const move = comparePrices(exitTick.price, receipt.entry.price);
    expected = move > 0 ? 'win' : move < 0 ? 'loss' : 'draw';
  }
  expect(trade.tradeResult).toBe(expected);
  const returned = expected === 'win' ? winBack : expected === 'loss' ? 0n : stake;
  expect(micros(trade.tradeAfterAmount ?? 'missing')).toBe(returned);

  // The wallet moved by exactly tradeAfterAmount − stake, and the header shows it.
  const userAfter = await page.request.get('/api/getUserById', { headers: auth });
  const balanceAfter = micros(
    ((await userAfter.json()) as { user: { balance: string } }).user.balance,
  );
  expect(balanceAfter - balanceBefore).toBe(returned - stake);
  await expect.poll(() => headerBalance(page)).toBe(balanceAfter);

  // The screen says the same: the result and, unless void, the exit price.
  const resultWord = { win: 'Win', loss: 'Loss', draw: 'Draw', void: 'Void' }[expected];
  await expect(detailRow(page, 'Result')).toContainText(resultWord);
  if (expected !== 'void') {
    await expect(detailRow(page, 'Returned')).toContainText(`${shown(returned)} USDT`);
  }
});

test('an amount above the balance is set back to it, and below the minimum is refused', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/trade');
  await expect(page.getByRole('heading', { name: 'BTC/USDT' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('uToken'));
  const me = await page.request.get('/api/getUserById', {
    headers: { authorization: `Bearer ${token}` },
  });
  const balance = micros(((await me.json()) as { user: { balance: string } }).user.balance);
  await page.getByLabel('Amount', { exact: true }).fill('99999999');
  await expect(page.getByText('Amount exceeds your available balance.')).toBeVisible();
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue(typed(balance));
  await page.getByLabel('Amount', { exact: true }).fill('1');
  await page.getByRole('button', { name: 'Sell', exact: true }).click();
  await expect(page.getByText('Minimum trade amount is 10.00 USDT')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

async function adminSettings(page: Page, body: Record<string, unknown>) {
  const token = await apiLogin(page.request, ADMIN);
  const response = await page.request.put('/api/updateSiteSetting', {
    data: body,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
}

test('a payout changed after review is shown for a new confirmation, never sent unconfirmed', async ({
  page,
}) => {
  await adminSettings(page, { payouts: { trade30Second: '80' } });
  try {
    await signIn(page);
    await page.goto('/trade');
    await page.getByLabel('Amount', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Trade' });
    await expect(dialog.locator('dl > div').filter({ hasText: 'Profit if you win' })).toContainText(
      '80%',
    );

    // The published payout changes while the user reads the dialog.
    await adminSettings(page, { payouts: { trade30Second: '75' } });
    const answers: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/createTrade')) answers.push(response.status());
    });
    await dialog.getByRole('button', { name: 'Confirm Buy' }).click();
    await expect(
      dialog.getByText(
        'The payout changed from 80% to 75%. Check the new figures and confirm again.',
      ),
    ).toBeVisible();
    await expect(dialog.locator('dl > div').filter({ hasText: 'Profit if you win' })).toContainText(
      '75%',
    );
    await expect(
      dialog.locator('dl > div').filter({ hasText: 'Returned if you win' }),
    ).toContainText('17.50 USDT');
    expect(answers).toEqual([409]);

    const created = page.waitForResponse(
      (response) => response.url().includes('/api/createTrade') && response.status() === 201,
    );
    await dialog.getByRole('button', { name: 'Confirm Buy' }).click();
    const { trade } = (await (await created).json()) as { trade: Trade };
    expect(trade.payoutPercent).toBe('75.000000');
    await expect(dialog).toBeHidden();
  } finally {
    await adminSettings(page, { payouts: { trade30Second: '80' } });
  }
});

test('with trading turned off, /trade says so and the buttons are disabled', async ({ page }) => {
  await adminSettings(page, { tradingEnabled: false });
  try {
    await signIn(page);
    await page.goto('/trade');
    await expect(
      page.getByText('Trading is turned off at the moment. Please try again later.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Sell', exact: true })).toBeDisabled();
  } finally {
    await adminSettings(page, { tradingEnabled: true });
  }
});
