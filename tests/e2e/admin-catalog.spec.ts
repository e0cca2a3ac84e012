/**
 * The console's catalog end to end, in Chromium at 390×844 against the real server with
 * demo data: an admin adds a coin, renames it and unlists it; adds a withdraw method (after
 * a refused amount that creates nothing), changes its fee and deletes it. Every change is
 * checked through the public API. The database is shared with other specs, so names carry a
 * random suffix and the demo data's coins and methods are never touched.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, ALICE, apiLogin, bearer, signIn } from './support';

/** Six random upper-case letters and digits. */
const suffix = () => randomBytes(8).toString('hex').toUpperCase().slice(0, 6);

async function listedSymbols(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/getCoinList');
  expect(response.ok()).toBe(true);
  return (await response.json()) as string[];
}

interface PublicWithdrawMethod {
  _id: string;
  coinName: string;
  charge: string;
  minAmount: string;
}

async function withdrawMethods(
  request: APIRequestContext,
  token: string,
): Promise<PublicWithdrawMethod[]> {
  const response = await request.get('/api/withdrawMethods', { headers: bearer(token) });
  expect(response.ok()).toBe(true);
  return (await response.json()) as PublicWithdrawMethod[];
}

test('an admin adds a coin, renames it and unlists it', async ({ page, request }) => {
  const symbol = `E2E${suffix()}`;
  expect(await listedSymbols(request)).not.toContain(symbol);

  await signIn(page, ADMIN, '/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Coins' })
    .click();
  await expect(page).toHaveURL('/admin/coins');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Coins' })).toBeVisible();

  // A symbol that is already listed is refused under the symbol, and nothing is added.
  await page.getByRole('button', { name: 'Add coin' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add a coin' });
  await addDialog.getByLabel('Symbol').fill('btc');
  await expect(addDialog.getByLabel('Symbol')).toHaveValue('BTC');
  await addDialog.getByLabel('Name').fill('Bitcoin again');
  await addDialog.getByRole('button', { name: 'Add coin' }).click();
  await expect(addDialog.getByText('This coin is already listed.')).toBeVisible();

  // The new coin, typed in lower case, is listed upper case.
  await addDialog.getByLabel('Symbol').fill(symbol.toLowerCase());
  await addDialog.getByLabel('Name').fill(`Test coin ${symbol}`);
  await addDialog.getByLabel('Sort order').fill('990');
  await addDialog.getByRole('button', { name: 'Add coin' }).click();
  await expect(addDialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: symbol })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: symbol });
  await expect(row).toContainText(`Test coin ${symbol}`);
  expect(await listedSymbols(request)).toContain(symbol);

  // Rename: the symbol is shown read-only with the reason.
  await page.getByRole('button', { name: `Edit ${symbol}` }).click();
  const editDialog = page.getByRole('dialog', { name: `Edit ${symbol}` });
  await expect(editDialog.getByRole('textbox', { name: 'Symbol' })).toHaveCount(0);
  await expect(editDialog).toContainText('trades and price history refer to it');
  await expect(editDialog.getByLabel('Name')).toBeFocused();
  await editDialog.getByLabel('Name').fill(`Renamed ${symbol}`);
  await editDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(editDialog).toBeHidden();
  await expect(row).toContainText(`Renamed ${symbol}`);

  // Delete: the confirmation says what happens. A refusal while trades on the coin are
  // running (answered here by the test, as real trades would take a minute) keeps the
  // dialog open with the reason; the next try unlists the coin.
  await page.getByRole('button', { name: `Edit ${symbol}` }).click();
  await page.getByRole('button', { name: 'Delete this coin…' }).click();
  const deleteDialog = page.getByRole('dialog', { name: `Delete ${symbol}?` });
  await expect(deleteDialog).toContainText('unlisted');
  await expect(deleteDialog).toContainText('keep its symbol');
  await page.route('**/api/deleteCoin', (route) =>
    route.fulfill({
      status: 409,
      json: { error: `${symbol} has 1 pending trade.`, code: 'coin_in_use' },
    }),
  );
  await deleteDialog.getByRole('button', { name: 'Delete coin' }).click();
  await expect(
    deleteDialog.getByText('This coin still has trades running. Delete it after they settle.'),
  ).toBeVisible();
  expect(await listedSymbols(request)).toContain(symbol);
  await page.unroute('**/api/deleteCoin');
  await deleteDialog.getByRole('button', { name: 'Delete coin' }).click();
  await expect(deleteDialog).toBeHidden();
  await expect(row).toHaveCount(0);
  expect(await listedSymbols(request)).not.toContain(symbol);
  expect(await listedSymbols(request)).toContain('BTC');
});

