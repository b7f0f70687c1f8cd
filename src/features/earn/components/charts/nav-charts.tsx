import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../../utils/amounts';
import { TimeChart } from '../../../../components/time-chart';
import {
  annualisedReturnPoints,
  ANNUALISE_MIN_DAYS,
  drawdownPoints,
  formatDay,
  type DayPoint,
} from './series';

/** A NAV with 4 places in the reader's language (1.0523). */
export function formatNav(value: number, language: string | undefined): string {
  return new Intl.NumberFormat(language || 'en-US', {
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
  }).format(value);
}

/** A signed percentage with 2 places ("+5.23%", "-3.6%"). */
export function formatSignedRate(value: number, language: string | undefined): string {
  const rounded = Math.round(value * 100) / 100;
  const text = formatRate(Math.abs(rounded), language);
  if (rounded > 0) return `+${text}`;
  if (rounded < 0) return `-${text}`;
  return text;
}

/** The product's net asset value by day (line). */
export function NavChart({ points }: { points: readonly DayPoint[] }) {
  const { t, i18n } = useTranslation('earn');
  const language = i18n.language;
  const format = useCallback((value: number) => formatNav(value, language), [language]);
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <TimeChart
      testId="earn-chart-nav"
      title={t('chart.nav.title')}
      summary={
        first && last
          ? t('chart.nav.summary', {
              start: format(first.value),
              startDay: formatDay(first.day),
              end: format(last.value),
              endDay: formatDay(last.day),
              change: formatSignedRate((last.value / first.value - 1) * 100, language),
            })
          : null
      }
      points={points}
      type="line"
      tone="primary"
      formatValue={format}
      valueLabel={t('chart.nav.value')}
      dayLabel={t('chart.day')}
      empty={{ title: t('chart.nav.empty.title'), text: t('chart.nav.empty.text') }}
    />
  );
}

/** Drawdown from the running high of the NAV, in percent (area under 0). */
export function DrawdownChart({ nav }: { nav: readonly DayPoint[] }) {
  const { t, i18n } = useTranslation('earn');
  const language = i18n.language;
  const points = useMemo(() => drawdownPoints(nav), [nav]);
  const format = useCallback((value: number) => formatSignedRate(value, language), [language]);
  const deepest = points.reduce<DayPoint | undefined>(
    (low, point) => (low === undefined || point.value < low.value ? point : low),
    undefined,
  );
  const now = points[points.length - 1];
  return (
    <TimeChart
      testId="earn-chart-drawdown"
      title={t('chart.drawdown.title')}
      summary={
        deepest && now
          ? deepest.value < 0
            ? t('chart.drawdown.summary', {
                max: format(deepest.value),
                day: formatDay(deepest.day),
                now: format(now.value),
              })
            : t('chart.drawdown.none')
          : null
      }
      points={points}
      type="area"
      tone="danger"
      formatValue={format}
      valueLabel={t('chart.drawdown.value')}
      dayLabel={t('chart.day')}
      yMax={0}
      empty={{ title: t('chart.nav.empty.title'), text: t('chart.nav.empty.text') }}
    />
  );
}

/**
 * An annual return over time, in percent. `basis` says where the figures come from:
 * - `nav`: `points` are the NAV; the chart shows the annualised return since the first posted
 *   NAV, from `ANNUALISE_MIN_DAYS` days after it (NAV products);
 * - `applied`: `points` are the yearly rate applied on each reward day of a subscription
 *   (`appliedRatePoints` of its reward events: the member's level rate, day by day).
 */
export function AnnualReturnChart({
  points: input,
  basis,
}: {
  points: readonly DayPoint[];
  basis: 'nav' | 'applied';
}) {
  const { t, i18n } = useTranslation('earn');
  const language = i18n.language;
  const points = useMemo(
    () => (basis === 'nav' ? annualisedReturnPoints(input) : [...input]),
    [basis, input],
  );
  const format = useCallback((value: number) => formatSignedRate(value, language), [language]);
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <TimeChart
      testId="earn-chart-return"
      title={t(`chart.return.${basis}.title`)}
      summary={
        first && last
          ? t(`chart.return.${basis}.summary`, {
              first: format(first.value),
              startDay: formatDay(first.day),
              last: format(last.value),
              endDay: formatDay(last.day),
            })
          : null
      }
      points={points}
      type="line"
      tone="positive"
      formatValue={format}
      valueLabel={t(`chart.return.${basis}.value`)}
      dayLabel={t('chart.day')}
      empty={{
        title: t(`chart.return.${basis}.empty.title`),
        text: t(`chart.return.${basis}.empty.text`, { days: ANNUALISE_MIN_DAYS }),
      }}
    />
  );
}
