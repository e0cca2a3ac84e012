import styled from 'styled-components';
import { theme } from './theme';

/** A round badge in the brand's gradient with the user's initials (the menu, the profile). */
export const Avatar = styled.span<{ $sizePx: number }>`
  display: grid;
  place-items: center;
  flex: none;
  width: ${({ $sizePx }) => $sizePx}px;
  height: ${({ $sizePx }) => $sizePx}px;
  border-radius: 50%;
  background: ${theme.gradients.brand};
  font-weight: ${theme.fontWeights.bold};
  font-size: ${theme.fontSizes.lg};
`;
