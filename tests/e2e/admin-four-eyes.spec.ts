/**
 * Four eyes with two admins, end to end in Chromium: the demo admin asks for a new admin and
 * for a large credit, cannot approve either (the Approvals page says why), and the second
 * demo admin approves one and rejects the other in their own browser; an admin is disabled
 * with a reason, and enabling them again waits for the second admin too. The API side of
 * every rule is tests/api/four-eyes.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  ADMIN,
  ADMIN2,
  apiLogin,
  approveAsSecondAdmin,
  approvePending,
  balances,
  bearer,
  micros,
  phonePage,
  registerAdmin,
  registerUser,
  signIn,
  type Credentials,
} from './support';

test.describe.configure({ mode: 'serial' });

/** An admin signed in on a phone-sized page of their own. */
async function adminPage(browser: Browser, baseURL: string | undefined, who: Credentials) {
  const page = await phonePage(browser, baseURL);
  await signIn(page, who, '/admin');
  return page;
}

/** The request in the Approvals list whose text includes `text`. */
const requestItem = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Requests' }).getByRole('listitem').filter({ hasText: text });

test('a new admin and a large credit wait for the second admin, who approves and rejects in Approvals', async ({
  browser,
  baseURL,
  request,
}) => {
  const first = await adminPage(browser, baseURL, ADMIN);
  const tag = randomBytes(4).toString('hex');
  const newcomer = {
    email: `four-eyes-${tag}@example.com`,
    username: `four_eyes_${tag}`,
    password: 'Lantern-Harbor-6620',
  };

  // The first admin asks for a new admin: nothing exists yet.
  await first.goto('/admin/admins');
  const create = first.getByRole('region', { name: 'Create admin' });
  await create.getByLabel('Full name').fill('Four Eyes');
  await create.getByLabel('Username').fill(newcomer.username);
  await create.getByLabel('Email').fill(newcomer.email);
  await create.getByLabel('Password', { exact: true }).fill(newcomer.password);
  await create.getByLabel('Confirm password').fill(newcomer.password);
  await create.getByRole('button', { name: 'Create admin' }).click();
  const confirmCreate = first.getByRole('dialog', { name: 'Create this admin?' });
  await expect(confirmCreate).toContainText('Once another admin approves the request');
  await confirmCreate.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create.getByText(`Requested: @${newcomer.username}.`)).toBeVisible();
  const early = await request.post('/api/login', {
    data: { email: newcomer.email, password: newcomer.password },
  });
  expect(early.status()).toBe(401);

  // And a credit of 20,000 USDT: above what one admin may adjust alone.
  const user = await registerUser(request, 'Large Credit');
  await first.goto(`/admin/users/${user._id}`);
  const adjustment = first.getByRole('region', { name: 'Balance adjustment' });
  await adjustment.getByLabel('Amount').fill('20000');
  await expect(adjustment.getByText(/a second admin must approve it/)).toBeVisible();
  await adjustment.getByLabel(/^Reason/).fill('Migrated balance, ticket #2041');
  await adjustment.getByRole('button', { name: 'Review credit' }).click();
  const review = first.getByRole('dialog', { name: 'Credit this wallet?' });
  await expect(review).toContainText('This adjustment needs a second admin');
  await review.getByRole('button', { name: 'Send for approval' }).click();
  await expect(adjustment.getByText(/^Sent for approval/)).toBeVisible();
  expect((await balances(request, user.token)).balanceMicros).toBe(0n);

  // The first admin sees both, may only reject them, and is told why.
  await first.goto('/admin/approvals');
  const ownCreate = requestItem(first, newcomer.email);
  await expect(ownCreate).toContainText('You asked for this, so another admin must approve it.');
  await expect(ownCreate.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(ownCreate.getByRole('button', { name: 'Reject' })).toBeVisible();
  const ownCredit = requestItem(first, `@${user.username}`);
  await expect(ownCredit).toContainText('+20,000.00 USDT');

  // The second admin approves the new admin and rejects the credit.
  const second = await adminPage(browser, baseURL, ADMIN2);
  await second.goto('/admin/approvals');
  const toApprove = requestItem(second, newcomer.email);
  await expect(toApprove).toContainText('Asked by @admin_admin');
  await toApprove.getByRole('button', { name: 'Approve' }).click();
  const approveDialog = second.getByRole('dialog', { name: 'Approve this request?' });
  await approveDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(second.getByText('Approved and carried out.')).toBeVisible();
  const signedIn = await request.post('/api/login', {
    data: { email: newcomer.email, password: newcomer.password },
  });
  expect(signedIn.status()).toBe(200);

  const toReject = requestItem(second, `@${user.username}`);
  await toReject.getByRole('button', { name: 'Reject' }).click();
  const rejectDialog = second.getByRole('dialog', { name: 'Reject this request?' });
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(rejectDialog.getByText('Enter a reason of at least 3 characters.')).toBeVisible();
  await rejectDialog.getByLabel(/^Reason/).fill('No ticket matches this amount');
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(rejectDialog).toBeHidden();
  expect((await balances(request, user.token)).balanceMicros).toBe(0n);

  await second.goto('/admin/approvals?status=Rejected');
  await expect(requestItem(second, `@${user.username}`)).toContainText(
    'No ticket matches this amount',
  );
  await second.goto('/admin/admins');
  await expect(second.getByRole('listitem').filter({ hasText: newcomer.email })).toContainText(
    'at the request of @admin_admin',
  );

  // The same credit asked again and approved moves the money once.
  const again = await request.post(`/api/admin/users/${user._id}/adjustments`, {
    headers: {
      ...bearer(await apiLogin(request, ADMIN)),
      'idempotency-key': randomBytes(16).toString('hex'),
    },
    data: { amount: '20000', reason: 'Migrated balance, ticket #2042' },
  });
  expect(again.status()).toBe(202);
  await approveAsSecondAdmin(
    request,
    ((await again.json()) as { approval: { _id: string } }).approval._id,
  );
  expect((await balances(request, user.token)).balanceMicros).toBe(micros('20000'));
  await first.context().close();
  await second.context().close();
});

