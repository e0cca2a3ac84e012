/**
 * The console's users screens end to end, in Chromium at 390×844 against the real server: a
 * fresh user whose full name is markup; the admin finds them, sees the name as text, credits
 * their wallet with a reason, stops their trading, gives them a notice, and opens a read-only
 * view of their account in a new tab, while the console's own tab stays signed in. No page
 * may ever open a dialog (the name must never run as HTML).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { ADMIN, signIn } from './support';

const MARKUP_NAME = '<img src=x onerror=alert(1)>';

interface Registered {
  _id: string;
  username: string;
  email: string;
}

async function registerUser(request: APIRequestContext): Promise<Registered> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const body = {
    fullName: MARKUP_NAME,
    username: `grace_${tag}`,
    email: `grace_${tag}@example.com`,
    phoneNumber: '+1 212 555 0199',
    password: 'Compiler-Pioneer-1952',
  };
  const response = await request.post('/api/registerUser', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = (await response.json()) as { user: { _id: string } };
  return { _id: user._id, username: body.username, email: body.email };
}

async function signInAsAdmin(page: Page) {
  await signIn(page, ADMIN, '/admin');
}

test('an admin finds a user, credits them, stops trading, sets a notice and views as them', async ({
  page,
  context,
  request,
}) => {
  const dialogs: string[] = [];
  context.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const user = await registerUser(request);

  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Users' })
    .click();
  await expect(page).toHaveURL('/admin/users');

  // Search: debounced, kept in the address.
  await page.getByLabel('Search users').fill(user.email);
  await expect(page).toHaveURL(`/admin/users?q=${encodeURIComponent(user.email)}`);
  const row = page.getByRole('link').filter({ hasText: user.username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(MARKUP_NAME);
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  // A reload keeps the search.
  await page.reload();
  await expect(page.getByLabel('Search users')).toHaveValue(user.email);
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(page).toHaveURL(`/admin/users/${user._id}`);

  // The name is text, not an image.
  await expect(page.getByRole('heading', { name: MARKUP_NAME })).toBeVisible();
  await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  await expect(page.getByTestId('available-balance')).toHaveText('0.00');

  // Credit 25 USDT with a reason: reviewed before → after, then on the page and the ledger.
  const adjustment = page.getByRole('region', { name: 'Balance adjustment' });
  await adjustment.getByLabel('Amount').fill('25');
  await adjustment.getByLabel(/^Reason/).fill('Welcome credit for the e2e test');
  await adjustment.getByRole('button', { name: 'Review credit' }).click();
  const review = page.getByRole('dialog', { name: 'Credit this wallet?' });
  await expect(review).toContainText('+25.00 USDT');
  await expect(review).toContainText('0.00 → 25.00');
  await review.getByRole('button', { name: 'Confirm adjustment' }).click();
  await expect(review).toBeHidden();
  await expect(page.getByText('Balance adjusted: +25.00 USDT.')).toBeVisible();
  await expect(page.getByTestId('available-balance')).toHaveText('25.00');
  const ledger = page.getByRole('tabpanel');
  await expect(ledger).toContainText('Adjustment');
  await expect(ledger).toContainText('Welcome credit for the e2e test');
  await expect(ledger).toContainText('+25.00 USDT');

  // Stop trading: the badge shows.
  const controls = page.getByRole('region', { name: 'Account controls' });
  await controls.getByRole('button', { name: 'Stop trading' }).click();
  await expect(controls.getByRole('button', { name: 'Allow trading' })).toBeVisible();
  const profileCard = page.getByRole('region', { name: MARKUP_NAME });
  await expect(profileCard.getByText('Trading stopped', { exact: true })).toBeVisible();

  // The personal notice.
  const notice = `Please call us about your account (${user.username}).`;
  const profile = page.getByRole('form', { name: 'Edit profile' });
  await profile.getByLabel('Personal notice').fill(notice);
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  const saved = await request.get(`/api/admin/users/${user._id}`, {
    headers: { authorization: `Bearer ${await adminToken(page)}` },
  });
  expect(((await saved.json()) as { user: { appNotice: string } }).user.appNotice).toBe(notice);

  // View as user: a new tab, signed in as the user, read-only.
  const [viewTab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'View as user' }).click(),
  ]);
  const writes: string[] = [];
  viewTab.on('request', (sent) => {
    if (sent.method() !== 'GET') writes.push(`${sent.method()} ${new URL(sent.url()).pathname}`);
  });
  await viewTab.waitForURL('/');
  const banner = viewTab.getByRole('region', { name: 'Read-only view' });
  await expect(banner).toContainText(`Read-only view of @${user.username}`);
  await expect(banner).toContainText(/ends at \d\d:\d\d/);
  await expect(viewTab.getByText('Market snapshot')).toBeVisible();
  await expect(viewTab.getByText(notice)).toBeVisible();
  await expect(viewTab.getByText('25.00', { exact: false }).first()).toBeVisible();
  // One read-only session was opened, and the app's start as the user sent no change
  // (each would be refused).
  expect(writes).toEqual([`POST /api/userLogin/${user._id}`]);
  expect(await viewTab.evaluate(() => localStorage.getItem('uToken'))).toBeNull();

  // A change there is refused, and the form says why.
  await viewTab.goto('/user/profile');
  await expect(banner).toBeVisible();
  await viewTab.getByLabel('Full name').fill('Someone Else');
  await viewTab.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    viewTab.getByText('This is a read-only view of the account. Nothing can be changed here.'),
  ).toBeVisible();
  await viewTab.goto('/user/password');
  await viewTab.getByLabel('Current password', { exact: true }).fill('Whatever-It-Is-1');
  await viewTab.getByLabel('New password', { exact: true }).fill('Another-Secret-2026');
  await viewTab.getByLabel('Confirm password', { exact: true }).fill('Another-Secret-2026');
  await viewTab.getByRole('button', { name: 'Update password' }).click();
  await expect(
    viewTab.getByText('This is a read-only view of the account. Nothing can be changed here.'),
  ).toBeVisible();
  await expect(banner).toBeVisible();

  // The console's tab is still the admin's.
  await page.reload();
  await expect(page).toHaveURL(`/admin/users/${user._id}`);
  await expect(page.getByRole('heading', { name: MARKUP_NAME })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('aToken'))).not.toBeNull();

  // Exit: the view's session ends, and the tab closes or shows the console again.
  const userPath = `/admin/users/${user._id}`;
  const closed = viewTab.waitForEvent('close').then(
    () => 'closed',
    () => 'failed',
  );
  const back = viewTab.waitForURL(userPath).then(
    () => 'back',
    () => 'failed',
  );
  await banner.getByRole('button', { name: 'Exit' }).click();
  expect(['closed', 'back']).toContain(await Promise.race([closed, back]));
  if (!viewTab.isClosed()) {
    await expect(viewTab).toHaveURL(userPath);
    await expect(viewTab.getByRole('heading', { name: MARKUP_NAME })).toBeVisible();
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: MARKUP_NAME })).toBeVisible();

  expect(dialogs).toEqual([]);
});

async function adminToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('aToken'));
  if (!token) throw new Error('the admin is not signed in');
  return token;
}
