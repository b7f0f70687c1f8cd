import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAxisDay, formatUtc8Time, type ChartPoint } from '../../../components/chart-points';
import { LoadError } from '../../../components/load-states';
import { ChartSkeleton, SeriesChart } from '../../../components/time-chart';
import { useErrorText } from '../../../hooks/use-error-text';
import type { BinfiRound } from '../../../shared/api/binfi';
import { useFlameCharts, useSupplierReturnChart } from '../api/use-binfi';
import {
  equityPoints,
  extremes,
  profitLossPoints,
  supplierReturnPoints,
} from '../utils/chart-series';
import { signed } from '../utils/calculator';
import { formatUsdt } from '../utils/format';
import styles from './binfi.module.css';

const DAY_MS = 86_400_000;
const UTC8_MS = 8 * 3_600_000;

/** Axis labels of instants in UTC+8: hours within two days of data, else month/day. */
function axisFormat(points: readonly ChartPoint[]) {
  const first = points[0]?.at ?? 0;
  const last = points[points.length - 1]?.at ?? 0;
  return last - first <= 2 * DAY_MS
    ? (at: number) => formatUtc8Time(at).slice(11)
    : (at: number) => formatAxisDay(at + UTC8_MS).slice(5);
}

/** The newest snapshot of an answer (whatever order it came in). */
function latestOf<T extends { time: string }>(points: readonly T[]): T | undefined {
  let latest: T | undefined;
  for (const point of points) {
    if (!latest || Date.parse(point.time) > Date.parse(latest.time)) latest = point;
  }
  return latest;
}

function useNumberFormat(places: number, sign: boolean) {
  const { i18n } = useTranslation();
  const language = i18n.language || 'en-US';
  return useMemo(() => {
    const format = new Intl.NumberFormat(language, {
      minimumFractionDigits: places,
      maximumFractionDigits: places,
      signDisplay: sign ? 'exceptZero' : 'auto',
    });
    return (value: number) => format.format(value);
  }, [language, places, sign]);
}

/**
 * Flame's profit and loss, equity and drawdown (ProfitLossChart, EquityAndDrawdownChart: the
 * binfi-flame job's 5-minute snapshots), read again every minute while the round runs.
 */
export function FlameCharts({ round }: { round: BinfiRound }) {
  const { t } = useTranslation('binfi');
  const errorText = useErrorText();
  const { profitLoss, equity } = useFlameCharts(round.fundId, round.state === 'running');
  const number = useNumberFormat(2, false);
  const signedNumber = useNumberFormat(2, true);
  const usdt = useCallback((value: number) => `${number(value)} USDT`, [number]);
  const signedUsdt = useCallback((value: number) => `${signedNumber(value)} USDT`, [signedNumber]);
  const percent = useCallback((value: number) => `${signedNumber(value)} %`, [signedNumber]);

  if (profitLoss.isPending || equity.isPending) {
    return (
      <div className={styles.charts} data-testid="binfi-flame-charts-loading" aria-busy="true">
        <ChartSkeleton />
        <ChartSkeleton />
      </div>
    );
  }
  if (profitLoss.isError || equity.isError) {
    return (
      <LoadError
        message={errorText(profitLoss.error ?? equity.error)}
        onRetry={() => Promise.all([profitLoss.refetch(), equity.refetch()])}
        testId="binfi-flame-charts-error"
      />
    );
  }
  const pnl = profitLossPoints(profitLoss.data);
  const eq = equityPoints(equity.data);
  const latest = latestOf(profitLoss.data.points);
  const { low, high } = extremes(pnl.pnl);
  const lastEquity = latestOf(equity.data.points);
  const empty = { title: t('chart.emptyTitle'), text: t('chart.emptyText') };

  return (
    <div className={styles.charts} data-testid="binfi-flame-charts">
      <SeriesChart
        testId="binfi-chart-pnl"
        title={t('chart.pnl.title')}
        summary={
          latest && low && high
            ? t('chart.pnl.summary', {
                pnl: `${signed(latest.pnl)} USDT`,
                rate: `${signed(latest.pnlRate)} %`,
                time: formatUtc8Time(Date.parse(latest.time)),
                low: signedUsdt(low.value),
                high: signedUsdt(high.value),
              })
            : null
        }
        lines={[{ name: t('chart.pnl.value'), tone: 'primary', points: pnl.pnl }]}
        type="line"
        formatValue={signedUsdt}
        formatAt={formatUtc8Time}
        formatAxis={axisFormat(pnl.pnl)}
        atLabel={t('chart.time')}
        empty={empty}
      />
      <SeriesChart
        testId="binfi-chart-equity"
        title={t('chart.equity.title')}
        summary={
          lastEquity
            ? t('chart.equity.summary', {
                equity: formatUsdt(lastEquity.equity),
                capital: formatUsdt(profitLoss.data.flameCapital),
                time: formatUtc8Time(Date.parse(lastEquity.time)),
              })
            : null
        }
        lines={[{ name: t('chart.equity.value'), tone: 'positive', points: eq.equity }]}
        type="area"
        formatValue={usdt}
        formatAt={formatUtc8Time}
        formatAxis={axisFormat(eq.equity)}
        atLabel={t('chart.time')}
        empty={empty}
      />
      <SeriesChart
        testId="binfi-chart-drawdown"
        title={t('chart.drawdown.title')}
        summary={
          lastEquity
            ? t('chart.drawdown.summary', {
                max: `${equity.data.maxDrawdown} %`,
                now: percent(eq.drawdown[eq.drawdown.length - 1]?.value ?? 0),
              })
            : null
        }
        lines={[{ name: t('chart.drawdown.value'), tone: 'danger', points: eq.drawdown }]}
        type="area"
        yMax={0}
        formatValue={percent}
        formatAt={formatUtc8Time}
        formatAxis={axisFormat(eq.drawdown)}
        atLabel={t('chart.time')}
        empty={empty}
      />
    </div>
  );
}

