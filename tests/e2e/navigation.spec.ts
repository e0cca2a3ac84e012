/**
 * Navigation that never surprises (issue 19): Back closes an open drawer or dialog before it
 * leaves the screen, the drawer opens only when tapped, lists keep their scroll position
 * across Back and the bottom bar, a read that fails says so within seconds, and a desktop
 * screen's width is used. In Chromium at 390×844 (and 1280×800 for the desktop).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../common/rules';
import { ALICE, apiLogin } from './support';

test.use({ serviceWorkers: 'block' });

/** Signs the tab in as Alice before any document loads. */
async function signedIn(page: Page, request: APIRequestContext): Promise<void> {
  const token = await apiLogin(request, ALICE);
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: STORAGE_KEYS.userToken,
    value: token,
  });
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('Back closes the drawer, and the drawer does not open again by itself', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await page.goto('/markets');
  const bottomBar = page.getByRole('navigation', { name: 'Main' });
  await bottomBar.getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL('/wallet');

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await page.goBack();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL('/wallet');

  // Back once more leaves the wallet: the drawer took one entry, and gave it back.
  await page.goBack();
  await expect(page).toHaveURL('/markets');
  await bottomBar.getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL('/wallet');
  await expect(page.getByText('Available balance')).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  // The screen takes taps: nothing covers it.
  await bottomBar.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL('/orders');
});

test('a drawer closed by its button gives its history entry back', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/markets');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Wallet' })
    .click();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL('/markets');
});

test('Back closes an open dialog and stays on the screen', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/markets');
  await page.getByRole('button', { name: 'See all' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hot Coins', exact: true });
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/markets');
  await expect(page.getByRole('tab', { name: 'All Coins' })).toBeVisible();
});

test('the markets keep their scroll position across Back and the bottom bar', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await page.goto('/markets');
  const list = page.getByRole('list', { name: 'Coins' });
  await expect(list.locator('[data-symbol]').nth(10)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => scrollY(page)).toBe(600);

  // A tap where the row is: Playwright's click would scroll the row into view first.
  await list.locator('[data-symbol]').nth(8).dispatchEvent('click');
  await expect(page).toHaveURL('/trade');
  await page.goBack();
  await expect(page).toHaveURL('/markets');
  await expect.poll(() => scrollY(page)).toBe(600);

  const bottomBar = page.getByRole('navigation', { name: 'Main' });
  await bottomBar.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL('/orders');
  await expect.poll(() => scrollY(page)).toBe(0);
  await bottomBar.getByRole('link', { name: 'Markets' }).click();
  await expect(page).toHaveURL('/markets');
  await expect.poll(() => scrollY(page)).toBe(600);
});

test('with every API call failing, the wallet shows its error with Try again within 5 s', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await page.route('**/api/**', (route) =>
    route.fulfill({ status: 503, json: { error: 'Service unavailable' } }),
  );
  await page.goto('/wallet');
  const main = page.locator('main');
  await expect(main.getByText('Failed to load user data.')).toBeVisible({ timeout: 5_000 });
  await expect(main.getByRole('button', { name: 'Try again' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Customer support' })).toBeVisible();

  await page.goto('/markets');
  await expect(main.getByText('Could not load the coins.')).toBeVisible({ timeout: 5_000 });
  await expect(page.getByRole('link', { name: 'Customer support' })).toBeVisible();
});

test.describe('on a desktop screen', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  /** How much of the window's width the screen's content spans. */
  const contentShare = (page: Page) =>
    page.evaluate(() => {
      let left = Infinity;
      let right = 0;
      for (const box of Array.from(document.querySelectorAll('main > *, aside'))) {
        const rect = box.getBoundingClientRect();
        if (rect.width === 0) continue;
        left = Math.min(left, rect.left);
        right = Math.max(right, rect.right);
      }
      return (right - left) / window.innerWidth;
    });

  test('the user app uses the width, with the markets beside the trade screen', async ({
    page,
    request,
  }) => {
    await signedIn(page, request);
    for (const path of ['/', '/markets', '/trade', '/wallet', '/orders']) {
      await page.goto(path);
      await expect(page.locator('main > *').first()).toBeVisible();
      expect(await contentShare(page), path).toBeGreaterThan(0.6);
    }
    await page.goto('/trade');
    const markets = page.getByRole('complementary', { name: 'Markets' });
    await expect(markets.getByRole('list', { name: 'Coins' })).toBeVisible();
    // The bottom bar is a rail at the left edge.
    const rail = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    expect(rail?.x).toBe(0);
    expect(rail?.height).toBeGreaterThan(700);

    await markets.locator('[data-symbol="ETH"]').click();
    await expect(page).toHaveURL('/trade');
    await expect(page.getByText('ETH/USDT').first()).toBeVisible();
  });
});
