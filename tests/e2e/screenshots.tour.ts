/**
 * The screenshot tour, run only by `npm run screenshots` (playwright.screenshots.config.ts;
 * the e2e config does not match this file): every stop of the route tour in every language,
 * one tab per language and access level, a full-page PNG each into
 * `<SCREENSHOTS_DIR>/<lang>/<stop>.png`. A page that does not settle is shot as it is and
 * named at the end, so one slow screen does not cost the other shots.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { TOUR_ACCESS, TOUR_LANGUAGES, openStop, prepareTab, tourTest as test } from './route-tour';

const OUTPUT_DIR = path.resolve(process.env.SCREENSHOTS_DIR ?? 'screenshots');
/** SCREENSHOTS_LANGS=de,zh takes only those languages. */
const wanted = process.env.SCREENSHOTS_LANGS?.split(',').map((language) => language.trim());
const LANGUAGES = TOUR_LANGUAGES.filter((language) => !wanted || wanted.includes(language));

const taken: string[] = [];
const unsettled: string[] = [];
const startedMs = Date.now();

for (const language of LANGUAGES) {
  for (const access of TOUR_ACCESS) {
    test(`${language} ${access === 'none' ? 'signed out' : access}`, async ({ page, tour }) => {
      const directory = path.join(OUTPUT_DIR, language);
      mkdirSync(directory, { recursive: true });
      await prepareTab(page, tour, access, language);
      for (const stop of tour.stops.filter((candidate) => candidate.access === access)) {
        try {
          await openStop(page, stop);
        } catch (error) {
          unsettled.push(`${language}/${stop.name}: ${(error as Error).message.split('\n')[0]}`);
        }
        const file = path.join(directory, `${stop.name}.png`);
        await shootWholePage(page, file);
        taken.push(file);
      }
    });
  }
}

/**
 * A full-page shot as tall as the page: the viewport is stretched to the page's height
 * first, so fixed parts (the bottom bar) sit at the bottom instead of across the middle, and
 * rows drawn only near the viewport are drawn.
 */
async function shootWholePage(page: Page, file: string): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 390, height: 844 };
  const heightPx = await page.evaluate(() => document.documentElement.scrollHeight);
  if (heightPx > viewport.height) {
    await page.setViewportSize({ width: viewport.width, height: heightPx });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  }
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await page.setViewportSize(viewport);
}

test.afterAll(() => {
  const seconds = ((Date.now() - startedMs) / 1000).toFixed(0);
  process.stdout.write(`\n${taken.length} screenshots in ${OUTPUT_DIR} (${seconds} s)\n`);
  if (unsettled.length > 0) {
    process.stdout.write(
      `Shot before settling (${unsettled.length}):\n  ${unsettled.join('\n  ')}\n`,
    );
  }
});
