/**
 * The wallet end to end, in Chromium at 390×844 against the real server with demo data:
 * a deposit with a screenshot approved by an admin, a transfer with its fee, and
 * withdrawals held, rejected (hold released) and approved. Every balance is checked to the
 * micro-USDT. The expected figures are worked out here, independently of the app's money
 * code, with the rule the product states: fee = amount × percent ÷ 100, rounded half up.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  ALICE,
  apiLogin,
  balances,
  bearer,
  BOB,
  detailRow,
  micros,
  SCREENSHOT_PNG,
  shown,
  signIn,
  typed,
} from './support';

const TRC20_ADDRESS = 'TQ5N6aP7xJzWb1m4Hs3vKd8eR2cYfL9uGt';

/** The fee on `amountMicros` at `percentMicros` (percent × 10⁶), rounded half up. */
function feeOf(amountMicros: bigint, percentMicros: bigint): bigint {
  return (amountMicros * percentMicros + 50_000_000n) / 100_000_000n;
}

/** The record id at the end of the current path, e.g. /deposit/log/<id>. */
function idFromUrl(page: Page): string {
  const id = new URL(page.url()).pathname.split('/').pop();
  if (!id) throw new Error(`no id in ${page.url()}`);
  return decodeURIComponent(id);
}

test.describe.configure({ mode: 'serial' });

