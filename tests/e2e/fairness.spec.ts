/**
 * Issue 21's fairness record at 390×844: /fairness signed out in English and German (the
 * figures loaded, axe without serious findings, a screenshot of each); the odds on /trade;
 * a receipts file downloaded from /orders and verified by the offline command.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { STORAGE_KEYS, type Language } from '../../common/rules';
import { ADMIN, apiLogin, bearer, fund, registerUser, signIn } from './support';

const run = promisify(execFile);
const SHOTS = process.env.SHOTS_DIR ?? path.join(os.tmpdir(), 'shots-fair');

async function useLanguage(page: Page, language: Language, token: string | null = null) {
  await page.addInitScript(
    ([key, value, tokenKey, userToken]) => {
      if (!location.protocol.startsWith('http')) return;
      localStorage.setItem(key!, value!);
      if (userToken) localStorage.setItem(tokenKey!, userToken);
    },
    [STORAGE_KEYS.language, language, STORAGE_KEYS.userToken, token],
  );
}

async function seriousFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const PAGES: Record<'en' | 'de', { rule: string; settled: string; none: string }> = {
  en: {
    rule: 'The settlement rule',
    settled: 'Settled trades',
    none: 'No trades were settled in the last 30 days.',
  },
  de: {
    rule: 'Die Abrechnungsregel',
    settled: 'Abgerechnete Trades',
    none: 'In den letzten 30 Tagen wurden keine Trades abgerechnet.',
  },
};

// First: its settled trade is then in the figures the pages after it show (and cache).
test('a downloaded receipts file is verified by the offline command', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await registerUser(request, 'Receipt Keeper');
  await fund(request, user._id, '50');
  const data = {
    coinType: 'BTCUSDT',
    tradeType: 'buy',
    tradeAmount: '10',
    selectedTime: 'trade30Second',
  };
  let tradeId = '';
  for (let attempt = 1; attempt <= 20 && !tradeId; attempt += 1) {
    const created = await request.post('/api/createTrade', {
      headers: { ...bearer(user.token), 'idempotency-key': crypto.randomUUID() },
      data,
    });
    if (created.status() === 503) {
      await page.waitForTimeout(500);
      continue;
    }
    expect(created.status(), await created.text()).toBe(201);
    tradeId = ((await created.json()) as { trade: { _id: string } }).trade._id;
  }
  // Settled by the sweeper once its exit tick is recorded (or void after the window).
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/getTradeDetails/${tradeId}`, {
          headers: bearer(user.token),
        });
        return ((await res.json()) as { trade: { tradeStatus: string } }).trade.tradeStatus;
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBe('Completed');

  await useLanguage(page, 'en', user.token);
  await page.goto('/orders');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download receipts' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^trade-receipts-\d{4}-\d{2}-\d{2}\.json$/);
  const file = path.join(os.tmpdir(), `e2e-receipts-${user._id}.json`);
  await download.saveAs(file);
  await page.screenshot({ path: path.join(SHOTS, 'orders-receipts-en.png') });

  const checked = await run('npx', ['tsx', 'scripts/trades-verify.ts', '--receipts', file]);
  expect(checked.stdout).toContain('settled      1');
  expect(checked.stdout).toContain('verified     1');
  expect(checked.stdout).toContain('result       OK');

  // A changed result is caught, and the command fails.
  const tampered = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    trades: Array<{ trade: { tradeResult: string } }>;
  };
  const entry = tampered.trades[0]!;
  entry.trade.tradeResult = entry.trade.tradeResult === 'win' ? 'loss' : 'win';
  fs.writeFileSync(file, JSON.stringify(tampered));
  const failed = await run('npx', ['tsx', 'scripts/trades-verify.ts', '--receipts', file]).then(
    () => null,
    (error: { code: number; stdout: string }) => error,
  );
  expect(failed?.code).toBe(1);
  expect(failed?.stdout).toContain('MISMATCH');
  fs.rmSync(file, { force: true });
});

for (const language of ['en', 'de'] as const) {
  test(`/fairness signed out in ${language}: the rule, the figures, how to check`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    const stats = page.waitForResponse('**/api/getFairnessStats');
    await page.goto('/fairness');
    expect((await stats).status()).toBe(200);
    const text = PAGES[language];
    await expect(page.getByRole('heading', { name: text.rule })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const record = page.locator('section[aria-labelledby="fairness-record"]');
    // Run alone, the receipts test before settled a trade and the figures show it; in the
    // whole suite an earlier visit may have cached "none" for ten minutes.
    await expect(record.getByText(text.settled).or(record.getByText(text.none))).toBeVisible();
    // Either the figures or the sentence saying there were none; never a skeleton.
    await expect(record.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByText('npm run trades:verify -- --receipts')).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `fairness-${language}.png`), fullPage: true });
  });
}

