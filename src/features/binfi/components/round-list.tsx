import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { useErrorText } from '../../../hooks/use-error-text';
import type { BinfiVariant } from '../../../shared/api/binfi';
import { useFundList } from '../api/use-binfi';
import { roundsOfTab, type DashboardTab } from '../utils/status';
import { RoundCard } from './round-card';
import styles from './binfi.module.css';

/** A dashboard tab: the variant's public rounds of that status, as cards. */
export function RoundList({ variant, tab }: { variant: BinfiVariant; tab: DashboardTab }) {
  const { t } = useTranslation('binfi');
  const errorText = useErrorText();
  const query = useFundList(variant);
  if (query.isPending) return <Skeleton lines={4} testId="binfi-rounds-loading" />;
  if (query.isError)
    return (
      <LoadError
        message={errorText(query.error)}
        onRetry={() => query.refetch()}
        testId="binfi-rounds-error"
      />
    );
  const rounds = roundsOfTab(query.data.list, tab);
  if (rounds.length === 0)
    return (
      <EmptyState title={t('dashboard.emptyTitle')} testId="binfi-rounds-empty">
        {t('dashboard.emptyText')}
      </EmptyState>
    );
  return (
    <ul className={styles.grid} data-testid="binfi-rounds" data-tab={tab}>
      {rounds.map((round) => (
        <RoundCard key={round.fundId} round={round} />
      ))}
    </ul>
  );
}
