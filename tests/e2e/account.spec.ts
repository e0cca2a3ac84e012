/**
 * The account pages end to end, in Chromium at 390×844 against the real server: settings,
 * profile, password change, notice, help (with and without the live-chat widget), privacy
 * and about.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, ALICE, apiLogin, bearer, registerUser, signIn } from './support';

/** A fresh account, signed in: these tests never change the demo users other specs rely on. */
async function signedInAccount(page: Page, request: APIRequestContext) {
  const account = await registerUser(request, 'Hedy Lamarr');
  await signIn(page, account);
  return account;
}

async function adminAuth(request: APIRequestContext) {
  return bearer(await apiLogin(request, ADMIN));
}

test('settings lists the account pages and the support channels', async ({ page }) => {
  await signIn(page, ALICE);
  await page.goto('/settings');
  const links = {
    'Profile Setting': '/user/profile',
    'Password Change': '/user/password',
    Security: '/settings/security',
    'KYC Verify': '/kyc/submit-form',
    'Privacy Portal': '/privacy',
    'About Us': '/about',
  };
  for (const [name, href] of Object.entries(links)) {
    await expect(page.getByRole('link', { name }), name).toHaveAttribute('href', href);
  }
  // The demo's site settings set all three channels: external, in a new tab, no opener.
  const channels: ReadonlyArray<[string, string]> = [
    ['WhatsApp Support', 'https://wa.me/15550100100'],
    ['Telegram', 'https://t.me/tradewallet_support'],
    ['Email', 'mailto:support@tradewallet.local'],
  ];
  for (const [name, href] of channels) {
    const link = page.getByRole('link', { name, exact: true });
    await expect(link, name).toHaveAttribute('href', href);
    await expect(link, name).toHaveAttribute('target', '_blank');
    await expect(link, name).toHaveAttribute('rel', 'noopener noreferrer');
  }
  // The header's support button opens the first channel, never a fixed number.
  const support = page.getByRole('link', { name: 'Customer support' });
  await expect(support).toHaveAttribute('href', 'https://wa.me/15550100100');
  await expect(support).toHaveAttribute('target', '_blank');

  await page.getByRole('link', { name: 'Privacy Portal' }).click();
  await expect(page).toHaveURL('/privacy');
  await expect(page.getByRole('heading', { name: 'What we keep and why' })).toBeVisible();
  await expect(page.getByText('every time an operator opens one it is recorded')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL('/settings');

  await page.getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL('/about');
  await expect(page.getByRole('heading', { name: 'Fair by construction' })).toBeVisible();
  await expect(page.getByText(/open-source, self-hostable USDT wallet/)).toBeVisible();
});

test('profile: username and email are read-only; name and phone are saved', async ({
  page,
  request,
}) => {
  const account = await signedInAccount(page, request);
  await page.goto('/user/profile');
  await expect(page.getByText(account.username, { exact: true })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);

  const fullName = page.getByLabel('Full name');
  await fullName.fill('');
  await fullName.blur();
  await expect(page.getByText('Full name is required')).toBeVisible();

  await fullName.fill('Hedy Kiesler');
  await page.getByLabel('Phone number').fill('+43 1 555 0199');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Hedy Kiesler');
  await expect(page.getByLabel('Phone number')).toHaveValue('+43 1 555 0199');
});

test('password change signs out everywhere and lands on sign-in after 1 s', async ({
  page,
  request,
}) => {
  const account = await signedInAccount(page, request);
  const oldToken = await page.evaluate(() => localStorage.getItem('uToken'));
  expect(oldToken).toBeTruthy();
  await page.goto('/user/password');

  const submit = page.getByRole('button', { name: 'Update password' });
  await submit.click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Confirm password is required')).toBeVisible();
  // The current password comes first, then the new one twice.
  const labels = await page
    .locator('main form input:not([hidden])')
    .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('autocomplete')));
  expect(labels).toEqual(['current-password', 'new-password', 'new-password']);
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Confirm password').fill('shorter');
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Passwords must match')).toBeVisible();

  // A wrong current password is refused under its field, and nothing changes.
  await page.getByLabel('Current password').fill('Not-My-Password-1');
  await page.getByLabel('New password').fill('Granite-Meadow-88');
  await page.getByLabel('Confirm password').fill('Granite-Meadow-88');
  await submit.click();
  await expect(page.getByText('Your current password is not correct.')).toBeVisible();
  await expect(page).toHaveURL('/user/password');

  await page.getByLabel('Current password').fill(account.password);
  await expect(page.getByText('Your current password is not correct.')).toBeHidden();
  // Timed from the answer's arrival (an event, not a poll, so a slow machine cannot shorten
  // the measured wait) to the navigation to /signin.
  const answered = page.waitForResponse(
    (res) => res.url().endsWith('/api/updateUserPasswordByUser') && res.status() === 200,
  );
  await submit.click();
  await answered;
  const answeredAt = Date.now();
  await expect(page.getByText('Password updated successfully')).toBeVisible();
  await page.waitForURL('/signin', { timeout: 5000 });
  expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(700);
  expect(await page.evaluate(() => localStorage.getItem('uToken'))).toBeNull();

  const old = await request.get('/api/getUserById', {
    headers: { authorization: `Bearer ${oldToken}` },
  });
  expect(old.status()).toBe(401);
  const relogin = await request.post('/api/login', {
    data: { email: account.email, password: 'Granite-Meadow-88' },
  });
  expect(relogin.ok()).toBe(true);
});

