import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EarnEvent } from '../../../../shared/api/earn';
import { amountUnits, currencyDecimals, formatEarnUnits } from '../../utils/amounts';
import { TimeChart } from '../../../../components/time-chart';
import { accumulatedRewardPoints, formatDay } from './series';

/**
 * A subscription's rewards added up by day (area): the reward events of its history
 * (`premium2/PremiumHistory`; paid and compounded rewards count, other movements do not).
 * The summary gives the exact total at the precision table's Interest places; the plot, its
 * tooltip and the table use the totals as numbers (exact at those places).
 */
export function AccumulatedRewardChart({
  events,
  currency,
}: {
  events: readonly EarnEvent[];
  currency: string;
}) {
  const { t } = useTranslation('earn');
  const totals = useMemo(() => accumulatedRewardPoints(events, currency), [events, currency]);
  const decimals = currencyDecimals(currency);
  const points = useMemo(
    () =>
      totals.map(({ day, total }) => ({
        day,
        value: Number(total) / 10 ** decimals,
      })),
    [totals, decimals],
  );
  const format = useCallback(
    (value: number) => {
      const units = amountUnits(Math.abs(value).toFixed(Math.min(decimals, 12)), currency) ?? 0n;
      return t('amount', {
        amount: formatEarnUnits(value < 0 ? -units : units, currency, 'reward'),
        currency,
      });
    },
    [t, currency, decimals],
  );
  const first = totals[0];
  const last = totals[totals.length - 1];
  return (
    <TimeChart
      testId="earn-chart-reward"
      title={t('chart.reward.title')}
      summary={
        first && last
          ? t('chart.reward.summary', {
              total: t('amount', {
                amount: formatEarnUnits(last.total, currency, 'reward'),
                currency,
              }),
              count: totals.length,
              startDay: formatDay(first.day),
              endDay: formatDay(last.day),
            })
          : null
      }
      points={points}
      minPoints={1}
      type="area"
      tone="positive"
      formatValue={format}
      valueLabel={t('chart.reward.value')}
      dayLabel={t('chart.day')}
      empty={{ title: t('chart.reward.empty.title'), text: t('chart.reward.empty.text') }}
    />
  );
}
