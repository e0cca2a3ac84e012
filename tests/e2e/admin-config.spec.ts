/**
 * The console's configuration screens end to end, in Chromium at 390×844 against the real
 * server: site settings (transfer fee, a payout, blocked countries) saved through the page
 * and seen by the public API, the change in the audit log with its before and after, a second
 * admin created and changing their own password, and a user's markup name shown as text in
 * the audit log. The database is shared with other specs: every setting changed here is put
 * back, through the page and again in `finally` should a step fail.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN,
  apiLogin,
  approvePending,
  bearer,
  phonePage,
  registerUser,
  signIn,
  type Credentials,
  freshTotpCode,
} from './support';

interface TradingDuration {
  selectedTime: string;
  payoutPercent: string;
}

interface AdminSettings {
  setting: { transferCharge: string };
  trading: { blockedCountries: string[]; durations: TradingDuration[] };
}

async function adminSettings(request: APIRequestContext, token: string): Promise<AdminSettings> {
  const response = await request.get('/api/admin/settings', { headers: bearer(token) });
  expect(response.ok()).toBe(true);
  return (await response.json()) as AdminSettings;
}

async function updateSettings(request: APIRequestContext, token: string, data: object) {
  const response = await request.put('/api/updateSiteSetting', { headers: bearer(token), data });
  expect(response.ok(), await response.text()).toBe(true);
}

const payout30 = (settings: { trading: { durations: TradingDuration[] } }) =>
  settings.trading.durations.find((duration) => duration.selectedTime === 'trade30Second')
    ?.payoutPercent;

/** "1.500000" → "1.5", as the form shows a saved figure. */
const plain = (wire: string) => wire.replace(/\.?0+$/, '');

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Saves one settings group and waits for its "Saved". */
async function save(page: Page, name: string) {
  const group = section(page, name);
  await group.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(group.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
}

test('the transfer fee and a payout change through the page, show in the audit log and are restored', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, ADMIN);
  const before = await adminSettings(request, token);
  const oldFee = before.setting.transferCharge;
  const oldPayout = payout30(before);
  if (!oldPayout) throw new Error('no 30-second payout in the settings');
  const newFee = plain(oldFee) === '1.75' ? '2.25' : '1.75';
  const newPayout = plain(oldPayout) === '79.5' ? '78.5' : '79.5';

  try {
    await signIn(page, ADMIN, '/admin');
    await page.goto('/admin/settings');

    const transfers = section(page, 'Transfers');
    const fee = transfers.getByLabel('Transfer fee');
    await expect(fee).toHaveValue(plain(oldFee));
    await expect(transfers.getByRole('button', { name: 'Save' })).toBeDisabled();
    // A fee above 100 % is refused before anything is sent.
    await fee.fill('150');
    await transfers.getByRole('button', { name: 'Save' }).click();
    await expect(transfers.getByText('At most 100 %')).toBeVisible();
    await fee.fill(newFee);
    await save(page, 'Transfers');

    const stakes = section(page, 'Stakes and payouts');
    await stakes.getByLabel('30 seconds').fill(newPayout);
    await save(page, 'Stakes and payouts');

    const publicSetting = await request.get('/api/getSiteSetting');
    const { setting } = (await publicSetting.json()) as { setting: { transferCharge: string } };
    expect(plain(setting.transferCharge)).toBe(newFee);
    const config = await request.get('/api/config');
    expect(plain(payout30((await config.json()) as AdminSettings) ?? '')).toBe(newPayout);

    // The audit log, filtered to site settings, shows the fee's before and after.
    await page.goto('/admin/audit');
    await page.getByLabel('Action', { exact: true }).selectOption('site_settings.*');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/[?&]action=site_settings\.\*/);
    const feeMicros = (text: string) => String(Math.round(Number(text) * 1_000_000));
    const entry = page
      .getByRole('listitem')
      .filter({ hasText: 'Site settings changed' })
      .filter({ has: page.getByText('transferChargeMicroPercent') })
      .first();
    await entry.getByText(/Changes \(\d+\)/).click();
    await expect(entry.getByLabel('Before')).toContainText(feeMicros(plain(oldFee)));
    await expect(entry.getByLabel('After')).toContainText(`${feeMicros(newFee)} = ${newFee} %`);
    await expect(page.getByText('user.updated')).toHaveCount(0);

    // Put both back through the page.
    await page.goto('/admin/settings');
    await section(page, 'Transfers').getByLabel('Transfer fee').fill(plain(oldFee));
    await save(page, 'Transfers');
    await section(page, 'Stakes and payouts').getByLabel('30 seconds').fill(plain(oldPayout));
    await save(page, 'Stakes and payouts');
    const restored = await adminSettings(request, token);
    expect(restored.setting.transferCharge).toBe(oldFee);
    expect(payout30(restored)).toBe(oldPayout);
  } finally {
    const now = await adminSettings(request, token);
    if (now.setting.transferCharge !== oldFee || payout30(now) !== oldPayout) {
      await updateSettings(request, token, {
        transferCharge: oldFee,
        payouts: { trade30Second: oldPayout },
      });
    }
  }
});

