import { css } from 'styled-components';
import { theme } from '../../ui/theme';

/**
 * The strips above the header (offline, viewing as a user, a language to switch to) draw
 * their line the same way: in the app's column, as the header does, with an icon that keeps
 * its size and a text that takes the room the buttons leave.
 */

/** The strip's line: the app's column, its icon at full size. */
export const stripLine = css`
  max-width: ${theme.sizes.contentMaxWidthPx}px;
  margin: 0 auto;

  svg {
    flex: none;
  }
`;

/** The strip's text, growing into the free room of the line. */
export const stripText = css`
  flex: 1;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
`;
