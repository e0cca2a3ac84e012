/**
 * Practice mode at 390×844 (issue 21, part 1): a brand-new user, with no deposit, no KYC
 * and no risk acknowledgement, switches /trade to Practice, sees the practice balance in the
 * header (amber, labelled), places a 30 s practice Buy through the same form and
 * confirmation (each marked Practice), and sees it settle on /orders under Practice, never
 * under Real; the real balance stays 0.00 throughout. The refill is offered only below
 * 10,000 and then waits for the next UTC day. Screenshots at 390×844 and 1280×800, in English
 * and German, go to SHOTS_DIR; axe finds nothing serious on /trade and /orders in Practice.
 */
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { STORAGE_KEYS, type Language } from '../../common/rules';
import { bearer, registerUser, signIn } from './support';

const SHOTS = process.env.SHOTS_DIR ?? path.join(os.tmpdir(), 'shots-practice');

interface UserView {
  balance: string;
  practiceBalance: string;
  practiceRefillAt: string | null;
}

async function userView(page: Page, token: string): Promise<UserView> {
  const response = await page.request.get('/api/getUserById', { headers: bearer(token) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { user: UserView }).user;
}

interface SettledTrade {
  tradeStatus: string;
  tradeAfterAmount: string | null;
  receipt: { account?: string } | null;
}

async function seriousFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function headerBalance(page: Page) {
  return page.getByRole('banner').getByTestId('header-balance');
}

test('a new user places and settles a practice trade with no deposit, KYC or acknowledgement', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const account = await registerUser(page.request, 'Practice Trader', { unacknowledged: true });
  await signIn(page, account);
  await page.goto('/trade');
  await expect(headerBalance(page)).toHaveText(/\$0\.00/);

  // Practice on: the header shows the practice balance, labelled; the form says Practice.
  const practiceSwitch = page
    .getByRole('group', { name: 'Real or practice money' })
    .getByRole('button', { name: 'Practice' });
  await practiceSwitch.click();
  await expect(practiceSwitch).toHaveAttribute('aria-pressed', 'true');
  await expect(headerBalance(page)).toHaveText(/Practice\s*\$10,000\.00/);
  const balanceCard = page.getByTestId('practice-balance');
  await expect(balanceCard).toContainText('10,000.00 USDT');
  await expect(balanceCard.getByRole('button', { name: 'Refill to 10,000' })).toBeDisabled();
  const form = page.getByRole('form', { name: 'Practice trade' });
  await expect(form).toContainText('Practice money: no real money is at stake.');
  await page.screenshot({ path: path.join(SHOTS, 'practice-trade-390.png'), fullPage: true });

  // The switch is kept across a reload.
  await page.reload();
  await expect(practiceSwitch).toHaveAttribute('aria-pressed', 'true');

  await page.getByLabel('Amount', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Trade' });
  await expect(dialog.getByTestId('confirm-practice')).toContainText(
    'Practice trade: it stakes your practice balance, not USDT.',
  );
  await page.screenshot({ path: path.join(SHOTS, 'practice-confirm-390.png') });
  const created = page.waitForResponse(
    (response) => response.url().includes('/api/createTrade') && response.status() === 201,
  );
  await dialog.getByRole('button', { name: 'Confirm Buy' }).click();
  const placedResponse = await created;
  expect(placedResponse.request().postDataJSON()).toMatchObject({ account: 'practice' });
  const { trade: placed } = (await placedResponse.json()) as {
    trade: { _id: string; account?: string };
  };
  expect(placed.account).toBe('practice');
  await expect(dialog).toBeHidden();
  await expect(headerBalance(page)).toHaveText(/Practice\s*\$9,990\.00/);
  const openCard = page.locator(`a[data-trade-id="${placed._id}"]`);
  await expect(openCard.getByTestId('practice-badge')).toBeVisible();

  // /orders keeps Practice on and shows the trade settling there.
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL('/orders');
  await expect(practiceSwitch).toHaveAttribute('aria-pressed', 'true');
  const orderCard = page.locator(`a[data-trade-id="${placed._id}"]`);
  await expect(orderCard).toContainText(/Gain|Loss|Draw — stake refunded|Void — stake refunded/, {
    timeout: 60_000,
  });
  const resultSheet = page.getByRole('dialog', { name: /^(You won|You lost|Draw|Void)/ });
  await expect(resultSheet).toBeVisible();
  await expect(resultSheet.getByTestId('practice-badge')).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'practice-result-390.png') });
  await page.keyboard.press('Escape');
  await expect(resultSheet).toBeHidden();

  // The real money never moved, and the real list does not show the practice trade.
  const after = await userView(page, account.token);
  expect(after.balance).toBe('0.000000');
  // Settled by the same rule as a real trade: the practice balance moved by exactly what the
  // trade returned minus its stake.
  const detail = await page.request.get(`/api/getTradeDetails/${placed._id}`, {
    headers: bearer(account.token),
  });
  const settled = ((await detail.json()) as { trade: SettledTrade }).trade;
  expect(settled.tradeStatus).toBe('Completed');
  expect(settled.receipt?.account).toBe('practice');
  const returnedCents = Math.round(Number(settled.tradeAfterAmount) * 100);
  expect(Math.round(Number(after.practiceBalance) * 100)).toBe(1_000_000 - 1_000 + returnedCents);
  await page
    .getByRole('group', { name: 'Real or practice money' })
    .getByRole('button', { name: 'Real' })
    .click();
  await expect(headerBalance(page)).toHaveText(/\$0\.00/);
  await expect(page.locator(`a[data-trade-id="${placed._id}"]`)).toHaveCount(0);
  await practiceSwitch.click();
  await expect(page.locator(`a[data-trade-id="${placed._id}"]`)).toBeVisible();

  // The refill: offered only below 10,000, then closed until the next UTC day.
  const refill = balanceCard.getByRole('button', { name: 'Refill to 10,000' });
  if (Number(after.practiceBalance) < 10_000) {
    await expect(refill).toBeEnabled();
    await refill.click();
    await expect(page.getByText('Practice balance refilled to 10,000.')).toBeVisible();
    await expect(headerBalance(page)).toHaveText(/Practice\s*\$10,000\.00/);
    await expect(refill).toBeDisabled();
    await expect(balanceCard).toContainText('Next refill from');
    expect((await userView(page, account.token)).practiceRefillAt).not.toBeNull();
  } else {
    await expect(refill).toBeDisabled();
  }
  await page.screenshot({ path: path.join(SHOTS, 'practice-orders-390.png'), fullPage: true });
});

