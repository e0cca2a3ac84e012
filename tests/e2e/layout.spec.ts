/**
 * Layout at 390×844 in the two languages that stress it most: German (long words) and
 * Chinese (CJK glyphs, other line heights). On every stop of the route tour: the document
 * does not scroll sideways, no element sticks out of the viewport, and no button, tab, link
 * or heading has its text cut (clipped, ellipsized, or spilling out of its box). All
 * offenders are reported in one failure message, by language, stop and element.
 *
 * One tab walks everything: `prepareTab` switches its session and language for the next
 * documents, so no sign-in form and no second browser context is needed.
 */
import { expect } from '@playwright/test';
import { TOUR_ACCESS, openStop, prepareTab, tourTest as test } from './route-tour';

const LANGUAGES = ['de', 'zh'] as const;

test('no page scrolls sideways and no button or title text is cut, in German and Chinese', async ({
  page,
  tour,
}) => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  for (const language of LANGUAGES) {
    for (const access of TOUR_ACCESS) {
      await prepareTab(page, tour, access, language);
      for (const stop of tour.stops.filter((candidate) => candidate.access === access)) {
        const where = `${language} ${stop.route}`;
        try {
          await openStop(page, stop);
        } catch (error) {
          problems.push(`${where}: ${(error as Error).message.split('\n')[0]}`);
          continue;
        }
        for (const problem of await page.evaluate(findLayoutProblems)) {
          problems.push(`${where}: ${problem}`);
        }
      }
    }
  }
  expect(problems, `${problems.length} layout problems:\n${problems.join('\n')}\n`).toEqual([]);
});

/** Runs in the page: every sideways overflow and every cut control text, described. */
function findLayoutProblems(): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  const viewportPx = root.clientWidth;
  const TOLERANCE_PX = 1;

  const describe = (element: Element): string => {
    const tag = element.tagName.toLowerCase();
    const role = element.getAttribute('role');
    const name =
      element.getAttribute('aria-label') ??
      (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    return `${tag}${role ? `[role=${role}]` : ''} "${name}"`;
  };
  const hiddenForEyes = (element: Element, rect: DOMRect) =>
    rect.width <= 1 ||
    rect.height <= 1 ||
    !element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  /** An ancestor below <body> that clips or scrolls sideways: what it holds cannot stick out. */
  const clippedSideways = (element: Element) => {
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (parent === document.body || parent === root) return false;
      if (getComputedStyle(parent).overflowX !== 'visible') return true;
    }
    return false;
  };

  const textRects = (container: Element): DOMRect[] => {
    const rects: DOMRect[] = [];
    const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent) continue;
      if (hiddenForEyes(parent, parent.getBoundingClientRect())) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      rects.push(...Array.from(range.getClientRects()).filter((rect) => rect.width > 0));
    }
    return rects;
  };

  if (root.scrollWidth > viewportPx + TOLERANCE_PX) {
    problems.push(`the page scrolls sideways (${root.scrollWidth} px wide in ${viewportPx} px)`);
  }

  // Elements reaching past either edge while showing on screen (wholly off-screen ones, like
  // a closed drawer, are not seen). Only the outermost of a sticking-out subtree is named.
  const outside = new Set<Element>();
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const rect = element.getBoundingClientRect();
    if (hiddenForEyes(element, rect) || rect.right <= 0 || rect.left >= viewportPx) continue;
    const sticksOut = rect.right > viewportPx + TOLERANCE_PX || rect.left < -TOLERANCE_PX;
    if (!sticksOut || clippedSideways(element)) continue;
    outside.add(element);
    if (element.parentElement && outside.has(element.parentElement)) continue;
    problems.push(
      `${describe(element)} sticks out of the viewport (${Math.round(rect.left)}–${Math.round(rect.right)} px)`,
    );
  }

  // Controls and headings whose text is cut: the element or a part of it clips its content,
  // or the text runs out of the element's box (a fixed height, a nowrap too long for it).
  const controls = document.body.querySelectorAll(
    'button, [role="button"], [role="tab"], [role="menuitem"], input[type="submit"], input[type="button"], a[href], h1, h2, h3',
  );
  for (const control of Array.from(controls)) {
    const box = control.getBoundingClientRect();
    if (hiddenForEyes(control, box)) continue;
    const parts = [control, ...Array.from(control.querySelectorAll('*'))];
    const clipping = parts.find((part) => {
      const style = getComputedStyle(part);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') return false;
      const rect = part.getBoundingClientRect();
      if (hiddenForEyes(part, rect) || !part.textContent?.trim()) return false;
      return (
        part.scrollWidth > part.clientWidth + TOLERANCE_PX ||
        part.scrollHeight > part.clientHeight + TOLERANCE_PX
      );
    });
    if (clipping) {
      const cut = clipping as HTMLElement;
      problems.push(
        `${describe(control)}: text cut (${cut.scrollWidth}×${cut.scrollHeight} px of content in ${cut.clientWidth}×${cut.clientHeight})`,
      );
      continue;
    }
    // Text the eye sees: not in a visually hidden part (a 1 px label for screen readers).
    const spills = textRects(control).some(
      (rect) =>
        rect.left < box.left - TOLERANCE_PX ||
        rect.right > box.right + TOLERANCE_PX ||
        rect.top < box.top - TOLERANCE_PX ||
        rect.bottom > box.bottom + TOLERANCE_PX,
    );
    if (spills) problems.push(`${describe(control)}: text runs out of its box`);
  }
  return problems;
}
