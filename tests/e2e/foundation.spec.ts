/**
 * The foundation end to end, in Chromium at 390×844 against the real server on a fresh
 * embedded database: sign up, sign out, sign in, guards, admin, languages, not-found.
 */
import { expect, test, type Page } from '@playwright/test';

import { ADMIN as DEMO_ADMIN, freshTotpCode } from './support';

const DEMO_USER = { email: 'alice@tradewallet.local', password: 'Demo-Trader-2026' };

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  return page.getByRole('dialog', { name: 'Menu' });
}

test('React DOM renders the app: its root element carries the container marker of React', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('navigation').or(page.getByRole('main')).first()).toBeVisible();
  // createRoot marks its container with a property named `__reactContainer$<random>`;
  // a compatibility layer standing in for React DOM does not.
  const markers = await page
    .locator('#root')
    .evaluate((root) => Object.keys(root).filter((key) => key.startsWith('__reactContainer$')));
  expect(markers).toHaveLength(1);
});

test('sign up lands on Onchain with a zero balance and a Pay ID', async ({ page }) => {
  const tag = Date.now().toString(36);
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Username').fill(`grace_${tag}`);
  await page.getByLabel('Email').fill(`grace_${tag}@example.com`);
  await page.getByLabel('Phone number').fill('+1 415 555 0199');
  await page.getByLabel('Password', { exact: true }).fill('Compiler-Cobol-1959');
  await page.getByLabel('Confirm password').fill('Compiler-Cobol-1959');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByText('Total balance')).toBeVisible();
  await expect(page.getByText('0.00').first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('uToken'))).toMatch(/^[A-Za-z0-9_-]{43}$/);

  const drawer = await openDrawer(page);
  await expect(drawer.getByText(`grace_${tag}`)).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Verify Now' })).toBeVisible();
});

test('sign-up refuses an existing email with a clear message', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Alice Again');
  await page.getByLabel('Username').fill(`alice_${Date.now().toString(36)}`);
  await page.getByLabel('Email').fill(DEMO_USER.email);
  await page.getByLabel('Phone number').fill('+1 415 555 0100');
  await page.getByLabel('Password', { exact: true }).fill('Another-Secret-77');
  await page.getByLabel('Confirm password').fill('Another-Secret-77');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This email is already registered.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL('/signup');
});

test('sign in, then sign out from the drawer, then the guard sends you to sign-in', async ({
  page,
}) => {
  await signIn(page, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Total balance')).toBeVisible();

  const drawer = await openDrawer(page);
  await drawer.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully!')).toBeVisible();
  await expect(page).toHaveURL('/signin', { timeout: 5000 });
  expect(await page.evaluate(() => localStorage.getItem('uToken'))).toBeNull();

  await page.goto('/wallet');
  await expect(page).toHaveURL('/signin');
});

test('a wrong password shows the server message and stays signed out', async ({ page }) => {
  await signIn(page, DEMO_USER.email, 'Not-The-Password-1');
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await expect(page).toHaveURL('/signin');
});

test('too many wrong passwords: the form says how long to wait, in the user’s language', async ({
  page,
}) => {
  // The server's throttle is tested through the API (tests/api/outside-attack.test.ts); its
  // waits are seconds to minutes, so here the answer is the server's, made up.
  await page.route('**/api/login', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '90' },
      body: JSON.stringify({
        error: 'Too many attempts with a wrong password. Please wait 2 minutes and try again.',
        code: 'too_many_attempts',
      }),
    }),
  );
  await signIn(page, DEMO_USER.email, 'Not-The-Password-2');
  await expect(page.getByRole('alert')).toHaveText(
    'Too many attempts. Please wait 2 minutes and try again.',
  );
  await page.getByLabel('Language').selectOption('de');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Zu viele Versuche. Bitte warte 2 Minuten und versuche es erneut.',
  );
  await page.getByLabel('Sprache').selectOption('en');
  await expect(page).toHaveURL('/signin');
});

test('guards: the user area and the admin area redirect to sign-in', async ({ page }) => {
  for (const path of ['/orders', '/deposit', '/settings', '/admin', '/admin/users']) {
    await page.goto(path);
    await expect(page, path).toHaveURL('/signin');
  }
});

test('a user cannot enter the admin area', async ({ page }) => {
  await signIn(page, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL('/');
  await page.goto('/admin');
  // The admin guard sends the user to sign-in, which sends a signed-in user home.
  await expect(page).not.toHaveURL(/\/admin/);
  await expect(page.getByText('Signed in as')).toHaveCount(0);
  await expect(page.getByText('Total balance')).toBeVisible();
});

test('an admin signs in and reaches /admin', async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  // Every admin has a second factor: the code from the demo admin's printed key.
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByLabel('6-digit code').fill(await freshTotpCode(DEMO_ADMIN.twoFactorSecret ?? ''));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByText('Signed in as')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('aToken'))).toBeTruthy();
  expect(await page.evaluate(() => localStorage.getItem('uToken'))).toBeNull();
});

test('switching language changes the texts and survives a reload', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
  await page.getByLabel('Sprache').selectOption('zh');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await page.getByLabel('语言').selectOption('en');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(
    page.getByText('The page you are looking for does not exist or has moved.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL('/');
});

test('the page runs under the strict security policy without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await signIn(page, DEMO_USER.email, DEMO_USER.password);
  await expect(page.getByText('Total balance')).toBeVisible();
  expect(violations).toEqual([]);
});
