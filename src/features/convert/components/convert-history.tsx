import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { Pagination } from '../../../components/pagination';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/date-format';
import { useConvertHistory } from '../api/use-convert-history';
import { showAmount } from '../utils/format';
import tableStyles from '../../../components/data-table.module.css';

export const CONVERT_HISTORY_PAGE_SIZE = 10;

const showText = showAmount;

/** The member's conversions, newest first: date, direction, paid, received, price. */
export function ConvertHistory() {
  const { t } = useTranslation('convert');
  const [page, setPage] = useState(1);
  const history = useConvertHistory({ page, pageSize: CONVERT_HISTORY_PAGE_SIZE });
  return (
    <SectionCard
      title={t('history.title')}
      data-testid="convert-history"
      data-state={history.isPending ? 'loading' : history.isError ? 'error' : 'ready'}
      aria-busy={history.isFetching}
    >
      {history.isPending ? (
        <Skeleton lines={3} testId="convert-history-loading" />
      ) : history.isError ? (
        <LoadError message={t('history.loadError')} onRetry={() => history.refetch()} />
      ) : history.data.items.length === 0 ? (
        <EmptyState title={t('history.empty')} testId="convert-history-empty">
          {t('history.emptyHint')}
        </EmptyState>
      ) : (
        <>
          <table className={tableStyles.table} aria-label={t('history.title')}>
            <thead>
              <tr>
                <th scope="col">{t('history.date')}</th>
                <th scope="col">{t('history.direction')}</th>
                <th scope="col">{t('history.paid')}</th>
                <th scope="col">{t('history.received')}</th>
                <th scope="col">{t('history.price')}</th>
              </tr>
            </thead>
            <tbody>
              {history.data.items.map((row) => (
                <tr key={row.id} data-testid="convert-row">
                  <td data-label={t('history.date')}>{formatDate(row.createdAt)}</td>
                  <td data-label={t('history.direction')}>
                    {t('form.directionOption', { from: row.from, to: row.to })}
                  </td>
                  <td data-label={t('history.paid')} className={tableStyles.numeric}>
                    {t('form.amountValue', {
                      amount: showText(row.fromAmount, row.from),
                      currency: row.from,
                    })}
                  </td>
                  <td data-label={t('history.received')} className={tableStyles.numeric}>
                    {t('form.amountValue', {
                      amount: showText(row.toAmount, row.to),
                      currency: row.to,
                    })}
                  </td>
                  <td data-label={t('history.price')} className={tableStyles.numeric}>
                    {t('form.priceValue', { price: row.price })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={page}
            pageSize={CONVERT_HISTORY_PAGE_SIZE}
            total={history.data.total}
            onPageChange={setPage}
            label={t('history.pages')}
            busy={history.isFetching}
            testIdPrefix="convert-history"
          />
        </>
      )}
    </SectionCard>
  );
}
