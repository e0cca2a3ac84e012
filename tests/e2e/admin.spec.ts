/**
 * The admin console end to end, in Chromium at 390×844 against the real server with demo
 * data: a user makes two deposits through the API; the admin sees them counted on the
 * dashboard, opens the deposit queue, looks at the screenshot, approves one and rejects the
 * other with a reason, and the pending count drops each time. Other specs share the
 * database, so counts are read before and compared, never assumed.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN,
  ALICE,
  apiLogin,
  bearer,
  createDeposit,
  detailRow,
  signIn,
  type CreatedDeposit,
} from './support';

async function pendingDeposits(request: APIRequestContext, adminToken: string): Promise<number> {
  const response = await request.get('/api/admin/overview', { headers: bearer(adminToken) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { pending: { deposits: number } }).pending.deposits;
}

const pendingDepositsCard = (page: Page) => page.getByRole('link', { name: /Pending deposits/ });

async function openDeposit(page: Page, deposit: CreatedDeposit) {
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Deposits' })
    .click();
  await expect(page).toHaveURL('/admin/deposits');
  await expect(page.getByRole('link', { name: 'Pending', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByRole('link').filter({ hasText: deposit.transactionId }).click();
  await expect(page).toHaveURL(`/admin/deposits/${deposit._id}`);
  await expect(detailRow(page, 'Reference')).toContainText(deposit.transactionId);
}

test('an admin approves one deposit and rejects another from the queue', async ({
  page,
  request,
}) => {
  const aliceToken = await apiLogin(request, ALICE);
  const adminToken = await apiLogin(request, ADMIN);
  const toApprove = await createDeposit(request, aliceToken, '23.45');
  const toReject = await createDeposit(request, aliceToken, '31.17');
  const pending = await pendingDeposits(request, adminToken);
  expect(pending).toBeGreaterThanOrEqual(2);

  await signIn(page, ADMIN, '/admin');
  await expect(pendingDepositsCard(page)).toContainText(String(pending));

  // Approve: the screenshot is there, a confirmation is asked, the status becomes Completed.
  await openDeposit(page, toApprove);
  await expect(detailRow(page, 'Amount')).toContainText('23.45 USDT');
  const screenshot = page.getByRole('img', { name: 'Transaction screenshot' });
  await expect(screenshot).toBeVisible();
  await expect
    .poll(() => screenshot.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const approveDialog = page.getByRole('dialog', { name: 'Approve this deposit?' });
  await expect(approveDialog).toContainText('23.45 USDT');
  await approveDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(approveDialog).toBeHidden();
  await expect(detailRow(page, 'Status')).toContainText('Completed');
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toBeHidden();

  // The user sees it completed.
  const mine = await request.get(`/api/getDepositDetails/${toApprove._id}`, {
    headers: bearer(aliceToken),
  });
  expect(((await mine.json()) as { deposit: { status: string } }).deposit.status).toBe('Completed');

  // It is listed under Completed, and no longer under Pending.
  await page.goto('/admin/deposits?status=Completed');
  await expect(page.getByRole('link').filter({ hasText: toApprove.transactionId })).toBeVisible();
  await page.getByRole('link', { name: 'Pending', exact: true }).click();
  await expect(page.getByRole('link').filter({ hasText: toReject.transactionId })).toBeVisible();
  await expect(page.getByRole('link').filter({ hasText: toApprove.transactionId })).toHaveCount(0);

  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(pendingDepositsCard(page)).toContainText(String(pending - 1));

  // Reject: a reason is required, and the user is shown it.
  await openDeposit(page, toReject);
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject this deposit?' });
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(rejectDialog.getByText('Enter the reason. The user will see it.')).toBeVisible();
  const reason = 'The screenshot does not show a transfer to our address.';
  await rejectDialog.getByLabel('Reason (shown to the user)').fill(reason);
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(rejectDialog).toBeHidden();
  await expect(detailRow(page, 'Status')).toContainText('Rejected');
  await expect(detailRow(page, 'Reason')).toContainText(reason);

  const rejected = await request.get(`/api/getDepositDetails/${toReject._id}`, {
    headers: bearer(aliceToken),
  });
  const body = (await rejected.json()) as { deposit: { status: string; reason: string } };
  expect(body.deposit).toMatchObject({ status: 'Rejected', reason });

  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(pendingDepositsCard(page)).toContainText(String(pending - 2));
});
