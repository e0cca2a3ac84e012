import styled, { keyframes } from 'styled-components';
import { theme } from './theme';

const shimmer = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;

/** A grey placeholder block shown while content loads; hidden from assistive technology. */
export const Skeleton = styled.span.attrs({ 'aria-hidden': true })<{
  $widthPx?: number;
  $heightPx?: number;
}>`
  display: block;
  width: ${({ $widthPx }) => ($widthPx ? `${$widthPx}px` : '100%')};
  height: ${({ $heightPx = 14 }) => $heightPx}px;
  border-radius: ${theme.radii.sm};
  background: linear-gradient(
    90deg,
    ${theme.colors.surfaceRaised} 25%,
    ${theme.colors.surfaceHover} 50%,
    ${theme.colors.surfaceRaised} 75%
  );
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
`;

/**
 * A placeholder for one line of text, inside the element that will hold the text: inline and
 * one `em` tall, so the line keeps the height its text will have and nothing moves when the
 * text arrives.
 */
export const SkeletonText = styled(Skeleton)<{ $widthEm?: number }>`
  display: inline-block;
  width: ${({ $widthPx, $widthEm = 6 }) => ($widthPx ? `${$widthPx}px` : `${$widthEm}em`)};
  max-width: 100%;
  height: 1em;
  vertical-align: middle;
`;

/** A round placeholder, for an avatar or a coin's badge. */
export const SkeletonCircle = styled(Skeleton)`
  flex: none;
  border-radius: 50%;
`;