test('an admin adds a withdraw method, changes its fee and deletes it', async ({
  page,
  request,
}) => {
  const aliceToken = await apiLogin(request, ALICE);
  const coinName = `E2E Coin ${suffix()}`;
  const named = async () =>
    (await withdrawMethods(request, aliceToken)).filter((method) => method.coinName === coinName);

  await signIn(page, ADMIN, '/admin');
  await page.goto('/admin/methods');
  await page
    .getByRole('navigation', { name: 'Kind of method' })
    .getByRole('link', { name: 'Withdrawal' })
    .click();
  await expect(page).toHaveURL('/admin/methods?kind=withdraw');

  await page.getByRole('button', { name: 'Add withdraw method' }).click();
  const dialog = page.getByRole('dialog', { name: 'New withdraw method' });
  await dialog.getByLabel('Coin name').fill(coinName);
  await dialog.getByLabel('Coin symbol').fill('usdt');
  await dialog.getByLabel('Network').fill('TRC20');
  await dialog.getByLabel('Address').fill('TQrY8tryqsYVCYS3MFbtffiPp2ccyn4STm');
  await dialog.getByLabel('Minimum').fill('10.1234567');
  await dialog.getByLabel('Maximum').fill('5000');
  await dialog.getByLabel('Conversion price').fill('1');
  await dialog.getByLabel('Fee').fill('2.5');
  await dialog.getByLabel('Info shown at checkout').fill('Paid out within one business day.');

  // A bad amount: the error is under the field, the cursor is in it, nothing is created.
  await dialog.getByRole('button', { name: 'Add method' }).click();
  await expect(dialog.getByText('Use at most 6 decimals')).toBeVisible();
  await expect(dialog.getByLabel('Minimum')).toBeFocused();
  await expect(dialog.getByLabel('Minimum')).toHaveAttribute('aria-invalid', 'true');
  expect(await named()).toHaveLength(0);

  await dialog.getByLabel('Minimum').fill('10');
  await dialog.getByRole('button', { name: 'Add method' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Withdraw method added' })).toBeVisible();
  const card = page.getByRole('article', { name: `${coinName} TRC20` });
  await expect(card).toContainText('TQrY8tryqsYVCYS3MFbtffiPp2ccyn4STm');
  await expect(card).toContainText('2.50 %');
  const [created] = await named();
  expect(created).toMatchObject({ charge: '2.500000', minAmount: '10.000000' });

  // Change the fee.
  await card.getByRole('button', { name: 'Edit' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit withdraw method' });
  await expect(editDialog.getByLabel('Fee')).toHaveValue('2.5');
  await editDialog.getByLabel('Fee').fill('3.75');
  await editDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(editDialog).toBeHidden();
  await expect(card).toContainText('3.75 %');
  expect((await named())[0]?.charge).toBe('3.750000');

  // Delete: the confirmation says past withdrawals keep it; users no longer see it.
  await card.getByRole('button', { name: 'Delete' }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete this withdraw method?' });
  await expect(deleteDialog).toContainText('keep showing it');
  await deleteDialog.getByRole('button', { name: 'Delete method' }).click();
  await expect(deleteDialog).toBeHidden();
  await expect(card).toHaveCount(0);
  expect(await named()).toHaveLength(0);
  expect((await withdrawMethods(request, aliceToken)).length).toBeGreaterThan(0);
});
