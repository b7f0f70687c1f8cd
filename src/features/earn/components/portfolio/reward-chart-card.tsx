import { useTranslation } from 'react-i18next';
import { LoadError, Skeleton } from '../../../../components/load-states';
import { SectionCard } from '../../../../components/section-card';
import { useAllEarnEvents } from '../../api/use-earn-history';
import { useEarnErrorText } from '../../hooks/use-earn-error-text';
import { AccumulatedRewardChart } from '../charts/accumulated-reward-chart';
import { AnnualReturnChart } from '../charts/nav-charts';
import { appliedRatePoints } from '../charts/series';

/**
 * The subscription's rewards added up by day (the earn charts' AccumulatedRewardChart over every
 * movement of its history) and, for a rate product (`appliedRate`), the annual rate applied on
 * each reward day (the member's level rate: the only rate history the API has): loading
 * skeleton, the error with Retry, the charts or their empty states.
 */
export function RewardChartCard({
  premiumId,
  currency,
  appliedRate = false,
}: {
  premiumId: number;
  currency: string;
  appliedRate?: boolean;
}) {
  const { t } = useTranslation('portfolio');
  const errorText = useEarnErrorText();
  const query = useAllEarnEvents(premiumId);
  return (
    <SectionCard title={t('chart.title')} data-testid="portfolio-reward-chart">
      {query.isPending ? (
        <Skeleton lines={6} testId="portfolio-reward-chart-loading" />
      ) : query.isError ? (
        <LoadError
          message={errorText(query.error) ?? t('error.load')}
          onRetry={() => query.refetch()}
          testId="portfolio-reward-chart-error"
        />
      ) : (
        <>
          <AccumulatedRewardChart events={query.data} currency={currency} />
          {appliedRate ? (
            <AnnualReturnChart points={appliedRatePoints(query.data)} basis="applied" />
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
