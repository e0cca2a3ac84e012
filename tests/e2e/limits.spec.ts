/**
 * Limits users set (issue 21) in Chromium at 390×844: the risk acknowledgement a first real
 * trade asks for, once, after which the confirmed trade is placed; a daily loss limit set on
 * Settings → Trading limits and hit on /trade, the refusal saying until when; no serious or
 * critical axe finding on the limits page and the sheet. Screenshots of the new screens in
 * English and German go to SHOTS_DIR when it is set.
 */
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, fund, registerUser, signIn } from './support';

const SHOTS_DIR = process.env.SHOTS_DIR;

/** Waits for the page's finite animations (a sheet sliding in) to end. */
async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** A screenshot once animations have ended; a dialog's as the phone shows it (no full page). */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!SHOTS_DIR) return;
  await animationsEnded(page);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage });
}

/**
 * No serious or critical axe finding on the page once it is still: a sheet caught sliding in
 * is half transparent, and its colours then read as too faint.
 */
async function expectAccessible(page: Page): Promise<void> {
  await animationsEnded(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking).toEqual([]);
}

/** Types a stake on /trade, taps Buy and confirms it. */
async function buy(page: Page, amount: string): Promise<void> {
  await page.getByLabel('Amount', { exact: true }).fill(amount);
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Trade' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm Buy' }).click();
}

test('a first real trade asks to acknowledge the risk once, then places the trade', async ({
  page,
}) => {
  const account = await registerUser(page.request, 'First Trader', { unacknowledged: true });
  await fund(page.request, account._id, '200');
  await signIn(page, account);
  await page.goto('/trade');
  await buy(page, '10');

  const sheet = page.getByRole('dialog', { name: 'Before your first trade' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('Each trade can lose its whole stake');
  await expect(sheet.getByRole('link', { name: 'Trading limits' })).toHaveAttribute(
    'href',
    '/settings/limits',
  );
  await expectAccessible(page);
  await shot(page, 'risk-sheet-en', false);

  const created = page.waitForResponse(
    (response) => response.url().includes('/api/createTrade') && response.status() === 201,
  );
  await sheet.getByRole('button', { name: 'I understand the risks' }).click();
  await created;
  await expect(sheet).toBeHidden();
  await expect(page.getByText('Trade placed!')).toBeVisible();

  // Once: the next trade goes straight through.
  await buy(page, '10');
  await expect(page.getByRole('dialog', { name: 'Confirm Trade' })).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Before your first trade' })).toHaveCount(0);

  // The sheet in German, for a second new account.
  const second = await registerUser(page.request, 'Zweite Person', { unacknowledged: true });
  await fund(page.request, second._id, '50');
  await page.evaluate(() => localStorage.clear());
  await signIn(page, second);
  await page.evaluate(() => localStorage.setItem('lang', 'de'));
  await page.goto('/trade');
  await page.getByLabel('Betrag', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Kaufen', exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Kauf bestätigen/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Vor deinem ersten Trade' })).toBeVisible();
  await shot(page, 'risk-sheet-de', false);
});

test('a daily loss limit set on the limits page refuses the trade that could pass it', async ({
  page,
}) => {
  const account = await registerUser(page.request, 'Limited Trader');
  await fund(page.request, account._id, '500');
  await signIn(page, account);

  await page.goto('/settings');
  await page.getByRole('link', { name: 'Trading limits' }).click();
  await expect(page).toHaveURL('/settings/limits');
  await page.getByLabel('Loss limit per day').fill('15');
  await page.getByLabel('Session reminder').selectOption('15');
  await page.getByRole('button', { name: 'Save limits' }).click();
  await expect(page.getByText('Limits saved.')).toBeVisible();
  await expect(page.getByText(/Used 0\.00 of 15\.00 USDT · resets/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'trading-limits-en');

  // Raising it waits 24 h, and the page says from when.
  await page.getByLabel('Loss limit per day').fill('50');
  await page.getByRole('button', { name: 'Save limits' }).click();
  await expect(page.getByText('A raised or removed limit applies after 24 hours.')).toBeVisible();
  await expect(page.getByText(/50\.00 USDT from /)).toBeVisible();
  await expect(page.getByLabel('Loss limit per day')).toHaveValue('15');

  // 10 open (counted as lost) + 10 would pass 15: refused, saying until when.
  await page.goto('/trade');
  await expect(page.getByTestId('session-line')).toContainText('Session');
  await buy(page, '10');
  await expect(page.getByText('Trade placed!')).toBeVisible();
  await buy(page, '10');
  const dialog = page.getByRole('dialog', { name: 'Confirm Trade' });
  await expect(dialog).toContainText('This trade could take your losses past a loss limit you set');
  await expect(dialog).toContainText(/The limit resets at \w+/);
  await shot(page, 'loss-limit-refused-en', false);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The limits page in German.
  await page.evaluate(() => localStorage.setItem('lang', 'de'));
  await page.goto('/settings/limits');
  await expect(page.getByLabel('Verlustlimit pro Tag')).toHaveValue('15');
  await expectAccessible(page);
  await shot(page, 'trading-limits-de');
});

test('the session reminder shows the session on /trade, and Stop leaves the trade screens', async ({
  page,
}) => {
  const account = await registerUser(page.request, 'Reminded Trader');
  const set = await page.request.put('/api/updateTradingLimits', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { sessionReminderMinutes: 15 },
  });
  expect(set.ok(), await set.text()).toBe(true);
  await page.clock.install();
  await signIn(page, account);
  await page.goto('/trade');
  await expect(page.getByTestId('session-line')).toContainText('Session 0:0');
  await page.clock.fastForward('14:00');
  await expect(page.getByTestId('session-line')).toContainText('Session 14:0');
  await expect(page.getByRole('dialog', { name: 'Time for a break?' })).toHaveCount(0);
  await page.clock.fastForward('01:05');
  const dialog = page.getByRole('dialog', { name: 'Time for a break?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You have been trading for 15:');
  await expect(dialog).toContainText('Your net result in this session is 0.00 USDT');
  await expectAccessible(page);
  await shot(page, 'session-reminder-en', false);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  await page.clock.fastForward('15:05');
  await expect(dialog).toBeVisible();
  await page.evaluate(() => localStorage.setItem('lang', 'de'));
  await page.reload();
  // The same session goes on after a reload (the tab keeps its start).
  await expect(page.getByTestId('session-line')).toContainText('Sitzung 30:');
  await page.clock.fastForward('15:05');
  const pause = page.getByRole('dialog', { name: 'Zeit für eine Pause?' });
  await expect(pause).toBeVisible();
  await shot(page, 'session-reminder-de', false);
  await pause.getByRole('button', { name: 'Aufhören' }).click();
  await expect(page).toHaveURL('/');
});

test('the console shows a time-out on the user’s page, read-only', async ({ page }) => {
  const account = await registerUser(page.request, 'Resting Trader');
  const started = await page.request.post('/api/startTimeout', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { days: 7 },
  });
  expect(started.ok(), await started.text()).toBe(true);
  await signIn(page, ADMIN, '/admin');
  await page.goto(`/admin/users/${account._id}`);
  const profile = page.getByRole('region', { name: 'Resting Trader' });
  await expect(profile.getByText('Time-out', { exact: true })).toBeVisible();
  await expect(profile).toContainText('Nobody can end them early, admins included.');
  await expect(profile.getByText('Trading risk acknowledged')).toBeVisible();
  // Nothing on the page offers to end it.
  await expect(page.getByRole('button', { name: /time-out|exclusion|lift/i })).toHaveCount(0);
  await shot(page, 'console-user-timeout-en');
});
