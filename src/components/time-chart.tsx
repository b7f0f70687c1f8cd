import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, useId, useMemo, type ReactNode } from 'react';
import { baseChartOptions, readChartTheme, type ChartTone } from './chart-theme';
import { dayTimestamp, formatAxisDay, type ChartPoint, type DayPoint } from './chart-points';
import { EmptyState } from './load-states';
import styles from './time-chart.module.css';

/**
 * apexcharts (and its React wrapper) load only when a chart is drawn: a chunk of its own that the
 * landing page never requests (`npm run size` checks it). Until it arrives the chart's place is
 * held by a skeleton of the chart's height, so nothing below it moves.
 */
const ApexChart = lazy(() => import('react-apexcharts'));

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

export const CHART_HEIGHT = 240;

/** One plotted line: its name (legend, table heading) and its points in time order. */
export interface ChartLine {
  name: string;
  points: readonly ChartPoint[];
  tone: ChartTone;
}

export interface SeriesChartProps {
  /** the chart's name: its heading and accessible name */
  title: string;
  /** one sentence a reader (and a screen reader) gets without looking at the plot */
  summary: ReactNode;
  lines: readonly ChartLine[];
  type: 'line' | 'area';
  /** a value on the axis, in the tooltip and in the table (already localized) */
  formatValue: (value: number) => string;
  /** an instant in the tooltip and the table, and on the axis */
  formatAt: (at: number) => string;
  formatAxis: (at: number) => string;
  /** the table's first column heading (the time) */
  atLabel: string;
  /** shown instead of the plot when there is nothing to draw */
  empty: { title: ReactNode; text?: ReactNode };
  /** fewer points (on the longest line) than this count as empty (one point draws no line) */
  minPoints?: number;
  height?: number;
  /** the y axis's bounds (drawdown never goes above 0) */
  yMax?: number;
  yMin?: number;
  testId: string;
}

/**
 * A time-series chart with its states: the heading, a summary sentence, the plot (lazy
 * apexcharts, hidden from assistive technology) with a visually hidden table of the same
 * numbers (a column per line), or an empty state. Width follows the container (down to 375 px
 * screens); a legend only when there is more than one line.
 */
export function SeriesChart({
  title,
  summary,
  lines,
  type,
  formatValue,
  formatAt,
  formatAxis,
  atLabel,
  empty,
  minPoints = 2,
  height = CHART_HEIGHT,
  yMax,
  yMin,
  testId,
}: SeriesChartProps) {
  const titleId = useId();
  const summaryId = useId();
  const hasData = lines.some((line) => line.points.length >= minPoints);

  const series = useMemo(
    () =>
      lines.map((line) => ({
        name: line.name,
        data: line.points.map((point) => ({ x: point.at, y: point.value })),
      })),
    [lines],
  );
  const tones = lines.map((line) => line.tone).join(',');
  const options = useMemo<ApexOptions>(() => {
    const theme = readChartTheme();
    const base = baseChartOptions({
      theme,
      tone: (tones.split(',')[0] as ChartTone | undefined) ?? 'primary',
      reducedMotion: prefersReducedMotion(),
      formatX: formatAxis,
      formatY: formatValue,
      formatTooltipX: formatAt,
    });
    const colors = tones.split(',').flatMap((tone) => {
      const color = theme[tone as ChartTone];
      return color === undefined ? [] : [color];
    });
    return {
      ...base,
      chart: { ...base.chart, id: testId },
      ...(colors.length > 1 ? { colors, legend: { show: true, position: 'top' } } : {}),
      yaxis: {
        ...base.yaxis,
        ...(yMax === undefined ? {} : { max: yMax }),
        ...(yMin === undefined ? {} : { min: yMin }),
      },
      ...(type === 'area'
        ? { fill: { type: 'gradient', gradient: { opacityFrom: 0.35, opacityTo: 0.05 } } }
        : {}),
    };
  }, [formatValue, formatAt, formatAxis, tones, type, yMax, yMin, testId]);

  const rows = useMemo(() => {
    const ats = [...new Set(lines.flatMap((line) => line.points.map((point) => point.at)))].sort(
      (a, b) => a - b,
    );
    const byLine = lines.map((line) => new Map(line.points.map((p) => [p.at, p.value])));
    return ats.map((at) => ({
      at,
      cells: byLine.map((values) => {
        const value = values.get(at);
        return value === undefined ? '–' : formatValue(value);
      }),
    }));
  }, [lines, formatValue]);

  return (
    <figure
      className={styles.chart}
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      data-testid={testId}
      data-state={hasData ? 'data' : 'empty'}
    >
      <figcaption className={styles.caption}>
        <h3 id={titleId} className={styles.title}>
          {title}
        </h3>
        {hasData ? (
          <p id={summaryId} className={styles.summary} data-testid={`${testId}-summary`}>
            {summary}
          </p>
        ) : null}
      </figcaption>
      {hasData ? (
        <>
          <div className={styles.plot} style={{ height }} aria-hidden="true">
            <Suspense fallback={<ChartSkeleton height={height} testId={`${testId}-loading`} />}>
              <ApexChart
                type={type}
                series={series}
                options={options}
                height={height}
                width="100%"
              />
            </Suspense>
          </div>
          {/* a table grows to its content whatever its width: the box around it is what hides it */}
          <div className={styles.table}>
            <table data-testid={`${testId}-table`}>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{atLabel}</th>
                  {lines.map((line) => (
                    <th scope="col" key={line.name}>
                      {line.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.at}>
                    <th scope="row">{formatAt(row.at)}</th>
                    {row.cells.map((cell, index) => (
                      <td key={lines[index]?.name ?? index}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <div id={summaryId}>
          <EmptyState title={empty.title} testId={`${testId}-empty`}>
            {empty.text}
          </EmptyState>
        </div>
      )}
    </figure>
  );
}

/** A chart's place while it (or its data) loads: a shimmering block of the chart's height. */
export function ChartSkeleton({
  height = CHART_HEIGHT,
  testId,
}: {
  height?: number;
  testId?: string;
}) {
  return <div className={styles.placeholder} style={{ height }} data-testid={testId} />;
}

export interface TimeChartProps {
  title: string;
  summary: ReactNode;
  /** one line of day points (`YYYY-MM-DD`) */
  points: readonly DayPoint[];
  type: 'line' | 'area';
  tone: ChartTone;
  formatValue: (value: number) => string;
  /** the table's column headings */
  valueLabel: string;
  dayLabel: string;
  empty: { title: ReactNode; text?: ReactNode };
  minPoints?: number;
  height?: number;
  yMax?: number;
  testId: string;
}

const formatAxisMonthDay = (at: number) => formatAxisDay(at).slice(5);

/** One line of values by day: the axis and the table in the platform's date format. */
export function TimeChart({ points, tone, valueLabel, dayLabel, ...rest }: TimeChartProps) {
  const lines = useMemo(
    () => [
      {
        name: valueLabel,
        tone,
        points: points.map((point) => ({ at: dayTimestamp(point.day), value: point.value })),
      },
    ],
    [points, valueLabel, tone],
  );
  return (
    <SeriesChart
      {...rest}
      lines={lines}
      atLabel={dayLabel}
      formatAt={formatAxisDay}
      formatAxis={formatAxisMonthDay}
    />
  );
}
