/**
 * A withdrawal is reviewed before it is sent, at 390×844 against the real server with demo
 * data: the form's button opens the review and sends nothing; Cancel returns to the form with
 * its values; 'Confirm withdrawal' sends exactly one request. And the demo TRON method's
 * instructions show in the reader's language.
 */
import { expect, test, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../common/rules';
import { ALICE, signIn } from './support';

const TRC20_ADDRESS = 'TQ5N6aP7xJzWb1m4Hs3vKd8eR2cYfL9uGt';

/** Counts the page's create-withdrawal requests from now on. */
function countCreateWithdraw(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/createWithdraw') {
      count += 1;
    }
  });
  return () => count;
}

async function openTronCheckout(page: Page): Promise<void> {
  await page.goto('/withdraw');
  await page.getByRole('link', { name: /Tether USDT\s*TRC20/ }).click();
  await expect(page).toHaveURL(/\/withdraw\/checkout\//);
}

test('a withdrawal sends no request until its review is confirmed, then exactly one', async ({
  page,
}) => {
  const sent = countCreateWithdraw(page);
  await signIn(page, ALICE);
  await openTronCheckout(page);
  await page.getByLabel('Amount').fill('20');
  await page.getByLabel('Wallet Address').fill(TRC20_ADDRESS);
  await page.getByRole('button', { name: 'withdraw' }).click();

  const review = page.getByRole('dialog', { name: 'Review withdrawal' });
  await expect(review).toBeVisible();
  await expect(review.getByText('Tether USDT (TRC20)')).toBeVisible();
  // The address in groups of four, and the exact address when it is copied.
  await expect(review.getByText('TQ5N', { exact: true })).toBeVisible();
  const grouped = review.getByLabel('Wallet Address');
  expect(await grouped.evaluate((element) => element.textContent)).toBe(TRC20_ADDRESS);
  await expect(review).toContainText('20.00 USDT');
  await expect(review).toContainText('0.2000 USDT');
  await expect(review).toContainText('19.8000 USDT');
  await expect(review).toContainText('cannot be reversed');
  expect(sent()).toBe(0);

  // Cancel: back to the form with everything kept, still nothing sent.
  await review.getByRole('button', { name: 'Cancel' }).click();
  await expect(review).toBeHidden();
  await expect(page.getByLabel('Amount')).toHaveValue('20');
  await expect(page.getByLabel('Wallet Address')).toHaveValue(TRC20_ADDRESS);
  expect(sent()).toBe(0);

  await page.getByRole('button', { name: 'withdraw' }).click();
  await review.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByText('Withdraw request submitted!')).toBeVisible();
  await expect(page).toHaveURL(/\/withdraw\/log\/[^/]+$/);
  expect(sent()).toBe(1);
});

test('the German withdraw screen shows the TRON method’s German instructions', async ({ page }) => {
  await signIn(page, ALICE);
  // The app reads the language at start: the next page load is in German.
  await page.evaluate(([key, language]) => localStorage.setItem(key, language), [
    STORAGE_KEYS.language,
    'de',
  ] as const);
  await openTronCheckout(page);
  await expect(page.getByText('Wird innerhalb von 30 Minuten nach der Freigabe')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByText('Sent on the TRON network')).toHaveCount(0);
});
