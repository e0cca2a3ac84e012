/**
 * Accessibility (issue 8 §3): axe-core with the WCAG 2.1 A/AA rules and its best practices on
 * every route of the route tour, signed out, as a user and as an admin as each route requires,
 * with real records behind the detail pages; then on the states a user reaches by interaction
 * (the open drawer, the confirmation dialogs, forms showing their errors); then the main
 * screens in German, and `<html lang>` in every language. A serious or critical violation
 * fails the test, all of them listed in one message (where, rule, element, what is wrong);
 * lesser ones are only listed in the test's annotations.
 *
 * `A11Y_REPORT=/some/dir` also writes every finding of each test, of every impact, as JSON
 * there (for before/after counts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import type { Language } from '../../common/rules';
import {
  TOUR_LANGUAGES,
  openStop,
  prepareTab,
  tourTest as test,
  waitForSettled,
  type Tour,
  type TourAccess,
  type TourStop,
} from './route-tour';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING_IMPACTS: readonly string[] = ['serious', 'critical'];

/** The tabs and entry screens checked again in German: a translation can change a name. */
const GERMAN_ROUTES: Record<TourAccess, readonly string[]> = {
  none: ['/', '/signin', '/signup'],
  user: ['/markets', '/trade', '/orders', '/wallet', '/onchain', '/deposit', '/transfer'],
  admin: ['/admin', '/admin/users', '/admin/settings'],
};

interface Finding {
  /** The route (as the route table has it) or the state, with who and which language. */
  where: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/** Runs axe on the page as it is now, and checks that `<html lang>` is the language shown. */
async function audit(page: Page, where: string, language: Language): Promise<Finding[]> {
  const findings: Finding[] = [];
  const lang = await page.locator('html').getAttribute('lang');
  if (lang !== language) {
    findings.push({
      where,
      rule: 'html-lang-follows-language',
      impact: 'serious',
      target: 'html',
      summary: `lang="${lang}" on a page shown in ${language}`,
    });
  }
  // A dialog fading in or a message sliding in would be judged at half opacity.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  for (const violation of results.violations) {
    for (const node of violation.nodes) {
      findings.push({
        where,
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        target: node.target.join(' '),
        summary: (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim(),
      });
    }
  }
  return findings;
}

/** Collects the findings of one test, and judges them once at its end. */
function findingsOf(testInfo: TestInfo) {
  const all: Finding[] = [];
  return {
    async audit(page: Page, where: string, language: Language) {
      all.push(...(await audit(page, where, language)));
    },
    judge() {
      const report = process.env.A11Y_REPORT;
      if (report) {
        mkdirSync(report, { recursive: true });
        const file = `${testInfo.titlePath.slice(1).join(' ').replace(/\W+/g, '-')}.json`;
        writeFileSync(path.join(report, file), JSON.stringify(all, null, 1));
      }
      const lesser = all.filter((finding) => !BLOCKING_IMPACTS.includes(finding.impact));
      for (const finding of lesser) {
        testInfo.annotations.push({ type: `a11y ${finding.impact}`, description: line(finding) });
      }
      const blocking = all.filter((finding) => BLOCKING_IMPACTS.includes(finding.impact));
      expect(
        blocking,
        `${blocking.length} serious or critical accessibility violations:\n` +
          blocking.map(line).join('\n'),
      ).toEqual([]);
    },
  };
}

const line = (finding: Finding) =>
  `  ${finding.where}: ${finding.rule} (${finding.impact}) at ${finding.target}: ${finding.summary}`;

const stopsOf = (tour: Tour, access: TourAccess) =>
  tour.stops.filter((stop) => stop.access === access);

const label = (stop: TourStop, access: TourAccess, language: Language) =>
  `${stop.route} (${access}, ${language})`;

/** Opens the drawer from a tab screen's logo button. */
async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await waitForSettled(page);
}

test.describe.configure({ timeout: 240_000 });

