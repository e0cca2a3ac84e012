/**
 * Figures in the reader's language (docs/product.md §1, "How figures are written"): in German
 * the wallet and the withdraw screens write 12.345,67 where English writes 12,345.67, a
 * withdrawal record keeps its precisions (amount 2 decimals, fee and receive amount 4) and
 * trims its coin amount, and switching the language rewrites the figures on the screen.
 * A user of the spec's own, funded with a five-digit balance, at 390×844.
 */
import { expect, test, type Page } from '@playwright/test';
import { STORAGE_KEYS, type Language } from '../../common/rules';
import { bearer, detailRow, fund, keyed, registerUser, type TestAccount } from './support';

const FUNDING = '12345.67';

interface CreatedWithdraw {
  _id: string;
  fee: string;
  needToPay: string;
  coinConversion: string;
  currency: string;
}

/** Signed in as `account` and reading `language`, the way the app keeps both. */
async function prepare(page: Page, account: TestAccount, language: Language): Promise<void> {
  await page.addInitScript(
    ([tokenKey, token, languageKey, lang]) => {
      if (!location.protocol.startsWith('http')) return;
      localStorage.setItem(tokenKey, token);
      localStorage.setItem(languageKey, lang);
    },
    [STORAGE_KEYS.userToken, account.token, STORAGE_KEYS.language, language] as const,
  );
}

test.describe.configure({ mode: 'serial' });

let account: TestAccount;
let withdraw: CreatedWithdraw;

test.beforeAll(async ({ request }) => {
  account = await registerUser(request, 'Zahlen Leserin');
  await fund(request, account._id, FUNDING);
  const methods = await request.get('/api/withdrawMethods', { headers: bearer(account.token) });
  expect(methods.ok()).toBe(true);
  const [method] = (await methods.json()) as { _id: string }[];
  if (!method) throw new Error('no withdraw method in the demo data');
  const created = await request.post('/api/createWithdraw', {
    headers: keyed(account.token),
    data: { gatWay: method._id, paymentAddress: 'TXyzNumbersAddress123', amount: '1000' },
  });
  expect(created.status(), await created.text()).toBe(201);
  withdraw = ((await created.json()) as { withdraw: CreatedWithdraw }).withdraw;
});

/** "12.500000" → "12,5000": German, four decimals (the fee and receive amounts, under 1,000). */
function germanFour(wire: string): string {
  const [whole = '', fraction = ''] = wire.split('.');
  expect(Number(whole)).toBeLessThan(1000);
  return `${whole},${fraction.slice(0, 4)}`;
}

test('the German wallet writes 12.345,67 and switching to English rewrites it', async ({
  page,
}) => {
  await prepare(page, account, 'de');
  await page.goto('/wallet');
  // The hold of the pending withdrawal counts in the total, not in what is available.
  await expect(page.getByText('12.345,67').first()).toBeVisible();
  await expect(page.getByText('11.345,67').first()).toBeVisible();
  await expect(page.getByText('1.000,00').first()).toBeVisible();
  await expect(page.getByText('12,345.67')).toHaveCount(0);

  await page.getByLabel('Sprache').selectOption('en');
  await expect(page.getByText('12,345.67').first()).toBeVisible();
  await expect(page.getByText('12.345,67')).toHaveCount(0);
});

test('the German withdraw screens keep their precisions in German figures', async ({ page }) => {
  await prepare(page, account, 'de');
  await page.goto(`/withdraw/log/${encodeURIComponent(withdraw._id)}`);
  await expect(detailRow(page, 'Betrag')).toContainText('1.000,00 USDT');
  await expect(detailRow(page, 'Bearbeitungsgebühr')).toContainText(
    `${germanFour(withdraw.fee)} USDT`,
  );
  const receive = detailRow(page, 'Du erhältst');
  await expect(receive).toContainText(`${germanFour(withdraw.needToPay)} USDT`);
  // The coin amount by the coin rule: trailing zeros trimmed, never all eight decimals.
  await expect(receive).toContainText(withdraw.currency);
  await expect(receive).not.toContainText(withdraw.coinConversion);

  await page.goto('/withdraw/log');
  await expect(page.getByText('1.000,00 USDT').first()).toBeVisible();

  await page.goto('/withdraw');
  await page.getByRole('link', { name: /TRC20/ }).first().click();
  await expect(page).toHaveURL(/\/withdraw\/checkout\//);
  await expect(page.getByText('11.345,67').first()).toBeVisible();
});
