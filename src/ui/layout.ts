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
