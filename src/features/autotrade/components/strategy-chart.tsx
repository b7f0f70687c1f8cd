import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, useId, useMemo, type ReactNode } from 'react';
import { EmptyState } from '../../../components/load-states';
import styles from './autotrade.module.css';

/**
 * apexcharts (and its React wrapper) load only when a chart is drawn: a chunk of its own that
 * the landing page never requests (`npm run size`). A skeleton of the chart's height holds the
 * place until it arrives; a visually hidden table carries the same numbers for screen readers.
 */
const ApexChart = lazy(() => import('react-apexcharts'));

export interface ChartPoint {
  /** YYYY-MM-DD (UTC+8 day of the API) */
  day: string;
  value: number;
}

export type ChartTone = 'primary' | 'positive' | 'danger';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A day's position on the time axis: midnight UTC of that calendar day (shown as that day). */
export function dayTimestamp(day: string): number {
  const match = DAY.exec(day);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
}
const pad = (value: number) => String(value).padStart(2, '0');
export function axisDay(timestamp: number): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCFullYear()}/${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}`;
}

function cssToken(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? undefined : value;
}

const TONE_TOKEN: Record<ChartTone, string> = {
  primary: '--color-primary',
  positive: '--color-positive',
  danger: '--color-danger',
};

export interface StrategyChartProps {
  title: string;
  summary: ReactNode;
  points: readonly ChartPoint[];
  type: 'line' | 'area';
  tone: ChartTone;
  formatValue: (value: number) => string;
  valueLabel: string;
  dayLabel: string;
  empty: ReactNode;
  yMax?: number;
  testId: string;
}

const HEIGHT = 240;

/** One daily series: heading, summary sentence, the plot (lazy) or an empty state. */
export function StrategyChart({
  title,
  summary,
  points,
  type,
  tone,
  formatValue,
  valueLabel,
  dayLabel,
  empty,
  yMax,
  testId,
}: StrategyChartProps) {
  const titleId = useId();
  const hasData = points.length >= 2;
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
    const reduced =
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const color = cssToken(TONE_TOKEN[tone]);
    const border = cssToken('--color-border');
    return {
      chart: {
        id: testId,
        toolbar: { show: false },
        zoom: { enabled: false },
        animations: { enabled: !reduced },
        fontFamily: cssToken('--font-family-base'),
        foreColor: cssToken('--color-text-subtle'),
        background: 'transparent',
        parentHeightOffset: 0,
      },
      colors: color ? [color] : undefined,
      dataLabels: { enabled: false },
      legend: { show: false },
      stroke: { width: 2, curve: 'straight' },
      grid: { borderColor: border, strokeDashArray: 4, padding: { left: 8, right: 8 } },
      markers: { size: 0, hover: { size: 4 } },
      xaxis: {
        type: 'datetime',
        labels: {
          datetimeUTC: true,
          hideOverlappingLabels: true,
          formatter: (_value, timestamp) =>
            timestamp === undefined ? '' : axisDay(timestamp).slice(5),
        },
        tooltip: { enabled: false },
      },
      yaxis: {
        labels: { formatter: (value) => formatValue(value) },
        tickAmount: 4,
        ...(yMax === undefined ? {} : { max: yMax }),
      },
      tooltip: {
        theme: 'light',
        x: { formatter: (value) => axisDay(Number(value)) },
        y: { formatter: (value) => (value === null ? '' : formatValue(value)) },
      },
      ...(type === 'area'
        ? { fill: { type: 'gradient', gradient: { opacityFrom: 0.35, opacityTo: 0.05 } } }
        : {}),
    };
  }, [formatValue, tone, type, yMax, testId]);

  return (
    <figure
      className={styles.chart}
      aria-labelledby={titleId}
      data-testid={testId}
      data-state={hasData ? 'data' : 'empty'}
    >
      <figcaption className={styles.chartCaption}>
        <h3 id={titleId} className={styles.chartTitle}>
          {title}
        </h3>
        {hasData ? (
          <p className={styles.muted} data-testid={`${testId}-summary`}>
            {summary}
          </p>
        ) : null}
      </figcaption>
      {hasData ? (
        <>
          <div className={styles.plot} style={{ height: HEIGHT }} aria-hidden="true">
            <Suspense
              fallback={
                <div
                  className={styles.placeholder}
                  style={{ height: HEIGHT }}
                  data-testid={`${testId}-loading`}
                />
              }
            >
              <ApexChart
                type={type}
                series={series}
                options={options}
                height={HEIGHT}
                width="100%"
              />
            </Suspense>
          </div>
          <table className={styles.visuallyHidden} data-testid={`${testId}-table`}>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{dayLabel}</th>
                <th scope="col">{valueLabel}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.day}>
                  <th scope="row">{axisDay(dayTimestamp(point.day))}</th>
                  <td>{formatValue(point.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <EmptyState title={empty} testId={`${testId}-empty`} />
      )}
    </figure>
  );
}
