import styled from 'styled-components';
import { theme } from './theme';

/**
 * A row of tabs of equal width in one bordered box (the markets' and the orders' tabs). The
 * screen gives the row its roles and keys; `columns` is the number of tabs.
 */
export const SegmentedTabs = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${theme.space.xs};
  padding: ${theme.space.xs};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
`;

/** One tab of `SegmentedTabs`; the selected one (`aria-selected`) is raised. */
export const SegmentedTab = styled.button`
  min-height: 40px;
  border: 0;
  border-radius: ${theme.radii.sm};
  background: transparent;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  cursor: pointer;

  &[aria-selected='true'] {
    background: ${theme.colors.surfaceRaised};
    color: ${theme.colors.text};
  }
`;