test('notice: greeting, no notice, last login', async ({ page, request }) => {
  const account = await signedInAccount(page, request);
  await page.goto('/app/notice');
  await expect(page.getByRole('heading', { name: `Hello, ${account.fullName}` })).toBeVisible();
  await expect(page.getByText('No Current Notices')).toBeVisible();
  await expect(
    page.getByText('There are no updates or announcements at this time. Please check back later.'),
  ).toBeVisible();
  await expect(page.getByText(/^Last login: /)).toBeVisible();
  const when = await page.locator('time').getAttribute('datetime');
  expect(Math.abs(Date.now() - Date.parse(when ?? ''))).toBeLessThan(5 * 60_000);
});

test('help without a widget shows the support links to anyone', async ({ page }) => {
  const response = await page.goto('/helpline');
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self';/);
  await expect(page.getByRole('heading', { name: 'Need Help?' })).toBeVisible();
  for (const name of ['WhatsApp Support', 'Telegram', 'Email']) {
    await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('target', '_blank');
  }
});

test('support channels show only when set; the header falls back to the help page', async ({
  page,
  request,
}) => {
  const admin = await adminAuth(request);
  const links = async (data: Record<string, string | null>) => {
    const res = await request.put('/api/updateSiteSetting', { headers: admin, data });
    expect(res.ok()).toBe(true);
  };
  await signIn(page, ALICE);
  try {
    await links({ whatsappLink: null });
    await page.goto('/settings');
    await expect(page.getByRole('link', { name: 'Telegram', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'WhatsApp Support' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Customer support' })).toHaveAttribute(
      'href',
      'https://t.me/tradewallet_support',
    );

    await links({ telegramLink: null, emailLink: null });
    await page.reload();
    await expect(page.getByRole('link', { name: 'About Us' })).toBeVisible();
    for (const name of ['WhatsApp Support', 'Telegram', 'Email']) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    const support = page.getByRole('link', { name: 'Customer support' });
    await expect(support).toHaveAttribute('href', '/helpline');
    await support.click();
    await expect(page).toHaveURL('/helpline');
    await expect(page.getByText('No support channels are available right now.')).toBeVisible();
  } finally {
    await links({
      whatsappLink: 'https://wa.me/15550100100',
      telegramLink: 'https://t.me/tradewallet_support',
      emailLink: 'mailto:support@tradewallet.local',
    });
  }
});

test('help with a widget loads it on /helpline only, under a policy for its origin', async ({
  page,
  request,
}) => {
  const origin = 'https://chat-widget.example';
  const scriptUrl = `${origin}/embed/widget.js`;
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `document.body.insertAdjacentHTML('beforeend', '<div id="fake-chat">Chat bubble</div>');`,
    }),
  );
  const admin = await adminAuth(request);
  const set = await request.put('/api/updateSiteSetting', {
    headers: admin,
    data: { chatWidgetUrl: scriptUrl },
  });
  expect(set.ok()).toBe(true);
  try {
    const helpline = await page.goto('/helpline');
    expect(helpline?.headers()['content-security-policy']).toContain(`script-src 'self' ${origin}`);
    await expect(page.locator('#fake-chat')).toHaveText('Chat bubble');
    await expect(page.getByText(/The live chat is open on this page/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'WhatsApp Support' })).toHaveCount(0);

    // Leaving the page loads the next one as a new document: strict policy, no widget.
    await signIn(page, ALICE);
    const about = await page.goto('/about');
    expect(about?.headers()['content-security-policy']).not.toContain(origin);
    await expect(page.locator('#fake-chat')).toHaveCount(0);

    // Reached inside the app, the help page reloads itself to get the policy it needs.
    await page.getByRole('link', { name: 'Help Center' }).click();
    await expect(page).toHaveURL('/helpline');
    await expect(page.locator('#fake-chat')).toHaveText('Chat bubble');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { name: 'Fair by construction' })).toBeVisible();
    await expect(page.locator('#fake-chat')).toHaveCount(0);
  } finally {
    const cleared = await request.put('/api/updateSiteSetting', {
      headers: admin,
      data: { chatWidgetUrl: null },
    });
    expect(cleared.ok()).toBe(true);
  }
});