test('an admin is disabled with a reason; enabling them again waits for a second admin', async ({
  browser,
  baseURL,
  request,
}) => {
  const other = await registerAdmin(request);
  const first = await adminPage(browser, baseURL, ADMIN);
  await first.goto('/admin/admins');
  const row = first.getByRole('listitem').filter({ hasText: other.email });
  await row.getByRole('button', { name: 'Disable' }).click();
  const disable = first.getByRole('dialog', { name: `Disable @${other.username}?` });
  await disable.getByLabel(/^Reason/).fill('Left the team');
  await disable.getByRole('button', { name: 'Disable' }).click();
  await expect(disable).toBeHidden();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  // Their session ended, and they cannot sign in.
  expect(
    (await request.get('/api/admin/overview', { headers: bearer(other.token) })).status(),
  ).toBe(401);

  await row.getByRole('button', { name: 'Ask to enable' }).click();
  const enable = first.getByRole('dialog', { name: `Ask to enable @${other.username}?` });
  await enable.getByLabel(/^Reason/).fill('Back from leave');
  await enable.getByRole('button', { name: 'Ask' }).click();
  await expect(enable).toBeHidden();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  await approvePending(
    request,
    (approval) => approval.kind === 'admin.enable' && approval.subject.adminId === other._id,
  );
  await first.reload();
  await expect(
    first.getByRole('listitem').filter({ hasText: other.email }).getByText('Disabled', {
      exact: true,
    }),
  ).toHaveCount(0);
  const back = await request.post('/api/login', {
    data: { email: other.email, password: other.password },
  });
  expect(back.status()).toBe(200);
  await first.context().close();
});