test('a blocked country is added and removed as a chip', async ({ page, request }) => {
  const token = await apiLogin(request, ADMIN);
  const before = (await adminSettings(request, token)).trading.blockedCountries;
  const code = ['IS', 'MT', 'CY', 'EE'].find((candidate) => !before.includes(candidate));
  if (!code) throw new Error('every candidate country is blocked already');
  const blocked = async () =>
    ((await (await request.get('/api/config')).json()) as AdminSettings).trading.blockedCountries;

  try {
    await signIn(page, ADMIN, '/admin');
    await page.goto('/admin/settings');
    const countries = section(page, 'Blocked countries');
    await countries.getByLabel('Add a country').fill('zz9');
    await countries.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(countries.getByText(/Not a two-letter country code/)).toBeVisible();

    await countries.getByLabel('Add a country').fill(code.toLowerCase());
    await countries.getByRole('button', { name: 'Add', exact: true }).click();
    const remove = countries.getByRole('button', { name: new RegExp(`^Remove .*\\(${code}\\)$`) });
    await expect(remove).toBeVisible();
    await save(page, 'Blocked countries');
    expect(await blocked()).toContain(code);

    await remove.click();
    await expect(remove).toHaveCount(0);
    await save(page, 'Blocked countries');
    expect(await blocked()).not.toContain(code);
  } finally {
    const now = (await adminSettings(request, token)).trading.blockedCountries;
    if ([...now].sort().join() !== [...before].sort().join()) {
      await updateSettings(request, token, { tradingBlockedCountries: before });
    }
  }
});

