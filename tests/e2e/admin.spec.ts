/**
 * The admin console end to end, in Chromium at 390×844 against the real server with demo
 * data: a user makes two deposits through the API; the admin sees them counted on the
 * dashboard, opens the deposit queue, looks at the screenshot, approves one and rejects the
 * other with a reason, and the pending count drops each time. Other specs share the
 * database, so counts are read before and compared, never assumed.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const ALICE = { email: 'alice@tradewallet.local', password: 'Demo-Trader-2026' };
const ADMIN = { email: 'admin@tradewallet.local', password: 'Admin-Demo-2026' };

/** A valid 1×1 PNG: the server decodes and re-encodes uploads, so it must be a real image. */
const SCREENSHOT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function apiLogin(request: APIRequestContext, who: typeof ALICE): Promise<string> {
  const response = await request.post('/api/login', { data: who });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

interface CreatedDeposit {
  _id: string;
  transactionId: string;
}

/** A deposit made as the user would: the screenshot uploaded, then the request sent once. */
async function createDeposit(
  request: APIRequestContext,
  token: string,
  amount: string,
): Promise<CreatedDeposit> {
  const methods = await request.get('/api/depositMethods', { headers: bearer(token) });
  expect(methods.ok()).toBe(true);
  const [method] = (await methods.json()) as { _id: string }[];
  if (!method) throw new Error('no deposit method in the demo data');

  const upload = await request.post(`/upload?timestamp=${Date.now()}`, {
    headers: bearer(token),
    multipart: { file: { name: 'proof.png', mimeType: 'image/png', buffer: SCREENSHOT_PNG } },
  });
  expect(upload.status()).toBe(201);
  const { fileUrl } = (await upload.json()) as { fileUrl: string };

  const created = await request.post('/api/createDeposit', {
    headers: { ...bearer(token), 'Idempotency-Key': randomUUID() },
    data: { gatWay: method._id, amount, transactionScreenshot: fileUrl },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { deposit: CreatedDeposit }).deposit;
}

async function pendingDeposits(request: APIRequestContext, adminToken: string): Promise<number> {
  const response = await request.get('/api/admin/overview', { headers: bearer(adminToken) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { pending: { deposits: number } }).pending.deposits;
}

async function signInAsAdmin(page: Page) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/admin');
}

const pendingDepositsCard = (page: Page) => page.getByRole('link', { name: /Pending deposits/ });

/** A row of a detail list, found by its exact label. */
function detailRow(page: Page, label: string) {
  return page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
}

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

  await signInAsAdmin(page);
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
