import { css } from 'styled-components';

/**
 * The two layouts most boxes of the app use, written once: children one under the other, or
 * side by side on one line, `gap` apart. A styled component adds them with
 * `${flexColumn(theme.space.sm)}` and stays static (the CSS is built once, at load).
 */

/** Children one under the other, `gap` apart. */
export const flexColumn = (gap: string) => css`
  display: flex;
  flex-direction: column;
  gap: ${gap};
`;

/** Children side by side, centred on the line, `gap` apart. */
export const flexRow = (gap: string) => css`
  display: flex;
  align-items: center;
  gap: ${gap};
`;

/** An icon centred in a disc `sizePx` across: status marks, step numbers, coin badges. */
export const iconDisc = (sizePx: number) => css`
  display: grid;
  place-items: center;
  width: ${sizePx}px;
  height: ${sizePx}px;
  border-radius: 50%;
`;

/**
 * A radio button stretched invisibly over its label: the whole label is the tap target and
 * draws the choice, while the input keeps the keyboard and the screen reader's semantics.
 */
export const coveringInput = css`
  position: absolute;
  opacity: 0;
  inset: 0;
  margin: 0;
  cursor: pointer;
`;

/**
 * The desktop layout (docs/architecture.md): from this width the user app uses the screen.
 * The main navigation moves from the bottom bar to a rail at the left edge, a screen's
 * column widens, and a route's desktop companion (route-table.ts) stands beside its page.
 */
export const DESKTOP_MIN_WIDTH_PX = 1024;
export const desktopUp = `@media (min-width: ${DESKTOP_MIN_WIDTH_PX}px)`;

/** The navigation rail's width on a desktop screen. */
export const RAIL_WIDTH_PX = 96;

/**
 * The content column's widest on a desktop screen, by screen: a main tab alone, a main tab
 * with its companion beside it (the two together), and any other screen of the user's (a
 * form or a history: wider lines would read worse).
 */
export const DESKTOP_COLUMN_MAX_PX = { tab: 880, withCompanion: 1160, other: 640 } as const;

/** The width of a companion column beside its page. */
export const COMPANION_WIDTH_PX = 400;

/**
 * The CSS variable a screen sets for its content column's widest (`Page` reads it, as does
 * the header's line); phones leave it unset and keep the phone column.
 */
export const PAGE_MAX_WIDTH_VAR = '--page-max-width';
