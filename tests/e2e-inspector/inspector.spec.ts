/**
 * With the inspector flag on (a `VITE_INSPECT=1` build), every state machine of the app
 * shows in the Stately inspector under a readable id: the inspector's window is replaced by
 * a stub page that records what the app posts to it, and the spec walks through every flow.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { fund, placeTrade, registerUser, signIn, uploadPassport } from '../e2e/support';

/** The address `createBrowserInspector` opens; the stub answers it in this test's browser. */
const INSPECTOR_URL = 'https://stately.ai/inspect';

/**
 * Stands in for the inspector: says it is connected (the app then sends what it held back)
 * and hands every inspection event to the test.
 */
const STUB_PAGE = `<!doctype html><title>inspector stub</title><script>
  addEventListener('message', (event) => window.recordInspection(event.data));
  (window.opener || window.parent).postMessage({ type: '@statelyai.connected' }, '*');
</script>`;

interface InspectionMessage {
  type?: string;
  name?: string;
  sessionId?: string;
  parentId?: string;
}

/**
 * Every actor the inspector was told about, from every load of the app, by name: its session
 * and its parent's, so the spec can check which actor is whose child.
 */
async function recordActors(
  context: BrowserContext,
): Promise<Map<string, { sessionId?: string; parentId?: string }>> {
  const names = new Map<string, { sessionId?: string; parentId?: string }>();
  await context.exposeBinding('recordInspection', (_source, message: InspectionMessage) => {
    if (message?.type === '@xstate.actor' && typeof message.name === 'string') {
      names.set(message.name, { sessionId: message.sessionId, parentId: message.parentId });
    }
  });
  await context.route(`${INSPECTOR_URL}**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: STUB_PAGE }),
  );
  return names;
}

async function fillKycUpToDocuments(page: Page): Promise<void> {
  await page.getByLabel('First name').fill('Katherine');
  await page.getByLabel('Last name').fill('Johnson');
  await page.getByLabel('Date of Birth').fill('1990-08-26');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Street address').fill('Hauptstraße 5');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('State/Province').fill('Berlin');
  await page.getByLabel('Postal Code').fill('10115');
  await page.getByLabel('Country').selectOption('DE');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Employment status').selectOption('Employed');
  await page.getByLabel('Annual income').fill('52000');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
}

test('every machine of the app shows in the inspector under a readable id', async ({
  page,
  context,
}) => {
  const names = await recordActors(context);
  // The inspector gets its events when the page is idle, and a page left before then never
  // sends them: each screen waits until its actors have been reported.
  const reported = async (...expected: string[]) =>
    expect.poll(() => expected.filter((name) => !names.has(name)), { timeout: 15_000 }).toEqual([]);
  const account = await registerUser(page.request, 'Inspected Trader');
  await fund(page.request, account._id, '500');
  // A pending 5-minute trade, so that /trade runs a countdown for it.
  const tradeId = await placeTrade(page.request, account.token);
  // A session reminder, so that /trade runs its machine.
  const reminder = await page.request.put('/api/updateTradingLimits', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { sessionReminderMinutes: 15 },
  });
  expect(reminder.ok(), await reminder.text()).toBe(true);

  // The auth actor starts with the sign-in page; the inspector's window opens on each load.
  await signIn(page, account);
  await reported('auth');

  await page.goto('/trade');
  await expect(page.locator(`a[href="/order/${tradeId}"]`)).toBeVisible();
  await reported(`trade:BTCUSDT`, 'trade-countdowns', `countdown:${tradeId}`, 'session-reminder');

  await page.goto('/deposit');
  await page.getByRole('link', { name: /Deposit with currency: TRC20/ }).click();
  await expect(page.getByRole('button', { name: 'Submit Deposit Request' })).toBeVisible();
  await reported('deposit');

  await page.goto('/withdraw');
  await page.getByRole('link', { name: /Tether USDT\s*TRC20/ }).click();
  await expect(page.getByLabel(/wallet address/i)).toBeVisible();
  await reported('withdraw');

  await page.goto('/transfer');
  await expect(page.getByLabel(/Pay ID/i).first()).toBeVisible();
  await reported('transfer');

  await page.goto('/kyc/submit-form');
  await fillKycUpToDocuments(page);
  await uploadPassport(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Start Camera' })).toBeVisible();
  // The face scan is the wizard's child, named by the id the wizard gives it.
  await reported('kyc-wizard', 'upload:idFront', 'upload:idBack', 'faceScan');
  const wizard = names.get('kyc-wizard')?.sessionId;
  expect(wizard).toBeDefined();
  expect(names.get('faceScan')?.parentId).toBe(wizard);
});