test('a second admin is created, listed, and changes their own password', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const tag = randomBytes(4).toString('hex');
  const second: Credentials & { username: string } = {
    email: `ops-cfg-${tag}@example.com`,
    username: `ops_cfg_${tag}`,
    password: 'Violet-Harbor-4821',
  };

  await signIn(page, ADMIN, '/admin');
  await page.goto('/admin/admins');
  await expect(
    page.getByRole('listitem').filter({ hasText: ADMIN.email }).getByText('You', { exact: true }),
  ).toBeVisible();

  const create = section(page, 'Create admin');
  const fillCreate = async (username: string) => {
    await create.getByLabel('Full name').fill('Config Operator');
    await create.getByLabel('Username').fill(username);
    await create.getByLabel('Email').fill(second.email);
    await create.getByLabel('Password', { exact: true }).fill(second.password);
    await create.getByLabel('Confirm password').fill(second.password);
    await create.getByRole('button', { name: 'Create admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create this admin?' });
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog).toBeHidden();
  };
  await fillCreate(second.username);
  // Only asked for: the account exists once the second demo admin approves it.
  await expect(create.getByText(`Requested: @${second.username}.`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: second.email })).toHaveCount(0);
  await approvePending(
    request,
    (approval) => approval.kind === 'admin.create' && approval.subject.email === second.email,
  );
  await page.reload();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: second.email })
      .getByText(/at the request of @admin_admin/),
  ).toBeVisible();

  // The same email again: refused under the email field.
  await fillCreate(`${second.username}_2`);
  await expect(create.getByText('This email is already registered.')).toBeVisible();

  // The second admin, in a context of their own, changes their password and is signed out.
  const secondPage = await phonePage(browser, baseURL);
  await signIn(secondPage, second, '/admin');
  // A new admin has no second factor yet: the console opens only after setting one up.
  await secondPage.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const key = (await secondPage.getByTestId('two-factor-key').textContent()) ?? '';
  second.twoFactorSecret = key.replace(/\s+/g, '');
  await secondPage.getByLabel('6-digit code').fill(await freshTotpCode(key.replace(/\s+/g, '')));
  await secondPage.getByRole('button', { name: 'Enable', exact: true }).click();
  await secondPage.getByRole('button', { name: 'I have saved them' }).click();
  await secondPage.goto('/admin/admins');
  await expect(
    secondPage
      .getByRole('listitem')
      .filter({ hasText: second.email })
      .getByText('You', { exact: true }),
  ).toBeVisible();
  const form = section(secondPage, 'Change my password');
  const newPassword = 'Amber-Canyon-7390';
  await form.getByLabel('Current password').fill('not-the-password');
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm new password').fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  const confirm = secondPage.getByRole('dialog', { name: 'Change your password?' });
  await expect(confirm).toContainText('All your sessions end');
  await confirm.getByRole('button', { name: 'Change and sign out' }).click();
  await expect(form.getByText('Your current password is not correct.')).toBeVisible();

  await form.getByLabel('Current password').fill(second.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await confirm.getByRole('button', { name: 'Change and sign out' }).click();
  await expect(secondPage).toHaveURL('/signin');
  expect(await secondPage.evaluate(() => localStorage.getItem('aToken'))).toBeNull();

  const oldLogin = await request.post('/api/login', {
    data: { email: second.email, password: second.password },
  });
  expect(oldLogin.ok()).toBe(false);
  await signIn(
    secondPage,
    { email: second.email, password: newPassword, twoFactorSecret: second.twoFactorSecret ?? '' },
    '/admin',
  );
  await secondPage.context().close();
});

test("a user's markup name is plain text in the audit log", async ({ page, request }) => {
  const user = await registerUser(request, 'Plain Name');
  const profile = await request.get('/api/getUserById', { headers: bearer(user.token) });
  const { phoneNumber } = ((await profile.json()) as { user: { phoneNumber: string } }).user;
  const token = await apiLogin(request, ADMIN);
  const updated = await request.put('/api/updateUser', {
    headers: bearer(token),
    data: {
      id: user._id,
      fullName: '<b>x</b>',
      username: user.username,
      email: user.email,
      phoneNumber,
    },
  });
  expect(updated.ok(), await updated.text()).toBe(true);

  await signIn(page, ADMIN, '/admin');
  await page.goto(`/admin/audit?targetType=user&targetId=${user._id}`);
  await expect(page.getByLabel('Target id')).toHaveValue(user._id);
  const entry = page.getByRole('listitem').filter({ hasText: 'User profile changed' });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole('link', { name: user._id })).toHaveAttribute(
    'href',
    `/admin/users/${user._id}`,
  );
  await entry.getByText('Changes (1)').click();
  await expect(entry.getByLabel('Before')).toHaveText('Plain Name');
  await expect(entry.getByText('<b>x</b>', { exact: true })).toBeVisible();
  await expect(page.locator('[aria-label="Audit entries"] b')).toHaveCount(0);
});
