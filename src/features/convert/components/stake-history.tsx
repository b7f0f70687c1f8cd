import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { Pagination } from '../../../components/pagination';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/date-format';
import { useStakeRecord } from '../api/use-stake-record';
import { showAmount } from '../utils/format';
import tableStyles from '../../../components/data-table.module.css';

export const STAKE_HISTORY_PAGE_SIZE = 10;

/** The custodial stake's history, newest first: stakes and unstake requests with their state. */
export function StakeHistory() {
  const { t } = useTranslation('convert');
  const [page, setPage] = useState(1);
  const record = useStakeRecord({ page, pageSize: STAKE_HISTORY_PAGE_SIZE });
  return (
    <SectionCard
      title={t('stakeHistory.title')}
      data-testid="stake-history"
      data-state={record.isPending ? 'loading' : record.isError ? 'error' : 'ready'}
      aria-busy={record.isFetching}
    >
      {record.isPending ? (
        <Skeleton lines={3} testId="stake-history-loading" />
      ) : record.isError ? (
        <LoadError message={t('stakeHistory.loadError')} onRetry={() => record.refetch()} />
      ) : record.data.items.length === 0 ? (
        <EmptyState title={t('stakeHistory.empty')} testId="stake-history-empty">
          {t('stakeHistory.emptyHint')}
        </EmptyState>
      ) : (
        <>
          <table className={tableStyles.table} aria-label={t('stakeHistory.title')}>
            <thead>
              <tr>
                <th scope="col">{t('stakeHistory.date')}</th>
                <th scope="col">{t('stakeHistory.type')}</th>
                <th scope="col">{t('stakeHistory.amount')}</th>
                <th scope="col">{t('stakeHistory.unlockAt')}</th>
                <th scope="col">{t('stakeHistory.state')}</th>
              </tr>
            </thead>
            <tbody>
              {record.data.items.map((row) => (
                <tr key={row.id} data-testid="stake-row" data-state={row.state}>
                  <td data-label={t('stakeHistory.date')}>{formatDate(row.createdAt)}</td>
                  <td data-label={t('stakeHistory.type')}>{t(`stakeHistory.kind.${row.kind}`)}</td>
                  <td data-label={t('stakeHistory.amount')} className={tableStyles.numeric}>
                    {t('form.amountValue', {
                      amount: showAmount(row.amount, 'BCNT'),
                      currency: 'BCNT',
                    })}
                  </td>
                  <td data-label={t('stakeHistory.unlockAt')}>
                    {row.unlockAt ? formatDate(row.unlockAt) : '-'}
                  </td>
                  <td data-label={t('stakeHistory.state')}>
                    {t(`stakeHistory.stateName.${row.state}`)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={page}
            pageSize={STAKE_HISTORY_PAGE_SIZE}
            total={record.data.total}
            onPageChange={setPage}
            label={t('stakeHistory.pages')}
            busy={record.isFetching}
            testIdPrefix="stake-history"
          />
        </>
      )}
    </SectionCard>
  );
}
