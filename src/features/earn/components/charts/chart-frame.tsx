import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, useId, useMemo, type ReactNode } from 'react';
import { EmptyState } from '../../../../components/load-states';
import { baseChartOptions, readChartTheme, type ChartTone } from './chart-theme';
import { dayTimestamp, formatAxisDay, type DayPoint } from './series';
import styles from './charts.module.css';

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

export interface TimeChartProps {
  /** the chart's name: its heading and accessible name */
  title: string;
  /** one sentence a reader (and a screen reader) gets without looking at the plot */
  summary: ReactNode;
  points: readonly DayPoint[];
  type: 'line' | 'area';
  tone: ChartTone;
  /** a value on the axis, in the tooltip and in the table (already localized) */
  formatValue: (value: number) => string;
  /** the table's column headings */
  valueLabel: string;
  dayLabel: string;
  /** shown instead of the plot when there is nothing to draw */
  empty: { title: ReactNode; text?: ReactNode };
  /** fewer points than this count as empty (one point draws no line) */
  minPoints?: number;
  height?: number;
  /** the y axis's bounds (drawdown never goes above 0) */
  yMax?: number;
  testId: string;
}

export const CHART_HEIGHT = 240;

/**
 * One time-series chart with its states: the heading, a summary sentence, the plot (lazy
 * apexcharts, hidden from assistive technology) with a visually hidden table of the same
 * numbers, or an empty state. Width follows the container (down to 375 px screens).
 */
export function TimeChart({
  title,
  summary,
  points,
  type,
  tone,
  formatValue,
  valueLabel,
  dayLabel,
  empty,
  minPoints = 2,
  height = CHART_HEIGHT,
  yMax,
  testId,
}: TimeChartProps) {
  const titleId = useId();
  const summaryId = useId();
  const hasData = points.length >= minPoints;

  const series = useMemo(
    () => [
      {
        name: valueLabel,
        data: points.map((point) => ({ x: dayTimestamp(point.day), y: point.value })),
      },
    ],
    [points, valueLabel],
  );
  const options = useMemo<ApexOptions>(() => {
    const base = baseChartOptions({
      theme: readChartTheme(),
      tone,
      reducedMotion: prefersReducedMotion(),
      formatX: (timestamp) => formatAxisDay(timestamp).slice(5),
      formatY: formatValue,
      formatTooltipX: formatAxisDay,
    });
    return {
      ...base,
      chart: { ...base.chart, id: testId },
      yaxis: { ...base.yaxis, ...(yMax === undefined ? {} : { max: yMax }) },
      ...(type === 'area'
        ? { fill: { type: 'gradient', gradient: { opacityFrom: 0.35, opacityTo: 0.05 } } }
        : {}),
    };
  }, [formatValue, tone, type, yMax, testId]);

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
            <Suspense
              fallback={
                <div
                  className={styles.placeholder}
                  style={{ height }}
                  data-testid={`${testId}-loading`}
                />
              }
            >
              <ApexChart
                type={type}
                series={series}
                options={options}
                height={height}
                width="100%"
              />
            </Suspense>
          </div>
          <ChartTable
            caption={title}
            dayLabel={dayLabel}
            valueLabel={valueLabel}
            rows={points.map((point) => [
              formatAxisDay(dayTimestamp(point.day)),
              formatValue(point.value),
            ])}
            testId={`${testId}-table`}
          />
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

/** The plotted numbers as a table for screen readers (not painted). */
function ChartTable({
  caption,
  dayLabel,
  valueLabel,
  rows,
  testId,
}: {
  caption: string;
  dayLabel: string;
  valueLabel: string;
  rows: [string, string][];
  testId: string;
}) {
  return (
    <table className={styles.table} data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{dayLabel}</th>
          <th scope="col">{valueLabel}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([day, value]) => (
          <tr key={day}>
            <th scope="row">{day}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
