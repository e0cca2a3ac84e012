/**
 * The browser side of the hostile suites (tests/hostile/ covers the API): the pages run
 * under a policy that allows no inline script, and markup put into every free-text field a
 * user or an admin can fill is shown as text on every screen that shows it, in the user's
 * app and in the console. Nothing runs: no dialog opens, no element the markup describes
 * exists in the page, and the browser reports no policy violation.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import {
  ADMIN,
  apiLogin,
  bearer,
  fund,
  keyed,
  registerUser,
  SCREENSHOT_PNG,
  signIn,
  watchDialogs,
} from './support';

const IMG_MARKUP = '<img src=x onerror=alert(1)>';
const SVG_MARKUP = '<svg/onload=alert(2)>';
const SCRIPT_MARKUP = '<script>alert(3)</script>';

/** Elements or attributes the markup above would have made, had it been parsed as HTML. */
async function injectedElements(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      document.querySelectorAll('img[src="x"], [onerror], [onload], svg[onload], script:not([src])')
        .length,
  );
}

/** Policy violations the page reported (collected from the first script on). */
async function policyViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

/** The HTML document of a navigation: a strict script policy and no inline script. */
async function expectStrictDocument(response: Response | null): Promise<void> {
  expect(response).not.toBeNull();
  const policy = response!.headers()['content-security-policy'] ?? '';
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? '';
  expect(scriptSrc, policy).toContain("'self'");
  expect(scriptSrc).not.toMatch(/'unsafe-inline'|'unsafe-eval'|data:|\*/);
  expect(policy).toMatch(/(?:^|;)\s*object-src 'none'/);
  const html = await response!.text();
  // Every <script> has a src: no inline code, no inline handlers.
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\ssrc=/);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
}

test('markup in every free-text field renders as text, under a policy with no inline script', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const dialogs = watchDialogs(page);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective}: ${event.blockedURI}`),
    );
  });

  // An admin writes markup into both methods' texts and the user's personal notice; the
  // user's own name is markup too.
  const adminToken = await apiLogin(request, ADMIN);
  const methodText = {
    paymentAddressType: 'TRC20',
    paymentAddress: SVG_MARKUP,
    minAmount: '10',
    maxAmount: '5000',
    conversionPrice: '1',
    currencyUsdt: 'USDT',
    coinSymbol: 'USDT',
  };
  const depositMethod = await request.post('/api/createDepositMethod', {
    headers: bearer(adminToken),
    data: { ...methodText, coinName: IMG_MARKUP },
  });
  expect(depositMethod.status(), await depositMethod.text()).toBe(201);
  const withdrawMethod = await request.post('/api/createWithdrawMethod', {
    headers: bearer(adminToken),
    data: {
      ...methodText,
      coinName: SCRIPT_MARKUP,
      info: `${IMG_MARKUP} ${SCRIPT_MARKUP}`,
      charge: '1',
    },
  });
  expect(withdrawMethod.status(), await withdrawMethod.text()).toBe(201);
  const depositMethodId = ((await depositMethod.json()) as { method: { _id: string } }).method._id;
  const withdrawMethodId = ((await withdrawMethod.json()) as { method: { _id: string } }).method
    ._id;

  try {
    const user = await registerUser(request, IMG_MARKUP);
    const noticed = await request.put('/api/updateUser', {
      headers: bearer(adminToken),
      data: {
        id: user._id,
        fullName: IMG_MARKUP,
        username: user.username,
        email: user.email,
        phoneNumber: '+15550101010',
        appNotice: `${SCRIPT_MARKUP} ${SVG_MARKUP}`,
      },
    });
    expect(noticed.ok(), await noticed.text()).toBe(true);
    await fund(request, user._id, '100');

    const upload = await request.post(`/upload?timestamp=${Date.now()}`, {
      headers: bearer(user.token),
      multipart: { file: { name: 'proof.png', mimeType: 'image/png', buffer: SCREENSHOT_PNG } },
    });
    expect(upload.status()).toBe(201);
    const deposit = await request.post('/api/createDeposit', {
      headers: keyed(user.token),
      data: {
        gatWay: depositMethodId,
        amount: '25',
        transactionScreenshot: ((await upload.json()) as { fileUrl: string }).fileUrl,
      },
    });
    expect(deposit.status(), await deposit.text()).toBe(201);
    const depositId = ((await deposit.json()) as { deposit: { _id: string } }).deposit._id;
    const withdrawal = await request.post('/api/createWithdraw', {
      headers: keyed(user.token),
      // A wallet address is checked for its shape, so markup is refused there (400).
      data: { gatWay: withdrawMethodId, paymentAddress: 'TXyzEndToEndAddress123', amount: '20' },
    });
    expect(withdrawal.status(), await withdrawal.text()).toBe(201);
    const withdrawalId = ((await withdrawal.json()) as { withdraw: { _id: string } }).withdraw._id;

    const visit = async (path: string) => {
      await expectStrictDocument(await page.goto(path));
      await page.waitForLoadState('networkidle');
      expect(await injectedElements(page), path).toBe(0);
      expect(await policyViolations(page), path).toEqual([]);
    };

    await signIn(page, user);
    await visit('/app/notice');
    await expect(page.getByText(`${SCRIPT_MARKUP} ${SVG_MARKUP}`)).toBeVisible();
    for (const path of [
      '/',
      '/deposit',
      '/withdraw',
      `/deposit/log/${depositId}`,
      `/withdraw/log/${withdrawalId}`,
      '/settings',
    ]) {
      await visit(path);
    }
    await visit('/user/profile');
    await expect(page.getByLabel('Full Name')).toHaveValue(IMG_MARKUP);

    await page.evaluate(() => localStorage.clear());
    await signIn(page, ADMIN, '/admin');
    await visit(`/admin/users/${user._id}`);
    await expect(page.getByText(IMG_MARKUP).first()).toBeVisible();
    for (const path of [
      `/admin/deposits/${depositId}`,
      `/admin/withdrawals/${withdrawalId}`,
      '/admin/deposits',
      '/admin/withdrawals',
      '/admin/audit',
      '/admin/methods',
    ]) {
      await visit(path);
    }
    await expect(page.getByText(IMG_MARKUP).first()).toBeVisible();
    expect(dialogs).toEqual([]);
  } finally {
    // Other specs take the first listed method: these must not stay listed.
    for (const [route, id] of [
      ['/api/deleteDepositMethod', depositMethodId],
      ['/api/deleteWithdrawMethod', withdrawMethodId],
    ] as const) {
      const deleted = await request.put(route, { headers: bearer(adminToken), data: { id } });
      expect(deleted.ok(), await deleted.text()).toBe(true);
    }
  }
});
