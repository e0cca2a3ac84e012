/**
 * Settings › Security end to end, at 390×844: two browsers signed in as one user; the first
 * sees both sessions and the sign-ins (a failed one marked), signs the other out, and the
 * other is sent to /signin on its next navigation. "Sign out everywhere else" keeps only
 * this device.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { phonePage, signIn, type Credentials } from './support';

/** A new account through the public sign-up, with no session yet. */
async function newAccount(request: APIRequestContext): Promise<Credentials> {
  const tag = randomBytes(4).toString('hex');
  const body = {
    fullName: 'Session Keeper',
    username: `e2e_sess_${tag}`,
    email: `e2e-sess-${tag}@example.com`,
    phoneNumber: '+15550101010',
    password: 'Granite-Harbor-2026',
  };
  const registered = await request.post('/api/registerUser', { data: body });
  expect(registered.status(), await registered.text()).toBe(201);
  return { email: body.email, password: body.password };
}

const sessionRows = (page: Page) =>
  page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem');

async function openSecurity(page: Page): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL('/settings/security');
}

test('signs another session out; that browser lands on /signin at its next navigation', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const account = await newAccount(request);
  const wrong = await request.post('/api/login', {
    data: { email: account.email, password: 'Not-The-Password-1' },
  });
  expect(wrong.status()).toBe(401);

  const other = await phonePage(browser, baseURL);
  await signIn(other, account);
  await signIn(page, account);
  await openSecurity(page);

  const rows = sessionRows(page);
  await expect(rows).toHaveCount(2);
  // Newest first: this browser signed in last.
  await expect(rows.first()).toContainText('This device');
  await expect(rows.nth(1)).not.toContainText('This device');
  await expect(rows.first()).toContainText('Chrome');
  await expect(rows.first().getByRole('button', { name: /^Sign out/ })).toHaveCount(0);

  // Recent sign-ins: the two successes and the wrong password, marked.
  const attempts = page.getByRole('list', { name: 'Recent sign-ins' }).getByRole('listitem');
  await expect(attempts).toHaveCount(3);
  await expect(attempts.nth(0)).toContainText('Successful');
  await expect(attempts.nth(2)).toContainText('Wrong password');

  // Cancelling changes nothing; confirming signs the other browser out.
  await rows
    .nth(1)
    .getByRole('button', { name: /^Sign out/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Sign out this session?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(2);
  await rows
    .nth(1)
    .getByRole('button', { name: /^Sign out/ })
    .click();
  await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText('Session signed out.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('This device');
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);

  await other.goto('/wallet');
  await expect(other).toHaveURL(/\/signin/);
  // This browser is still signed in.
  await page.goto('/wallet');
  await expect(page).toHaveURL('/wallet');
  await other.context().close();
});

test('"Sign out everywhere else" keeps only this device', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const account = await newAccount(request);
  const others = [await phonePage(browser, baseURL), await phonePage(browser, baseURL)];
  for (const other of others) await signIn(other, account);
  await signIn(page, account);
  await openSecurity(page);
  await expect(sessionRows(page)).toHaveCount(3);

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere else?' });
  await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText('Signed out everywhere else.')).toBeVisible();
  await expect(sessionRows(page)).toHaveCount(1);

  for (const other of others) {
    await other.goto('/settings');
    await expect(other).toHaveURL(/\/signin/);
    await other.context().close();
  }
});
