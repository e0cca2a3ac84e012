import styled, { createGlobalStyle } from 'styled-components';
import { Card, Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { theme } from '../../ui/theme';

/*
 * The frame of /trade that stands before the rest of its code has loaded (trade-page.tsx):
 * the page with room for the action bar, and the chart's box with its placeholder.
 */

/** The room the page keeps below its content for the action bar (with an open trade in it). */
const ACTION_BAR_ROOM_PX = 132;
const CHART_HEIGHT_PX = 200;

/** Room below the content for the fixed action bar (Buy, Sell, the open trade). */
export const ScreenWithActionBar = styled(Page)`
  padding-bottom: ${ACTION_BAR_ROOM_PX}px;
`;

/**
 * A field or button the keyboard focuses is scrolled into view above the fixed action bar and
 * the bottom navigation, never behind them (and Tab then reads top to bottom: the form, then
 * Buy and Sell).
 */
export const KeepFocusAboveActionBar = createGlobalStyle`
  html {
    scroll-padding-bottom: calc(
      ${theme.sizes.bottomBarHeightPx + ACTION_BAR_ROOM_PX}px + env(safe-area-inset-bottom, 0px)
    );
  }
`;

/** The chart's card while the chart's code loads: the same box, with a placeholder. */
export function ChartCardPlaceholder() {
  return (
    <Card>
      <ChartFrame>
        <ChartSkeleton />
      </ChartFrame>
    </Card>
  );
}

/** The chart's placeholder, until it has drawn its first points. */
export function ChartSkeleton() {
  return (
    <ChartOverlay>
      <Skeleton $widthPx={320} $heightPx={CHART_HEIGHT_PX - 32} />
    </ChartOverlay>
  );
}

export const ChartFrame = styled.div`
  position: relative;
  width: 100%;
  height: ${CHART_HEIGHT_PX}px;
  overflow: hidden;
  border-radius: ${theme.radii.md};
`;

export const ChartOverlay = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  padding: ${theme.space.lg};
  background: ${theme.colors.surface};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};

  > span {
    max-width: 100%;
  }
`;
