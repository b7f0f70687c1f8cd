import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/date-format';
import { useStakeRecord } from '../api/use-stake-record';
import { showAmount } from '../utils/format';

export const STAKE_HISTORY_PAGE_SIZE = 10;

/** The custodial stake's history, newest first: stakes and unstake requests with their state. */
export function StakeHistory() {
  const { t } = useTranslation('convert');
  const [page, setPage] = useState(1);
  const record = useStakeRecord({ page, pageSize: STAKE_HISTORY_PAGE_SIZE });
  const title = t('stakeHistory.title');
  return (
    <SectionCard
      title={title}
      data-testid="stake-history"
      data-state={record.isPending ? 'loading' : record.isError ? 'error' : 'ready'}
      aria-busy={record.isFetching}
    >
      <DataTable
        label={title}
        testId="stake-history"
        loading={record.isPending}
        error={
          (record.isError || !record.data) && {
            message: t('stakeHistory.loadError'),
            onRetry: () => record.refetch(),
          }
        }
        empty={{ title: t('stakeHistory.empty'), text: t('stakeHistory.emptyHint') }}
        rows={record.data?.items}
        rowKey={(row) => row.id}
        rowTestId="stake-row"
        rowProps={(row) => ({ 'data-state': row.state })}
        columns={[
          { id: 'date', header: t('stakeHistory.date'), cell: (row) => formatDate(row.createdAt) },
          {
            id: 'type',
            header: t('stakeHistory.type'),
            cell: (row) => t(`stakeHistory.kind.${row.kind}`),
          },
          {
            id: 'amount',
            header: t('stakeHistory.amount'),
            numeric: true,
            cell: (row) =>
              t('form.amountValue', { amount: showAmount(row.amount, 'BCNT'), currency: 'BCNT' }),
          },
          {
            id: 'unlockAt',
            header: t('stakeHistory.unlockAt'),
            cell: (row) => (row.unlockAt ? formatDate(row.unlockAt) : '-'),
          },
          {
            id: 'state',
            header: t('stakeHistory.state'),
            cell: (row) => t(`stakeHistory.stateName.${row.state}`),
          },
        ]}
        pagination={
          record.data && {
            page,
            pageSize: STAKE_HISTORY_PAGE_SIZE,
            total: record.data.total,
            onPageChange: setPage,
            label: t('stakeHistory.pages'),
            busy: record.isFetching,
            testIdPrefix: 'stake-history',
          }
        }
      />
    </SectionCard>
  );
}
