import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useMarketPrice } from '../../services/market-feed-react';
import { serverClockOffset } from '../../services/trade-api';
import { useMarketTicks } from '../../services/trade-queries';
import { clockTime } from '../../ui/date-time';
import { whenIdle } from '../../ui/when-idle';
import { formatPrice, priceDecimals } from '../../ui/market-format';
import type { MarketTicks } from '../../../common/contract';
import type {
  ChartColors,
  ChartFormats,
  ChartPoint,
  createPriceChart as CreatePriceChart,
  EntryLine,
  PriceChart as Chart,
} from './chart-engine';
import { theme } from '../../ui/theme';
import { ChartFrame, ChartOverlay, ChartSkeleton } from './trade-frame';

/** Live points kept for merging with a backfill that arrives after them. */
const MAX_LIVE_POINTS = 600;
/** The chart's code loads when the page is idle, or after this long at the latest. */
const CHART_LOAD_TIMEOUT_MS = 1000;

/** The chart in the theme's colours. */
const CHART_COLORS: ChartColors = {
  background: theme.colors.surface,
  text: theme.colors.textMuted,
  grid: 'rgba(38, 48, 66, 0.55)',
  line: theme.colors.accent,
  areaTop: 'rgba(31, 200, 227, 0.28)',
  areaBottom: 'rgba(31, 200, 227, 0.02)',
  up: theme.colors.success,
  down: theme.colors.danger,
  font: theme.fonts.body,
};

/** The axis in the header's formats (market-format.ts), the times on the 24-hour clock. */
const CHART_FORMATS: ChartFormats = {
  time: (timeS) => clockTime(timeS * 1000),
  // The library hands the axis a float; its shortest decimal text is what formatPrice rounds.
  price: (price) => (Number.isFinite(price) ? formatPrice(String(price)) : ''),
};

/**
 * The pair's price over the last minutes: backfilled from the server's recorded ticks
 * (getMarketTicks, last 5 min), then one point a second from the live feed. The chart code
 * (lightweight-charts) loads on demand in a chunk of its own, and is disposed on unmount.
 */
export const PriceChart = memo(function PriceChart({
  symbol,
  entryLines,
}: {
  symbol: string;
  entryLines: readonly EntryLine[];
}) {
  const { t } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<Chart | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const ticks = useMarketTicks(symbol);
  const quote = useMarketPrice(symbol);
  const live = useRef<ChartPoint[]>([]);

  // The chart's code (50 kB) loads once the backfill has answered and the page is idle, so
  // that the price it brings (pair-header.tsx shows its last one first) is drawn before: on a
  // slow phone the two would compete for the same link and main thread, and the price is the
  // page's largest content.
  const backfillSettled = !ticks.isPending;
  // The backfill the chart holds: it is drawn in the task that builds the chart, so the
  // library lays out and paints once, with the points, instead of empty and then again.
  const latestBackfill = useRef<MarketTicks | undefined>(undefined);
  const drawnBackfill = useRef<MarketTicks | undefined>(undefined);
  useEffect(() => {
    if (!backfillSettled) return;
    let cancelled = false;
    let instance: Chart | null = null;
    let cancelBuild = () => {};
    const fail = (error: unknown) => {
      console.error('The price chart could not load', error);
      if (!cancelled) setLoadFailed(true);
    };
    const build = (createPriceChart: typeof CreatePriceChart) => {
      if (cancelled || !container.current) return;
      try {
        instance = createPriceChart(container.current, CHART_COLORS, CHART_FORMATS);
        drawnBackfill.current = latestBackfill.current;
        showBackfill(instance, drawnBackfill.current, live.current);
        setChart(instance);
      } catch (error) {
        fail(error);
      }
    };
    // Evaluating the library and building the chart are two tasks, not one: on a slow phone
    // each stays nearer the 50 ms that counts as blocking, where together they did not
    // (`npm run lighthouse`: /trade's blocking time 60 ms less).
    const cancelLoad = whenIdle(() => {
      import('./chart-engine')
        .then(({ createPriceChart }) => {
          if (cancelled) return;
          cancelBuild = whenIdle(() => build(createPriceChart), CHART_LOAD_TIMEOUT_MS);
        })
        .catch(fail);
    }, CHART_LOAD_TIMEOUT_MS);
    return () => {
      cancelled = true;
      cancelLoad();
      cancelBuild();
      instance?.dispose();
      setChart(null);
    };
  }, [backfillSettled]);

  // A later backfill (a refetch), merged with the live points that came before it.
  const backfill = ticks.data;
  useEffect(() => {
    latestBackfill.current = backfill;
    if (!chart || !backfill || backfill === drawnBackfill.current) return;
    drawnBackfill.current = backfill;
    showBackfill(chart, backfill, live.current);
  }, [chart, backfill]);

  // Then one point per new quote.
  useEffect(() => {
    if (!quote) return;
    const point = {
      timeS: Math.floor((quote.receivedAt + serverClockOffset()) / 1000),
      value: quote.price,
    };
    live.current.push(point);
    if (live.current.length > MAX_LIVE_POINTS)
      live.current.splice(0, live.current.length - MAX_LIVE_POINTS);
    if (chart) {
      chart.setPriceDecimals(priceDecimals(quote.price));
      chart.append(point);
    }
  }, [chart, quote]);

  useEffect(() => {
    chart?.setEntryLines(entryLines);
  }, [chart, entryLines]);

  const ready = chart !== null && (backfill !== undefined || ticks.isError || quote !== undefined);
  return (
    <ChartFrame>
      <Canvas ref={container} aria-hidden="true" />
      {/* The chart's name, beside the drawing rather than around it: the drawing holds the
          library's attribution link, and an image's content cannot hold a link. */}
      <Picture role="img" aria-label={t`Price chart of the last 5 minutes`} />
      {!ready && !loadFailed && <ChartSkeleton />}
      {loadFailed && (
        <ChartOverlay>
          <Trans>The chart could not load.</Trans>
        </ChartOverlay>
      )}
    </ChartFrame>
  );
});

/** The recorded ticks, then the live points newer than the last of them. */
function showBackfill(
  chart: Chart,
  backfill: MarketTicks | undefined,
  live: readonly ChartPoint[],
): void {
  if (!backfill) return;
  const recorded = backfill.ticks.map((tick) => ({
    timeS: Math.floor(Date.parse(tick.at) / 1000),
    value: Number(tick.price),
  }));
  const last = recorded.at(-1);
  // The precision first: new options lay the chart out again.
  if (last) chart.setPriceDecimals(priceDecimals(last.value));
  const lastRecordedS = last?.timeS ?? -Infinity;
  chart.setPoints([...recorded, ...live.filter((point) => point.timeS > lastRecordedS)]);
}

const Canvas = styled.div`
  position: absolute;
  inset: 0;
`;

/** Covers the chart for assistive technology; the pointer passes through to the chart. */
const Picture = styled.div`
  position: absolute;
  inset: 0;
  pointer-events: none;
`;
