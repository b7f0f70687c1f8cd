import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import tableStyles from '../../../components/data-table.module.css';
import { formatDate } from '../../../lib/date-format';
import { useConvertHistory } from '../api/use-convert-history';
import { showAmount } from '../utils/format';
import { HistoryCard } from './history-card';

export const CONVERT_HISTORY_PAGE_SIZE = 10;

/** The member's conversions, newest first: date, direction, paid, received, price. */
export function ConvertHistory() {
  const { t } = useTranslation('convert');
  const [page, setPage] = useState(1);
  const history = useConvertHistory({ page, pageSize: CONVERT_HISTORY_PAGE_SIZE });
  const [date, direction, paid, received, price] = [
    t('history.date'),
    t('history.direction'),
    t('history.paid'),
    t('history.received'),
    t('history.price'),
  ];
  return (
    <HistoryCard
      prefix="history"
      testId="convert-history"
      query={history}
      page={page}
      pageSize={CONVERT_HISTORY_PAGE_SIZE}
      onPageChange={setPage}
      columns={[date, direction, paid, received, price]}
      row={(row) => (
        <tr key={row.id} data-testid="convert-row">
          <td data-label={date}>{formatDate(row.createdAt)}</td>
          <td data-label={direction}>
            {t('form.directionOption', { from: row.from, to: row.to })}
          </td>
          <td data-label={paid} className={tableStyles.numeric}>
            {t('form.amountValue', {
              amount: showAmount(row.fromAmount, row.from),
              currency: row.from,
            })}
          </td>
          <td data-label={received} className={tableStyles.numeric}>
            {t('form.amountValue', { amount: showAmount(row.toAmount, row.to), currency: row.to })}
          </td>
          <td data-label={price} className={tableStyles.numeric}>
            {t('form.priceValue', { price: row.price })}
          </td>
        </tr>
      )}
    />
  );
}