test('a deposit with a screenshot, approved by an admin, credits the exact amount', async ({
  page,
  request,
}) => {
  const aliceToken = await apiLogin(request, ALICE);
  const adminToken = await apiLogin(request, ADMIN);
  const before = await balances(request, aliceToken);
  const amount = '12.34';

  await signIn(page, ALICE);
  await page.goto('/deposit');
  await page.getByRole('link', { name: /Deposit with currency: TRC20/ }).click();
  await expect(page).toHaveURL(/\/deposit\/checkout\//);
  await expect(page.getByText(TRC20_ADDRESS)).toBeVisible();

  // Submitting empty says what is missing, in the spec's words.
  await page.getByRole('button', { name: 'Submit Deposit Request' }).click();
  await expect(page.getByText('Amount is required')).toBeVisible();
  await expect(page.getByText('Transaction screenshot is required')).toBeVisible();

  await page.getByLabel('Amount').fill('5');
  await expect(page.getByText('Minimum is 10.00 USDT')).toBeVisible();
  await page.getByLabel('Amount').fill(amount);
  await page.getByLabel('Transaction screenshot').setInputFiles({
    name: 'transfer-proof.png',
    mimeType: 'image/png',
    buffer: SCREENSHOT_PNG,
  });
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Deposit Request' }).click();

  await expect(page.getByText('Deposit submitted!')).toBeVisible();
  await expect(page).toHaveURL(/\/deposit\/log\/[^/]+$/);
  const depositId = idFromUrl(page);
  await expect(page.getByRole('heading', { name: 'Request Pending' })).toBeVisible();
  await expect(detailRow(page, 'Payment Method')).toContainText('Tether USDT (TRC20)');
  await expect(detailRow(page, 'Amount')).toContainText('12.34 USDT');
  // The signed link to the re-encoded screenshot loads under the page's security policy.
  const thumbnail = page.getByRole('img', { name: 'Transaction screenshot' });
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  // Nothing is credited before an admin approves.
  expect((await balances(request, aliceToken)).balanceMicros).toBe(before.balanceMicros);

  const approval = await request.put(`/api/updateDeposit/${depositId}`, {
    data: { id: depositId, status: 'Completed' },
    headers: bearer(adminToken),
  });
  expect(approval.ok()).toBe(true);
  const after = await balances(request, aliceToken);
  expect(after.balanceMicros).toBe(before.balanceMicros + micros(amount));

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Request Completed' })).toBeVisible();
  await page.getByRole('link', { name: 'Show Other Transactions' }).click();
  await expect(page).toHaveURL('/deposit/log');
  const row = page.locator(`a[href="/deposit/log/${depositId}"]`);
  await expect(row).toContainText('Tether USDT');
  await expect(row).toContainText('12.34 USDT');
  await expect(row.getByRole('img', { name: 'Completed' })).toBeVisible();

  await page.goto('/wallet');
  await expect(page.locator(`a[href="/deposit/log/${depositId}"]`)).toContainText('+12.34 USDT');
});

test('a transfer takes the amount from the sender and gives the receiver the net, exactly', async ({
  page,
  request,
}) => {
  const aliceToken = await apiLogin(request, ALICE);
  const bobToken = await apiLogin(request, BOB);
  const aliceBefore = await balances(request, aliceToken);
  const bobBefore = await balances(request, bobToken);
  const settingResponse = await request.get('/api/getSiteSetting');
  const { setting } = (await settingResponse.json()) as { setting: { transferCharge: string } };
  const amount = '20.5';
  const amountMicros = micros(amount);
  const feeMicros = feeOf(amountMicros, micros(setting.transferCharge));
  const netMicros = amountMicros - feeMicros;

  await signIn(page, ALICE);
  await page.goto('/transfer');

  // The user's own Pay ID is refused before any call.
  await page.getByLabel('Receiver Pay ID').fill(aliceBefore.payId);
  await expect(page.getByText('You cannot transfer to your own Pay ID.')).toBeVisible();

  await page.getByLabel('Receiver Pay ID').fill(bobBefore.payId);
  await expect(page.getByText('bob · Bob Schneider')).toBeVisible();
  await page.getByLabel('Amount').fill(amount);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Confirm Transfer' });
  await expect(dialog).toBeVisible();
  for (const text of ['Internal Wallet Transfer', 'Instant', 'Encrypted & Verified']) {
    await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(detailRow(page, 'Receiver Pay ID')).toContainText(bobBefore.payId);
  await expect(detailRow(page, 'Username')).toContainText('bob');
  await expect(detailRow(page, 'Full name')).toContainText('Bob Schneider');
  await expect(detailRow(page, 'Net amount')).toContainText(`${shown(netMicros)} USDT`);
  // Escape closes the dialog; confirming again opens it with the same figures.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await dialog.getByRole('button', { name: 'Confirm & Send' }).click();

  await expect(page.getByText('Transfer request submitted!')).toBeVisible();
  await expect(page).toHaveURL(/\/transfer\/log\/[^/]+$/);
  const transferId = idFromUrl(page);
  await expect(page.getByRole('heading', { name: 'You Sent Funds' })).toBeVisible();
  await expect(detailRow(page, 'Receiver')).toContainText('bob');
  await expect(detailRow(page, 'Transaction ID')).toContainText(transferId);
  await expect(detailRow(page, 'Status')).toContainText('Completed');

  const aliceAfter = await balances(request, aliceToken);
  const bobAfter = await balances(request, bobToken);
  expect(aliceAfter.balanceMicros).toBe(aliceBefore.balanceMicros - amountMicros);
  expect(bobAfter.balanceMicros).toBe(bobBefore.balanceMicros + netMicros);

  // The detail replaced the form in the history: Back does not return to it.
  await page.goBack();
  await expect(page).not.toHaveURL('/transfer');

  await page.goto('/transfer/log');
  const row = page.locator(`a[href="/transfer/log/${transferId}"]`);
  await expect(row).toContainText('Sent');
  await expect(row).toContainText('To bob');
  await expect(row).toContainText('−20.50 USDT');
});

test('a withdrawal holds the amount; rejecting releases it, approving pays it out', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const aliceToken = await apiLogin(request, ALICE);
  const adminToken = await apiLogin(request, ADMIN);

  async function requestWithdrawal(amount: string): Promise<string> {
    await page.goto('/withdraw');
    await page.getByRole('link', { name: /Tether USDT\s*TRC20/ }).click();
    await expect(page).toHaveURL(/\/withdraw\/checkout\//);
    await page.getByLabel('Amount').fill(amount);
    await page.getByLabel('Wallet Address').fill(TRC20_ADDRESS);
    await page.getByRole('button', { name: 'withdraw' }).click();
    await page
      .getByRole('dialog', { name: 'Review withdrawal' })
      .getByRole('button', { name: 'Confirm withdrawal' })
      .click();
    await expect(page.getByText('Withdraw request submitted!')).toBeVisible();
    await expect(page).toHaveURL(/\/withdraw\/log\/[^/]+$/);
    await expect(page.getByRole('heading', { name: 'Request Pending' })).toBeVisible();
    return idFromUrl(page);
  }

  await signIn(page, ALICE);
  const before = await balances(request, aliceToken);

  // Above the balance, the amount is set back to it.
  await page.goto('/withdraw');
  await page.getByRole('link', { name: /Tether USDT\s*TRC20/ }).click();
  await page.getByLabel('Amount').fill('99999999');
  await expect(page.getByText('Amount exceeds your available balance.')).toBeVisible();
  await expect(page.getByLabel('Amount')).toHaveValue(typed(before.balanceMicros));

  const rejectedId = await requestWithdrawal('30');
  await expect(detailRow(page, 'Wallet Address')).toContainText(TRC20_ADDRESS);
  const held = await balances(request, aliceToken);
  expect(held.balanceMicros).toBe(before.balanceMicros - micros('30'));
  expect(held.onHoldMicros).toBe(before.onHoldMicros + micros('30'));

  await page.goto('/wallet');
  await expect(page.locator('dl div', { hasText: 'On hold' })).toContainText(
    `${shown(held.onHoldMicros)} USDT`,
  );

  const reason = 'The address belongs to another network.';
  const rejection = await request.put(`/api/updateWithdraw/${rejectedId}`, {
    data: { id: rejectedId, status: 'Rejected', reason },
    headers: bearer(adminToken),
  });
  expect(rejection.ok()).toBe(true);
  const released = await balances(request, aliceToken);
  expect(released.balanceMicros).toBe(before.balanceMicros);
  expect(released.onHoldMicros).toBe(before.onHoldMicros);

  await page.goto(`/withdraw/log/${rejectedId}`);
  await expect(page.getByRole('heading', { name: 'Request Rejected' })).toBeVisible();
  await expect(page.getByText(`Reason: ${reason}`)).toBeVisible();

  const approvedId = await requestWithdrawal('15');
  const transactionHash = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const approval = await request.put(`/api/updateWithdraw/${approvedId}`, {
    data: { id: approvedId, status: 'Completed', transactionHash },
    headers: bearer(adminToken),
  });
  expect(approval.ok()).toBe(true);
  const paid = await balances(request, aliceToken);
  expect(paid.balanceMicros).toBe(before.balanceMicros - micros('15'));
  expect(paid.onHoldMicros).toBe(before.onHoldMicros);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Request Completed' })).toBeVisible();
  await expect(
    page.getByText('The recipient will receive the funds to the provided wallet address'),
  ).toBeVisible();
  await expect(detailRow(page, 'Transaction hash')).toContainText(transactionHash);

  await page.goto('/withdraw/log');
  await expect(page.locator(`a[href="/withdraw/log/${rejectedId}"]`)).toContainText('30.00 USDT');
  await expect(
    page.locator(`a[href="/withdraw/log/${rejectedId}"]`).getByRole('img', { name: 'Rejected' }),
  ).toBeVisible();
  await expect(
    page.locator(`a[href="/withdraw/log/${approvedId}"]`).getByRole('img', { name: 'Completed' }),
  ).toBeVisible();
});