test('/trade shows the break-even win rate and the 90-day line linking to /fairness', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'Odds Reader');
  await useLanguage(page, 'en', user.token);
  await page.goto('/trade');
  const note = page.getByTestId('break-even');
  await expect(note).toContainText(/At \d+(\.\d+)? % profit you must win \d+\.\d % of trades/);
  const line = page.getByTestId('traders-line');
  await expect(line).toContainText(/Last 90 days|No trades were settled/);
  await expect(line.getByRole('link', { name: 'How trades are settled' })).toHaveAttribute(
    'href',
    '/fairness',
  );
  await line.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'trade-odds-en.png') });

  // The same in German, with its separators.
  await useLanguage(page, 'de', user.token);
  await page.goto('/trade');
  await expect(page.getByTestId('break-even')).toContainText(
    /Bei \d+(,\d+)? % Gewinn musst du \d+,\d % deiner Trades gewinnen/,
  );
  await expect(page.getByTestId('traders-line')).toContainText(/Letzte 90 Tage|keine Trades/);
  await page.getByTestId('traders-line').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'trade-odds-de.png') });
});

test('the console shows where binary options are banned; the dashboard asks until the countries are saved', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, ADMIN);
  const settings = async () => {
    const res = await request.get('/api/admin/settings', { headers: bearer(token) });
    return ((await res.json()) as { trading: { blockedCountries: string[] } }).trading
      .blockedCountries;
  };
  const before = await settings();
  try {
    await signIn(page, ADMIN, '/admin');
    await page.goto('/admin/dashboard');
    const reminder = page.getByTestId('trading-countries-reminder');
    // On a fresh server nobody saved the list; in the whole suite another spec may have.
    const overview = await request.get('/api/admin/overview', { headers: bearer(token) });
    const chosen = ((await overview.json()) as { tradingCountriesChosen: boolean })
      .tradingCountriesChosen;
    if (!chosen) {
      await expect(reminder).toContainText('Choose where timed trades are offered');
      await reminder.click();
      await expect(page).toHaveURL('/admin/settings');
    } else {
      await page.goto('/admin/settings');
    }
    const countries = page.getByRole('region', { name: 'Blocked countries', exact: true });
    const rules = countries.getByRole('region', {
      name: 'Where retail binary options are banned or restricted',
    });
    await expect(rules.getByText('FCA Policy Statement PS19/11', { exact: false })).toBeVisible();
    await expect(rules.getByText('European Union and EEA')).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);

    const israel = rules.getByRole('button', { name: 'Block Israel' });
    if (!before.includes('IL')) {
      await israel.click();
      await expect(israel).toHaveCount(0);
      await countries.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(countries.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
      expect(await settings()).toContain('IL');
    }
    await rules.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'console-jurisdictions-en.png') });
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(reminder).toHaveCount(0);
  } finally {
    await request.put('/api/updateSiteSetting', {
      headers: bearer(token),
      data: { tradingBlockedCountries: before },
    });
  }
});
