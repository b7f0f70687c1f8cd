import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/date-format';
import { useConvertHistory } from '../api/use-convert-history';
import { showAmount } from '../utils/format';

export const CONVERT_HISTORY_PAGE_SIZE = 10;

/** The member's conversions, newest first: date, direction, paid, received, price. */
export function ConvertHistory() {
  const { t } = useTranslation('convert');
  const [page, setPage] = useState(1);
  const history = useConvertHistory({ page, pageSize: CONVERT_HISTORY_PAGE_SIZE });
  const title = t('history.title');
  return (
    <SectionCard
      title={title}
      data-testid="convert-history"
      data-state={history.isPending ? 'loading' : history.isError ? 'error' : 'ready'}
      aria-busy={history.isFetching}
    >
      <DataTable
        label={title}
        testId="convert-history"
        loading={history.isPending}
        error={
          (history.isError || !history.data) && {
            message: t('history.loadError'),
            onRetry: () => history.refetch(),
          }
        }
        empty={{ title: t('history.empty'), text: t('history.emptyHint') }}
        rows={history.data?.items}
        rowKey={(row) => row.id}
        rowTestId="convert-row"
        columns={[
          { id: 'date', header: t('history.date'), cell: (row) => formatDate(row.createdAt) },
          {
            id: 'direction',
            header: t('history.direction'),
            cell: (row) => t('form.directionOption', { from: row.from, to: row.to }),
          },
          {
            id: 'paid',
            header: t('history.paid'),
            numeric: true,
            cell: (row) =>
              t('form.amountValue', {
                amount: showAmount(row.fromAmount, row.from),
                currency: row.from,
              }),
          },
          {
            id: 'received',
            header: t('history.received'),
            numeric: true,
            cell: (row) =>
              t('form.amountValue', { amount: showAmount(row.toAmount, row.to), currency: row.to }),
          },
          {
            id: 'price',
            header: t('history.price'),
            numeric: true,
            cell: (row) => t('form.priceValue', { price: row.price }),
          },
        ]}
        pagination={
          history.data && {
            page,
            pageSize: CONVERT_HISTORY_PAGE_SIZE,
            total: history.data.total,
            onPageChange: setPage,
            label: t('history.pages'),
            busy: history.isFetching,
            testIdPrefix: 'convert-history',
          }
        }
      />
    </SectionCard>
  );
}
