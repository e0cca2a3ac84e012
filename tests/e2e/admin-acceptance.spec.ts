/**
 * The admin console's acceptance, end to end in Chromium: an admin approves a deposit while
 * its user watches it turn Completed; rejects a withdrawal and the user's hold is released;
 * cannot give both approvals of a large withdrawal; the audit log lists each action; and a
 * user whose name is markup shows as plain text on every console list and page.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LOG_POLL_INTERVAL_MS } from '../../common/rules';
import {
  ADMIN,
  ADMIN2,
  apiLogin,
  approveAsSecondAdmin,
  balances,
  bearer,
  createDeposit,
  createKyc,
  createWithdraw,
  detailRow,
  fund,
  micros,
  phonePage,
  registerUser,
  signIn,
  watchDialogs,
  type Credentials,
} from './support';

test.describe.configure({ mode: 'serial' });

const MARKUP_NAME = '<img src=x onerror=alert(1)>';

async function openAdminPage(page: Page, path: string, who: Credentials = ADMIN) {
  if (!(await page.evaluate(() => localStorage.getItem('aToken')).catch(() => null))) {
    await signIn(page, who, '/admin');
  }
  await page.goto(path);
}

async function confirmApproval(page: Page, title: string, transactionHash?: string) {
  if (transactionHash !== undefined) {
    await page.getByLabel('Transaction hash').fill(transactionHash);
  }
  await page.getByRole('button', { name: /^Approve/ }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

async function reject(page: Page, title: string, reason: string) {
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByLabel('Reason (shown to the user)').fill(reason);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
}

async function dualApprovalThreshold(
  request: APIRequestContext,
  adminToken: string,
  amount: string | null,
): Promise<string | null> {
  const current = await request.get('/api/admin/settings', { headers: bearer(adminToken) });
  const before = ((await current.json()) as { withdrawalDualApproval: string | null })
    .withdrawalDualApproval;
  const updated = await request.put('/api/updateSiteSetting', {
    headers: bearer(adminToken),
    data: { withdrawalDualApproval: amount },
  });
  expect(updated.ok(), await updated.text()).toBe(true);
  // Turning it off or raising it is the second admin's to approve.
  if (updated.status() === 202) {
    const { approval } = (await updated.json()) as { approval: { _id: string } };
    await approveAsSecondAdmin(request, approval._id);
  }
  return before;
}

test('the user sees an approved deposit Completed within 10 s', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const user = await registerUser(request);
  const deposit = await createDeposit(request, user.token, '42.5');

  // The admin is ready on the deposit before the user opens it.
  await openAdminPage(page, `/admin/deposits/${deposit._id}`);
  await expect(detailRow(page, 'Status')).toContainText('Pending');

  const userPage = await phonePage(browser, baseURL);
  await signIn(userPage, user);
  await userPage.goto(`/deposit/log/${deposit._id}`);
  await expect(userPage.getByText('Request Pending')).toBeVisible();

  await confirmApproval(page, 'Approve this deposit?');
  await expect(detailRow(page, 'Status')).toContainText('Completed');
  // The user is looking at their page. Headless Chromium counts a window covered by
  // another one as hidden, and a hidden page stops polling, as a phone's background tab does.
  // The page asks again every 10 s (LOG_POLL_INTERVAL_MS), so the answer may take that
  // long plus a round trip: a timeout of exactly 10 s failed when a poll had just gone out.
  await userPage.bringToFront();
  await expect(userPage.getByText('Request Completed')).toBeVisible({
    timeout: LOG_POLL_INTERVAL_MS + 2_000,
  });
  expect((await balances(request, user.token)).balanceMicros).toBe(micros('42.5'));
  await userPage.context().close();
});

test("a rejected withdrawal releases the user's hold", async ({ page, request }) => {
  const user = await registerUser(request);
  await fund(request, user._id, '100');
  const withdraw = await createWithdraw(request, user.token, '30');
  const held = await balances(request, user.token);
  expect(held.onHoldMicros).toBe(micros('30'));
  expect(held.balanceMicros).toBe(micros('70'));

  await openAdminPage(page, `/admin/withdrawals/${withdraw._id}`);
  const reason = 'The address is not on the TRON network.';
  await reject(page, 'Reject this withdrawal?', reason);
  await expect(detailRow(page, 'Status')).toContainText('Rejected');
  await expect(detailRow(page, 'Reason')).toContainText(reason);

  const released = await balances(request, user.token);
  expect(released.onHoldMicros).toBe(0n);
  expect(released.balanceMicros).toBe(micros('100'));
});

test('a large withdrawal needs two different admins; the audit log lists each step', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const adminToken = await apiLogin(request, ADMIN);
  const previous = await dualApprovalThreshold(request, adminToken, '50');
  try {
    const user = await registerUser(request);
    await fund(request, user._id, '200');
    const withdraw = await createWithdraw(request, user.token, '120');

    await openAdminPage(page, `/admin/withdrawals/${withdraw._id}`);
    await expect(page.getByText('Needs two approvals')).toBeVisible();
    await confirmApproval(page, 'Give the first approval?');
    await expect(
      page.getByText('You gave the first approval. Another admin must give the second.'),
    ).toBeVisible();
    await expect(detailRow(page, 'Status')).toContainText('Pending');
    await expect(page.getByRole('button', { name: /^Approve/ })).toBeDisabled();

    // The server refuses the first approver as the second, whatever the screen shows.
    const again = await request.put(`/api/updateWithdraw/${withdraw._id}`, {
      headers: bearer(adminToken),
      data: { id: withdraw._id, status: 'Completed', transactionHash: '0xabc123def456' },
    });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('second_approver_required');

    // An admin the first one had just created could not give the second approval
    // (four-eyes.spec.ts); the second demo admin, who existed before, can.
    const secondPage = await phonePage(browser, baseURL);
    await openAdminPage(secondPage, `/admin/withdrawals/${withdraw._id}`, ADMIN2);
    await expect(secondPage.getByText('Awaiting second approval')).toBeVisible();
    await confirmApproval(secondPage, 'Approve this withdrawal?', '0xfeed5eed0001');
    await expect(detailRow(secondPage, 'Status')).toContainText('Completed');
    await secondPage.context().close();

    const after = await balances(request, user.token);
    expect(after.onHoldMicros).toBe(0n);
    expect(after.balanceMicros).toBe(micros('80'));

    // The audit log names both admins' steps on this withdrawal.
    await page.goto(`/admin/audit?targetId=${withdraw._id}`);
    await expect(page.getByText('withdrawal.first_approved')).toBeVisible();
    await expect(page.getByText('withdrawal.approved', { exact: true })).toBeVisible();
    await expect(page.getByText('admin_second').first()).toBeVisible();
  } finally {
    await dualApprovalThreshold(request, adminToken, previous);
  }
});

test('a name made of markup is plain text on every console list and page', async ({
  page,
  request,
}) => {
  const dialogs = watchDialogs(page);
  const user = await registerUser(request, MARKUP_NAME);
  await fund(request, user._id, '50');
  const deposit = await createDeposit(request, user.token, '15');
  const withdraw = await createWithdraw(request, user.token, '20');
  const kyc = await createKyc(request, user.token);

  const screens = [
    '/admin/deposits',
    `/admin/deposits/${deposit._id}`,
    '/admin/withdrawals',
    `/admin/withdrawals/${withdraw._id}`,
    '/admin/kyc',
    `/admin/kyc/${kyc}`,
    `/admin/users?q=${user.username}`,
    `/admin/users/${user._id}`,
  ];
  for (const path of screens) {
    await openAdminPage(page, path);
    await expect(page.getByText(MARKUP_NAME).first(), path).toBeVisible();
    await expect(page.locator('img[src="x"]'), path).toHaveCount(0);
  }
  expect(dialogs).toEqual([]);
});
