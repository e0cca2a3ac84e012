/**
 * Account recovery at 390×844 (issue 20): sign up, confirm the email from the mail the
 * server wrote to its `.eml` folder, sign out, ask for a reset, choose a new password from
 * the mail's link, and sign in with it.
 */
import { expect, test, type Page } from '@playwright/test';
import { linkToken, mailTo } from './support';

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  return page.getByRole('dialog', { name: 'Menu' });
}

test('sign up, verify from the mail, forget the password, reset it from the mail, sign in', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const tag = Date.now().toString(36);
  const email = `ada_${tag}@example.com`;
  const password = 'Analytical-Engine-1843';
  const newPassword = 'Difference-Engine-1822';

  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Username').fill(`ada_${tag}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('+1 415 555 0199');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');

  // Unverified: the wallet says so and offers another link.
  await page.goto('/wallet');
  const notice = page.getByRole('status').filter({ hasText: 'Confirm your email address' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(email);
  await expect(notice.getByRole('button', { name: 'Resend link' })).toBeVisible();

  // The verification mail's link, opened in this browser.
  const verification = await mailTo(email, 'Confirm your email address');
  expect(verification).toContain('Hello Ada Lovelace');
  await page.goto(`/verify-email?token=${linkToken(verification)}`);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to my wallet' }).click();
  await expect(page).toHaveURL('/wallet');
  await expect(page.getByText('Confirm your email address')).toHaveCount(0);

  // Sign out from the drawer.
  const drawer = await openDrawer(page);
  await drawer.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/signin', { timeout: 5000 });

  // Forgot password.
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  // The reset mail's link; the rules of the password are the sign-up's.
  const reset = await mailTo(email, 'Reset your password');
  const token = linkToken(reset);
  await page.goto(`/reset-password?token=${token}`);
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(`/reset-password?token=${token}`);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL('/signin');

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/');

  // The link works once.
  await page.goto(`/reset-password?token=${token}`);
  await page.getByLabel('New password').fill('Third-Engine-Attempt-9');
  await page.getByLabel('Confirm password').fill('Third-Engine-Attempt-9');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('This link was already used. Ask for a new one.')).toBeVisible();

  // And the account was told its password changed.
  expect(await mailTo(email, 'Your password was changed')).toContain('/forgot-password');
});