/**
 * Rock's reward per unit month by month (SupplierReturnChart): what the terms give, added up,
 * and what the pool has paid so far. Months sit from the term's start (before it, from the
 * raise's end).
 */
export function SupplierReturnChart({ round }: { round: BinfiRound }) {
  const { t } = useTranslation('binfi');
  const errorText = useErrorText();
  const query = useSupplierReturnChart(round.fundId);
  const number = useNumberFormat(2, false);
  const usdt = useCallback((value: number) => `${number(value)} USDT`, [number]);
  const series = useMemo(
    () => (query.data ? supplierReturnPoints(query.data, round.startAt ?? round.raiseEnd) : null),
    [query.data, round.startAt, round.raiseEnd],
  );
  const months = series?.months;
  const formatAt = useCallback(
    (at: number) => {
      const month = months?.get(at);
      return month === undefined
        ? formatAxisDay(at + UTC8_MS)
        : t('chart.rock.month', { month, day: formatAxisDay(at + UTC8_MS) });
    },
    [months, t],
  );
  const formatAxis = useCallback((at: number) => formatAxisDay(at + UTC8_MS).slice(0, 7), []);

  if (query.isPending) return <ChartSkeleton testId="binfi-chart-rock-loading" />;
  if (query.isError || !series) {
    return (
      <LoadError
        message={errorText(query.error)}
        onRetry={() => query.refetch()}
        testId="binfi-chart-rock-error"
      />
    );
  }
  const points = query.data.points;
  const last = points[points.length - 1];
  const paidMonths = points.filter((point) => point.paid !== null);
  const lastPaid = paidMonths[paidMonths.length - 1];
  return (
    <SeriesChart
      testId="binfi-chart-rock"
      title={t('chart.rock.title')}
      summary={
        last
          ? [
              t('chart.rock.summary', {
                count: points.length,
                total: formatUsdt(last.expected),
                rate: query.data.rockApr,
                price: formatUsdt(query.data.unitPrice),
              }),
              lastPaid?.paid
                ? t('chart.rock.paid', {
                    count: paidMonths.length,
                    total: formatUsdt(lastPaid.paid),
                  })
                : t('chart.rock.notPaid'),
            ].join(' ')
          : null
      }
      lines={[
        { name: t('chart.rock.expected'), tone: 'primary', points: series.expected },
        { name: t('chart.rock.paidLine'), tone: 'positive', points: series.paid },
      ]}
      minPoints={1}
      type="line"
      formatValue={usdt}
      formatAt={formatAt}
      formatAxis={formatAxis}
      atLabel={t('chart.rock.monthLabel')}
      empty={{ title: t('chart.rock.emptyTitle'), text: t('chart.rock.emptyText') }}
    />
  );
}

/** The charts of a round's side: Rock's reward for Rock, Flame's result for Flame. Public rounds only. */
export function RoundCharts({ round, side }: { round: BinfiRound; side: 'supply' | 'take' }) {
  if (round.isPrivate) return null;
  return side === 'supply' ? <SupplierReturnChart round={round} /> : <FlameCharts round={round} />;
}
