/**
 * The header's tools (docs/product.md §1, §2): the app is in English until the user picks another
 * language, whatever the browser's language (which is only offered, in that language); and
 * the customer-support button is there from the first frame and opens the chat link of the
 * site settings in a new tab.
 */
import { expect, test } from '@playwright/test';

// Requests answered by a service worker never reach `page.route`.
test.use({ serviceWorkers: 'block' });

/** The demo's WhatsApp link (server/seed/demo-data.ts). */
const DEMO_CHAT_LINK = 'https://wa.me/15550100100';

test.describe('a browser whose language is German', () => {
  test.use({ locale: 'de-DE' });

  test('gets English until the user picks German, and German after a reload', async ({ page }) => {
    expect(await page.evaluate(() => navigator.language)).toBe('de-DE');
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const offer = page.getByTestId('language-suggestion');
    await expect(offer).toContainText('Deutsch verfügbar — wechseln?');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

    await page.getByLabel('Language').selectOption('de');
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
    await expect(offer).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(offer).toBeHidden();
  });

  test('takes the offer with one tap, and a declined offer is not made again', async ({ page }) => {
    await page.goto('/signin');
    const offer = page.getByTestId('language-suggestion');
    await offer.getByRole('button', { name: 'Wechseln' }).click();
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
    await expect(offer).toBeHidden();

    // A new visitor on this browser: the choice forgotten.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await offer.getByRole('button', { name: 'Nein, danke' }).click();
    await expect(offer).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(offer).toBeHidden();
  });
});

test('an English browser is offered no other language', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByTestId('language-suggestion')).toHaveCount(0);
});

test('the support button is there while the settings load, then opens the chat link in a new tab', async ({
  page,
  context,
}) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/getSiteSetting', async (route) => {
    await released;
    await route.fallback();
  });
  await page.goto('/signin');
  const support = page.getByRole('link', { name: 'Customer support' });
  await expect(support).toBeVisible();
  // Until the link is known, the help page (support too).
  await expect(support).toHaveAttribute('href', '/helpline');
  const placeBefore = await support.boundingBox();

  release();
  await expect(support).toHaveAttribute('href', DEMO_CHAT_LINK);
  await expect(support).toHaveAttribute('target', '_blank');
  await expect(support).toHaveAttribute('rel', 'noopener noreferrer');
  expect(await support.boundingBox()).toEqual(placeBefore);

  await context.route(`${DEMO_CHAT_LINK}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Chat</title>' }),
  );
  const [chat] = await Promise.all([context.waitForEvent('page'), support.click()]);
  await expect.poll(() => chat.url()).toContain('wa.me/15550100100');
  await expect(page).toHaveURL('/signin');
});

test('the support button opens the help page when the settings cannot be read', async ({
  page,
}) => {
  await page.route('**/api/getSiteSetting', (route) =>
    route.fulfill({ status: 503, json: { error: 'Service unavailable' } }),
  );
  await page.goto('/signin');
  const support = page.getByRole('link', { name: 'Customer support' });
  await expect(support).toHaveAttribute('href', '/helpline');
  await support.click();
  await expect(page).toHaveURL('/helpline');
});