async function useLanguage(page: Page, language: Language, token: string) {
  await page.addInitScript(
    ([langKey, lang, tokenKey, userToken, accountKey]) => {
      if (!location.protocol.startsWith('http')) return;
      localStorage.setItem(langKey!, lang!);
      localStorage.setItem(tokenKey!, userToken!);
      localStorage.setItem(accountKey!, 'practice');
    },
    [
      STORAGE_KEYS.language,
      language,
      STORAGE_KEYS.userToken,
      token,
      STORAGE_KEYS.tradeAccount,
    ] as const,
  );
}

for (const language of ['en', 'de'] as const) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`practice screens in ${language} at ${viewport.width}×${viewport.height}`, async ({
      page,
    }) => {
      const account = await registerUser(page.request, 'Practice Look', { unacknowledged: true });
      await page.setViewportSize(viewport);
      await useLanguage(page, language, account.token);
      await page.goto('/trade');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const label = language === 'de' ? 'Übung' : 'Practice';
      await expect(headerBalance(page)).toContainText(label);
      await expect(page.getByTestId('practice-balance')).toBeVisible();
      await expect(page.getByTestId('live-price')).toBeVisible();
      await expect(page.locator('form').getByTestId('practice-badge')).toBeVisible();
      await page.screenshot({
        path: path.join(SHOTS, `practice-trade-${language}-${viewport.width}.png`),
        fullPage: true,
      });
      expect(await seriousFindings(page)).toEqual([]);
      await page.goto('/orders');
      await expect(page.getByTestId('practice-balance')).toBeVisible();
      await page.screenshot({
        path: path.join(SHOTS, `practice-orders-${language}-${viewport.width}.png`),
        fullPage: true,
      });
      expect(await seriousFindings(page)).toEqual([]);
    });
  }
}