test('signed out: every public route, the drawer and the forms with their errors', async ({
  page,
  tour,
}, testInfo) => {
  const findings = findingsOf(testInfo);
  await prepareTab(page, tour, 'none', 'en');
  for (const stop of stopsOf(tour, 'none')) {
    await openStop(page, stop);
    await findings.audit(page, label(stop, 'none', 'en'), 'en');
  }

  await page.goto('/');
  await waitForSettled(page);
  await openDrawer(page);
  await findings.audit(page, 'drawer on / (none, en)', 'en');

  await page.goto('/signin');
  await waitForSettled(page);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await findings.audit(page, 'sign-in errors (none, en)', 'en');

  await page.goto('/signup');
  await waitForSettled(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await findings.audit(page, 'sign-up errors (none, en)', 'en');

  findings.judge();
});

test('as a user: every user route with real records, the drawer, dialogs and form errors', async ({
  page,
  tour,
}, testInfo) => {
  const findings = findingsOf(testInfo);
  await prepareTab(page, tour, 'user', 'en');
  for (const stop of stopsOf(tour, 'user')) {
    await openStop(page, stop);
    await findings.audit(page, label(stop, 'user', 'en'), 'en');
  }

  await page.goto('/onchain');
  await waitForSettled(page);
  await openDrawer(page);
  await findings.audit(page, 'drawer on /onchain (user, en)', 'en');

  await page.goto('/trade');
  await waitForSettled(page);
  await page.getByLabel('Amount', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Trade' })).toBeVisible();
  await waitForSettled(page);
  await findings.audit(page, 'trade confirmation dialog (user, en)', 'en');

  await page.goto('/trade');
  await waitForSettled(page);
  await page.getByLabel('Amount', { exact: true }).fill('1');
  await page.getByRole('button', { name: 'Sell', exact: true }).click();
  await expect(page.getByLabel('Amount', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await findings.audit(page, 'trade form errors (user, en)', 'en');

  await page.goto('/transfer');
  await waitForSettled(page);
  await page.locator('main form button[type="submit"]').click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await findings.audit(page, 'transfer form errors (user, en)', 'en');

  await page.goto('/user/password');
  await waitForSettled(page);
  await page.locator('main form button[type="submit"]').click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await findings.audit(page, 'password form errors (user, en)', 'en');

  await page.goto('/kyc/submit-form');
  await waitForSettled(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await findings.audit(page, 'KYC form errors (user, en)', 'en');

  findings.judge();
});

test('as an admin: every console route with real records and a confirmation dialog', async ({
  page,
  tour,
}, testInfo) => {
  const findings = findingsOf(testInfo);
  await prepareTab(page, tour, 'admin', 'en');
  for (const stop of stopsOf(tour, 'admin')) {
    await openStop(page, stop);
    // The view-as stop shows the user's app in this tab: it is judged as that.
    await findings.audit(page, label(stop, 'admin', 'en'), 'en');
  }

  await page.goto(`/admin/withdrawals/${tour.ids.withdrawal}`);
  await waitForSettled(page);
  await page.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await findings.audit(page, 'reject dialog (admin, en)', 'en');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.locator('[aria-invalid="true"]')).toBeVisible();
  await findings.audit(page, 'reject dialog with its error (admin, en)', 'en');

  findings.judge();
});

test('in German: the main screens, and <html lang> follows every language', async ({
  browser,
  tour,
}, testInfo) => {
  const findings = findingsOf(testInfo);
  for (const access of ['none', 'user', 'admin'] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await prepareTab(page, tour, access, 'de');
    for (const stop of stopsOf(tour, access)) {
      if (!GERMAN_ROUTES[access].includes(stop.route)) continue;
      await openStop(page, stop);
      await findings.audit(page, label(stop, access, 'de'), 'de');
    }
    await context.close();
  }

  const context = await browser.newContext();
  const page = await context.newPage();
  for (const language of TOUR_LANGUAGES) {
    await prepareTab(page, tour, 'none', language);
    await page.goto('/signin');
    await waitForSettled(page);
    await expect(page.locator('html'), `lang in ${language}`).toHaveAttribute('lang', language);
  }
  // Switching with the picker changes it at once, without a reload.
  await page
    .getByRole('combobox', { name: /Sprache|Language|语言|Idioma|Langue/ })
    .selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await context.close();

  findings.judge();
});
