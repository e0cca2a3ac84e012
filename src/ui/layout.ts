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
