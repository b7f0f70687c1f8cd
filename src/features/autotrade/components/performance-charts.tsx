import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Skeleton } from '../../../components/load-states';
import type {
  EquityDrawdownChart,
  ProfitLossChart,
} from '../../../shared/api/autotrade-strategies';
import { useAutotradeErrorText } from '../hooks/use-autotrade-error-text';
import { formatPercent, formatSignedPercent, formatTradeAmount } from '../utils/format';
import { StrategyChart } from './strategy-chart';
import styles from './autotrade.module.css';

interface ChartQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** Profit-loss, equity and drawdown of a strategy, or of the member's own account under it. */
export function PerformanceCharts({
  profitLoss,
  equity,
  quote,
  testIdPrefix,
}: {
  profitLoss: ChartQuery<ProfitLossChart>;
  equity: ChartQuery<EquityDrawdownChart>;
  quote: string;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('autotrade');
  const errorText = useAutotradeErrorText();
  const percent = useCallback((value: number) => formatSignedPercent(value), []);
  const drawdownText = useCallback((value: number) => formatPercent(value), []);
  const multiple = useCallback((value: number) => value.toFixed(4), []);
  const profitPoints = useMemo(
    () => (profitLoss.data?.list ?? []).map((row) => ({ day: row.day, value: row.profitRate })),
    [profitLoss.data],
  );
  const equityPoints = useMemo(
    () => (equity.data?.list ?? []).map((row) => ({ day: row.day, value: row.value })),
    [equity.data],
  );
  const drawdownPoints = useMemo(
    () => (equity.data?.list ?? []).map((row) => ({ day: row.day, value: row.drawdown })),
    [equity.data],
  );
  if (profitLoss.isError || equity.isError) {
    return (
      <LoadError
        message={errorText(profitLoss.error ?? equity.error)}
        onRetry={() => Promise.all([profitLoss.refetch(), equity.refetch()])}
        testId={`${testIdPrefix}-charts-error`}
      />
    );
  }
  if (!profitLoss.data || !equity.data)
    return <Skeleton lines={6} testId={`${testIdPrefix}-charts-loading`} />;
  const lastProfit = profitLoss.data.list.at(-1);
  const lastEquity = equity.data.list.at(-1);
  const deepest = drawdownPoints.reduce((min, point) => Math.min(min, point.value), 0);
  return (
    <div className={styles.charts}>
      <StrategyChart
        title={t('chart.profitLoss')}
        summary={
          lastProfit
            ? t('chart.profitLossSummary', {
                rate: formatSignedPercent(lastProfit.profitRate),
                profit: `${formatTradeAmount(lastProfit.profit, quote)} ${quote}`,
              })
            : ''
        }
        points={profitPoints}
        type="line"
        tone="positive"
        formatValue={percent}
        valueLabel={t('chart.profitRate')}
        dayLabel={t('chart.day')}
        empty={t('chart.empty')}
        testId={`${testIdPrefix}-chart-profit`}
      />
      <StrategyChart
        title={t('chart.equity')}
        summary={
          lastEquity
            ? t('chart.equitySummary', {
                value: lastEquity.value.toFixed(4),
                equity: `${formatTradeAmount(lastEquity.equity, quote)} ${quote}`,
              })
            : ''
        }
        points={equityPoints}
        type="area"
        tone="primary"
        formatValue={multiple}
        valueLabel={t('chart.equityValue')}
        dayLabel={t('chart.day')}
        empty={t('chart.empty')}
        testId={`${testIdPrefix}-chart-equity`}
      />
      <StrategyChart
        title={t('chart.drawdown')}
        summary={t('chart.drawdownSummary', { value: formatPercent(deepest) })}
        points={drawdownPoints}
        type="area"
        tone="danger"
        formatValue={drawdownText}
        valueLabel={t('chart.drawdownValue')}
        dayLabel={t('chart.day')}
        empty={t('chart.empty')}
        yMax={0}
        testId={`${testIdPrefix}-chart-drawdown`}
      />
    </div>
  );
}
