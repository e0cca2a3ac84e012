/**
 * Keyboard use (issue 8 §3): Tab moves through sign-in and /trade in the order the eye reads
 * them (top to bottom, left to right within a row), each stop shows that it has the focus (its
 * look, or its frame's, differs from the unfocused one), and the dialogs (src/ui/dialog.tsx:
 * the trade confirmation and a console ConfirmDialog; and the drawer) keep the focus inside,
 * close on Escape and give the focus back to the control that opened them.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import {
  prepareTab,
  tourTest as test,
  waitForSettled,
  type Tour,
  type TourAccess,
} from './route-tour';

/** One Tab stop as the page showed it. */
interface Stop {
  name: string;
  /** In document coordinates, so scrolling while tabbing does not matter. */
  top: number;
  bottom: number;
  left: number;
  /**
   * In a bar fixed to the screen's edge (the trade screen's Buy and Sell, the tab bar): it
   * has no place in the page's flow, so its document position says nothing about order.
   */
  fixed: boolean;
  /** Whether the stop (or its frame) looked different once focused. */
  visible: boolean;
}

/**
 * What shows focus on a control: its own outline (unless the control is transparent, as the
 * language picker's native select laid over its face is), shadows, borders and fills of the
 * control, its frame (a text field's box) and the frame's other children (the picker's face).
 */
