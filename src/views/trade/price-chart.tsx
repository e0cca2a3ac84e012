import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import styled, { useTheme } from 'styled-components';
import { useMarketPrice } from '../../services/market-feed-react';
import { serverClockOffset } from '../../services/trade-api';
import { useMarketTicks } from '../../services/trade-queries';
import { Skeleton } from '../../ui/skeleton';
import { whenIdle } from '../../ui/when-idle';
import { priceDecimals } from '../markets/market-format';
import type { ChartColors, ChartPoint, EntryLine, PriceChart as Chart } from './chart-engine';

/** Live points kept for merging with a backfill that arrives after them. */
const MAX_LIVE_POINTS = 600;
const CHART_HEIGHT_PX = 200;
/** The chart's code loads when the page is idle, or after this long at the latest. */
const CHART_LOAD_TIMEOUT_MS = 1000;

/**
 * The pair's price over the last minutes: backfilled from the server's recorded ticks
 * (getMarketTicks, last 5 min), then one point a second from the live feed. The chart code
 * (lightweight-charts) loads on demand in a chunk of its own, and is disposed on unmount.
 */
export function PriceChart({
  symbol,
  entryLines,
}: {
  symbol: string;
  entryLines: readonly EntryLine[];
}) {
  const { i18n, t } = useLingui();
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<Chart | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const ticks = useMarketTicks(symbol);
  const quote = useMarketPrice(symbol);
  const live = useRef<ChartPoint[]>([]);

  // The time labels follow the language picker without rebuilding the chart.
  const formatTime = useRef((timeS: number) => String(timeS));
  useEffect(() => {
    formatTime.current = (timeS: number) =>
      i18n.date(new Date(timeS * 1000), {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
  }, [i18n]);

  const colors = useMemo<ChartColors>(
    () => ({
      background: theme.colors.surface,
      text: theme.colors.textMuted,
      grid: 'rgba(38, 48, 66, 0.55)',
      line: theme.colors.accent,
      areaTop: 'rgba(31, 200, 227, 0.28)',
      areaBottom: 'rgba(31, 200, 227, 0.02)',
      up: theme.colors.success,
      down: theme.colors.danger,
      font: theme.fonts.body,
    }),
    [theme],
  );

  // The chart's code (50 kB) loads once the backfill has answered and the page is idle, so
  // that the price it brings (pair-header.tsx shows its last one first) is drawn before: on a
  // slow phone the two would compete for the same link and main thread, and the price is the
  // page's largest content.
  const backfillSettled = !ticks.isPending;
  useEffect(() => {
    if (!backfillSettled) return;
    let cancelled = false;
    let instance: Chart | null = null;
    const cancelLoad = whenIdle(() => {
      import('./chart-engine')
        .then(({ createPriceChart }) => {
          if (cancelled || !container.current) return;
          instance = createPriceChart(container.current, colors, (timeS) =>
            formatTime.current(timeS),
          );
          setChart(instance);
        })
        .catch((error: unknown) => {
          console.error('The price chart could not load', error);
          if (!cancelled) setLoadFailed(true);
        });
    }, CHART_LOAD_TIMEOUT_MS);
    return () => {
      cancelled = true;
      cancelLoad();
      instance?.dispose();
      setChart(null);
    };
  }, [colors, backfillSettled]);

  // Backfill, merged with the live points that came before it.
  const backfill = ticks.data;
  useEffect(() => {
    if (!chart || !backfill) return;
    const recorded = backfill.ticks.map((tick) => ({
      timeS: Math.floor(Date.parse(tick.at) / 1000),
      value: Number(tick.price),
    }));
    const lastRecorded = recorded.at(-1)?.timeS ?? -Infinity;
    chart.setPoints([...recorded, ...live.current.filter((point) => point.timeS > lastRecorded)]);
    const lastPrice = recorded.at(-1)?.value;
    if (lastPrice !== undefined) chart.setPriceDecimals(priceDecimals(lastPrice));
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
    <Frame>
      <Canvas ref={container} aria-hidden="true" />
      {/* The chart's name, beside the drawing rather than around it: the drawing holds the
          library's attribution link, and an image's content cannot hold a link. */}
      <Picture role="img" aria-label={t`Price chart of the last 5 minutes`} />
      {!ready && !loadFailed && (
        <Overlay>
          <Skeleton $widthPx={320} $heightPx={CHART_HEIGHT_PX - 32} />
        </Overlay>
      )}
      {loadFailed && (
        <Overlay>
          <Trans>The chart could not load.</Trans>
        </Overlay>
      )}
    </Frame>
  );
}

const Frame = styled.div`
  position: relative;
  width: 100%;
  height: ${CHART_HEIGHT_PX}px;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.md};
`;

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

const Overlay = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  > span {
    max-width: 100%;
  }
`;
