/**
 * The trade chart, on lightweight-charts. This module is the only one that imports the
 * library, and the page loads it with a dynamic import, so the library is a chunk of its
 * own, fetched after the page shows and never part of the first load.
 */
import {
  AreaSeries,
  ColorType,
  CrosshairMode,
  LineStyle,
  createChart,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';

export interface ChartColors {
  background: string;
  text: string;
  grid: string;
  line: string;
  areaTop: string;
  areaBottom: string;
  up: string;
  down: string;
  font: string;
}

export interface ChartPoint {
  /** Whole seconds since the epoch (server clock). */
  timeS: number;
  value: number;
}

export interface EntryLine {
  id: string;
  price: number;
  direction: 'buy' | 'sell';
  title: string;
}

export interface PriceChart {
  /** Replaces every point (the backfill). */
  setPoints(points: readonly ChartPoint[]): void;
  /** Appends a point, or replaces the last one when it is in the same second. */
  append(point: ChartPoint): void;
  /** Horizontal lines at the entry prices of the user's open trades on this pair. */
  setEntryLines(lines: readonly EntryLine[]): void;
  setPriceDecimals(decimals: number): void;
  dispose(): void;
}

/** The chart shows this much history; older points are dropped. */
const WINDOW_S = 5 * 60;
/** Dropping old points needs a full setData: done only once this many more have piled up. */
const TRIM_SLACK = 60;

/** The width of "102,351.63" in the chart's 11 px labels, with the scale's padding. */
const PRICE_SCALE_MIN_WIDTH_PX = 80;

/** How the chart writes its figures: the page's own formats, so the axis reads as the header. */
export interface ChartFormats {
  /** "14:05:09" of whole seconds since the epoch. */
  time(timeS: number): string;
  /** A price as the header shows it ("67,187.33"). */
  price(price: number): string;
}

/**
 * The time axis writes "HH:MM:SS" but spaces its labels as if they were this many characters:
 * the library's estimate of a label's width falls short of the real one at 11 px, and labels
 * spaced by the true length ran together at some widths ("09:58:5110:00:00").
 */
const TIME_LABEL_SPACING_CHARS = 12;

export function createPriceChart(
  container: HTMLElement,
  colors: ChartColors,
  formats: ChartFormats,
): PriceChart {
  const chart: IChartApi = createChart(container, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: colors.background },
      textColor: colors.text,
      fontFamily: colors.font,
      fontSize: 11,
      attributionLogo: true,
    },
    grid: {
      vertLines: { color: colors.grid },
      horzLines: { color: colors.grid },
    },
    rightPriceScale: {
      borderVisible: false,
      scaleMargins: { top: 0.15, bottom: 0.1 },
      // Room for a six-figure price from the start, so the plot does not narrow (a layout
      // shift) when the first prices arrive.
      minimumWidth: PRICE_SCALE_MIN_WIDTH_PX,
    },
    timeScale: {
      borderVisible: false,
      timeVisible: true,
      secondsVisible: false,
      rightOffset: 0,
      tickMarkMaxCharacterLength: TIME_LABEL_SPACING_CHARS,
      tickMarkFormatter: (time: Time) => (typeof time === 'number' ? formats.time(time) : ''),
    },
    localization: {
      timeFormatter: (time: Time) => (typeof time === 'number' ? formats.time(time) : ''),
      priceFormatter: (price: number) => formats.price(price),
    },
    crosshair: { mode: CrosshairMode.Magnet },
    // A small live chart on a phone: the page scrolls, the chart does not pan or zoom.
    handleScroll: false,
    handleScale: false,
  });
  const untabbable = keepLinksOutOfTabOrder(container);
  const series: ISeriesApi<'Area'> = chart.addSeries(AreaSeries, {
    lineColor: colors.line,
    topColor: colors.areaTop,
    bottomColor: colors.areaBottom,
    lineWidth: 2,
    priceLineVisible: true,
    priceLineStyle: LineStyle.Dotted,
    lastValueVisible: true,
  });

  let points: ChartPoint[] = [];
  let priceLines = new Map<string, IPriceLine>();
  let disposed = false;

  const toData = (list: readonly ChartPoint[]) =>
    list.map((point) => ({ time: point.timeS as UTCTimestamp, value: point.value }));

  let shownPrecision: number | null = null;

  const show = () => {
    series.setData(toData(points));
    chart.timeScale().fitContent();
  };

  return {
    setPoints(next) {
      if (disposed) return;
      const sorted = [...next]
        .filter((point) => Number.isFinite(point.value) && Number.isFinite(point.timeS))
        .sort((a, b) => a.timeS - b.timeS);
      // One point per second, the later one wins.
      points = sorted.filter((point, index) => sorted[index + 1]?.timeS !== point.timeS);
      const last = points.at(-1);
      if (last) points = points.filter((point) => point.timeS > last.timeS - WINDOW_S);
      show();
    },
    append(point) {
      if (disposed || !Number.isFinite(point.value)) return;
      const last = points.at(-1);
      // The chart takes only increasing times; a point from an earlier second is stale.
      if (last && point.timeS < last.timeS) return;
      if (last && point.timeS === last.timeS) points[points.length - 1] = point;
      else points.push(point);
      const first = points[0];
      if (first && point.timeS - first.timeS > WINDOW_S + TRIM_SLACK) {
        points = points.filter((p) => p.timeS > point.timeS - WINDOW_S);
        show();
        return;
      }
      series.update({ time: point.timeS as UTCTimestamp, value: point.value });
      chart.timeScale().fitContent();
    },
    setEntryLines(lines) {
      if (disposed) return;
      const next = new Map<string, IPriceLine>();
      for (const line of lines) {
        const existing = priceLines.get(line.id);
        if (existing) {
          next.set(line.id, existing);
          priceLines.delete(line.id);
          continue;
        }
        next.set(
          line.id,
          series.createPriceLine({
            price: line.price,
            color: line.direction === 'buy' ? colors.up : colors.down,
            lineWidth: 1,
            lineStyle: LineStyle.Dashed,
            axisLabelVisible: true,
            title: line.title,
          }),
        );
      }
      for (const stale of priceLines.values()) series.removePriceLine(stale);
      priceLines = next;
    },
    setPriceDecimals(decimals) {
      if (disposed) return;
      const precision = Math.min(8, Math.max(0, Math.floor(decimals)));
      // Called with every quote; new options make the library lay the whole chart out again.
      if (precision === shownPrecision) return;
      shownPrecision = precision;
      series.applyOptions({
        priceFormat: { type: 'price', precision, minMove: 1 / 10 ** precision },
      });
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      untabbable.disconnect();
      chart.remove();
    },
  };
}

/**
 * The chart is a picture to assistive technology (price-chart.tsx hides its drawing), but
 * the library draws its attribution logo as a link inside it, whenever it likes (and again
 * on a colour change). A focusable element in a hidden subtree is a Tab stop that announces
 * nothing, so each such link leaves the tab order; it stays visible and clickable.
 */
function keepLinksOutOfTabOrder(container: HTMLElement): MutationObserver {
  const apply = () => {
    for (const link of container.querySelectorAll('a')) link.tabIndex = -1;
  };
  const observer = new MutationObserver(apply);
  observer.observe(container, { childList: true, subtree: true });
  apply();
  return observer;
}
