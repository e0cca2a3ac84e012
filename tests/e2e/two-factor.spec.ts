/**
 * Two-factor authentication in the browser at 390×844: enable it (the test reads the key on
 * the screen and computes the code with the same library as the server), sign out, sign in
 * with a code, withdraw with a code in the step-up dialog; a recovery code signs in once.
 */
import { expect, test, type Page } from '@playwright/test';
import { freshTotpCode, fund, registerUser, type TestAccount } from './support';

const TRC20_ADDRESS = 'TQ5N6aP7xJzWb1m4Hs3vKd8eR2cYfL9uGt';

async function passwordStep(page: Page, who: TestAccount): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
}

async function signOut(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await page.goto('/signin');
}

test('enable 2FA, sign in with a code, withdraw with a code; a recovery code works once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await registerUser(request, 'Two Factor');
  await fund(request, user._id, '100');

  // Sign in (no second factor yet) and set it up from Settings.
  await page.goto('/signin');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Two-factor authentication' }).click();
  await expect(page).toHaveURL('/settings/two-factor');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: /QR code of the two-factor key/ })).toBeVisible();
  const shownKey = (await page.getByTestId('two-factor-key').textContent()) ?? '';
  const secret = shownKey.replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // The key is shown in groups of four.
  expect(shownKey).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);

  const code = page.getByLabel('6-digit code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Enable', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const recoveryCodes = await page
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('tradewallet-recovery-codes.txt');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Two-factor authentication is on.')).toBeVisible();

  // Sign out, then in again: the password, then a code.
  await signOut(page);
  await passwordStep(page, user);
  await page.getByLabel('6-digit code').fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL('/');

  // A withdrawal asks for a code in the step-up dialog; a wrong one keeps the dialog.
  await page.goto('/withdraw');
  await page.getByRole('link', { name: /Tether USDT\s*TRC20/ }).click();
  await page.getByLabel('Amount').fill('20');
  await page.getByLabel('Wallet Address').fill(TRC20_ADDRESS);
  await page.getByRole('button', { name: 'withdraw' }).click();
  await page
    .getByRole('dialog', { name: 'Review withdrawal' })
    .getByRole('button', { name: 'Confirm withdrawal' })
    .click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm with your code' });
  await expect(stepUp).toBeVisible();
  const right = await freshTotpCode(secret);
  await stepUp.getByLabel('6-digit code').fill(right === '000000' ? '111111' : '000000');
  await stepUp.getByRole('button', { name: 'Verify' }).click();
  await expect(stepUp.getByText('This code is not valid.')).toBeVisible();
  await stepUp.getByLabel('6-digit code').fill(right);
  await stepUp.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Withdraw request submitted!')).toBeVisible();
  await expect(page).toHaveURL(/\/withdraw\/log\/[^/]+$/);

  // A recovery code signs in once; the second time it is refused.
  const recovery = recoveryCodes[0] ?? '';
  await signOut(page);
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL('/');
  await signOut(page);
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('This code is not valid.')).toBeVisible();
  await expect(page).toHaveURL('/signin');
});