function lookOf(element: Element): string {
  const opaque = (node: Element | null): boolean => {
    for (let at = node; at; at = at.parentElement) {
      if (getComputedStyle(at).opacity === '0') return false;
    }
    return true;
  };
  const parts = (node: Element, own: boolean) => {
    const style = getComputedStyle(node);
    const outline =
      own && opaque(node) && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
        ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`
        : 'none';
    return [outline, style.boxShadow, style.borderColor, style.backgroundColor].join(' / ');
  };
  const frame = element.parentElement;
  const others = frame ? Array.from(frame.children).filter((child) => child !== element) : [];
  return [
    parts(element, true),
    ...(frame ? [parts(frame, false)] : []),
    ...others.map((child) => parts(child, false)),
  ].join(' | ');
}

/** Remembers how every control looks unfocused, before the walk starts. */
async function rememberUnfocusedLooks(page: Page): Promise<void> {
  await page.evaluate(
    ({ source }) => {
      const look = new Function(`return (${source})`)() as (element: Element) => string;
      const looks = new WeakMap<Element, string>();
      const focusable = 'a[href], button, input, select, textarea, [tabindex]';
      for (const element of Array.from(document.querySelectorAll(focusable))) {
        looks.set(element, look(element));
      }
      (window as unknown as { unfocusedLooks: WeakMap<Element, string> }).unfocusedLooks = looks;
    },
    { source: lookOf.toString() },
  );
}

/** The focused element as a Tab stop; null when the focus has left the page's content. */
async function currentStop(page: Page): Promise<Stop | null> {
  return page.evaluate(
    ({ source }) => {
      const look = new Function(`return (${source})`)() as (element: Element) => string;
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const rect = element.getBoundingClientRect();
      const label = element.getAttribute('aria-label');
      // The text a screen reader reads: without decoration hidden from it (Buy's arrow).
      const copy = element.cloneNode(true) as Element;
      for (const hidden of Array.from(copy.querySelectorAll('[aria-hidden="true"]'))) {
        hidden.remove();
      }
      const text = (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
      const labelled = (element as HTMLInputElement).labels?.[0]?.textContent?.trim();
      const name = label ?? labelled ?? (text || element.tagName.toLowerCase());
      const before = (
        window as unknown as { unfocusedLooks: WeakMap<Element, string> }
      ).unfocusedLooks.get(element);
      return {
        name: name.slice(0, 40),
        top: rect.top + scrollY,
        bottom: rect.bottom + scrollY,
        left: rect.left + scrollX,
        fixed: (() => {
          for (let at: Element | null = element; at; at = at.parentElement) {
            if (getComputedStyle(at).position === 'fixed') return true;
          }
          return false;
        })(),
        visible: before !== undefined && before !== look(element),
      };
    },
    { source: lookOf.toString() },
  );
}

/** Presses Tab from the top of the page until the focus leaves the page or comes round. */
async function tabThrough(page: Page, maxStops = 60): Promise<Stop[]> {
  await rememberUnfocusedLooks(page);
  const stops: Stop[] = [];
  for (let i = 0; i < maxStops; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await currentStop(page);
    if (!stop) break;
    const first = stops[0];
    if (first && stop.name === first.name && stop.top === first.top && stop.left === first.left) {
      break;
    }
    stops.push(stop);
  }
  return stops;
}

/**
 * Pairs of consecutive stops that go against the reading order: within a row (the two
 * overlap vertically by more than half the smaller one) right to left, else upwards. Into a
 * fixed bar is checked (it comes after what is above it); out of one is not.
 */
function outOfOrder(stops: readonly Stop[]): string[] {
  const problems: string[] = [];
  stops.forEach((stop, index) => {
    const previous = stops[index - 1];
    if (!previous) return;
    // Leaving a fixed bar for the page: the page is wherever it was scrolled to.
    if (previous.fixed && !stop.fixed) return;
    const overlap = Math.min(previous.bottom, stop.bottom) - Math.max(previous.top, stop.top);
    const smaller = Math.min(previous.bottom - previous.top, stop.bottom - stop.top);
    const sameRow = overlap > smaller / 2;
    const backwards = sameRow ? stop.left < previous.left - 1 : stop.top < previous.top - 1;
    if (backwards) problems.push(`"${previous.name}" → "${stop.name}"`);
  });
  return problems;
}

function expectReadingOrderAndVisibleFocus(stops: readonly Stop[], expected: readonly string[]) {
  const names = stops.map((stop) => stop.name);
  for (const name of expected) expect(names, `Tab reaches "${name}"`).toContain(name);
  const positions = expected.map((name) => names.indexOf(name));
  expect(positions, `in this order: ${expected.join(', ')}`).toEqual(
    [...positions].sort((a, b) => a - b),
  );
  expect(outOfOrder(stops), `Tab order against the visual order in ${names.join(', ')}`).toEqual(
    [],
  );
  const invisible = stops.filter((stop) => !stop.visible).map((stop) => stop.name);
  expect(invisible, 'stops that look the same focused and unfocused').toEqual([]);
}

/**
 * The focus is in `dialog` and stays there: Tab from its last control goes to its first,
 * Shift+Tab from the first to the last, and a full round of Tabs never leaves it.
 */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const inside = () => dialog.evaluate((node) => node.contains(document.activeElement));
  await expect.poll(inside, { message: 'the dialog takes the focus' }).toBe(true);
  const controls = dialog.locator(
    'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]',
  );
  const count = await controls.count();
  expect(count, 'the dialog has controls').toBeGreaterThan(0);

  await controls.first().focus();
  await page.keyboard.press('Shift+Tab');
  await expect(controls.last(), 'Shift+Tab on the first control goes to the last').toBeFocused();
  await page.keyboard.press('Tab');
  await expect(controls.first(), 'Tab on the last control goes to the first').toBeFocused();
  for (let i = 0; i < count + 2; i += 1) {
    await page.keyboard.press('Tab');
    expect(await inside(), `Tab ${i + 1} stays in the dialog`).toBe(true);
  }
}

/** Opens a dialog from `opener` with the keyboard, checks the trap, closes it with Escape. */
async function checkDialog(page: Page, opener: Locator, dialog: Locator) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener, 'the focus goes back to the control that opened it').toBeFocused();
}

/** Opens `path` with the tab signed in as `access` (or not), once the page has settled. */
async function openSettled(page: Page, tour: Tour, access: TourAccess, path: string) {
  await prepareTab(page, tour, access, 'en');
  await page.goto(path);
  await waitForSettled(page);
}

const TAB_ORDERS = [
  {
    name: 'sign-in',
    access: 'none',
    path: '/signin',
    order: [
      'Back',
      'Language',
      'Email',
      'Password',
      'Show password',
      'Sign in',
      'Create an account',
    ],
  },
  {
    name: '/trade',
    access: 'user',
    path: '/trade',
    order: ['Open menu', 'Amount', 'Max', 'Buy', 'Sell', 'Markets', 'Orders'],
  },
] as const;

for (const { name, access, path, order } of TAB_ORDERS) {
  test(`${name}: Tab follows the visual order and every stop shows its focus`, async ({
    page,
    tour,
  }) => {
    await openSettled(page, tour, access, path);
    expectReadingOrderAndVisibleFocus(await tabThrough(page), order);
  });
}

test('the drawer traps the focus, closes on Escape and gives the focus back', async ({
  page,
  tour,
}) => {
  await openSettled(page, tour, 'user', '/onchain');
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Open menu' }),
    page.getByRole('dialog', { name: 'Menu' }),
  );
});

test('the trade confirmation traps the focus, closes on Escape and gives the focus back', async ({
  page,
  tour,
}) => {
  await openSettled(page, tour, 'user', '/trade');
  await page.getByLabel('Amount', { exact: true }).fill('10');
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Buy', exact: true }),
    page.getByRole('dialog', { name: 'Confirm Trade' }),
  );
});

test('a console confirmation traps the focus, closes on Escape and gives the focus back', async ({
  page,
  tour,
}) => {
  await openSettled(page, tour, 'admin', `/admin/withdrawals/${tour.ids.withdrawal}`);
  await checkDialog(page, page.getByRole('button', { name: 'Reject' }), page.getByRole('dialog'));
});
