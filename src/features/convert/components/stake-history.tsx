import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import tableStyles from '../../../components/data-table.module.css';
import { formatDate } from '../../../lib/date-format';
import { useStakeRecord } from '../api/use-stake-record';
import { showAmount } from '../utils/format';
import { HistoryCard } from './history-card';

export const STAKE_HISTORY_PAGE_SIZE = 10;

/** The custodial stake's history, newest first: stakes and unstake requests with their state. */
export function StakeHistory() {
  const { t } = useTranslation('convert');
  const [page, setPage] = useState(1);
  const record = useStakeRecord({ page, pageSize: STAKE_HISTORY_PAGE_SIZE });
  const [date, type, amount, unlockAt, state] = [
    t('stakeHistory.date'),
    t('stakeHistory.type'),
    t('stakeHistory.amount'),
    t('stakeHistory.unlockAt'),
    t('stakeHistory.state'),
  ];
  return (
    <HistoryCard
      prefix="stakeHistory"
      testId="stake-history"
      query={record}
      page={page}
      pageSize={STAKE_HISTORY_PAGE_SIZE}
      onPageChange={setPage}
      columns={[date, type, amount, unlockAt, state]}
      row={(row) => (
        <tr key={row.id} data-testid="stake-row" data-state={row.state}>
          <td data-label={date}>{formatDate(row.createdAt)}</td>
          <td data-label={type}>{t(`stakeHistory.kind.${row.kind}`)}</td>
          <td data-label={amount} className={tableStyles.numeric}>
            {t('form.amountValue', { amount: showAmount(row.amount, 'BCNT'), currency: 'BCNT' })}
          </td>
          <td data-label={unlockAt}>{row.unlockAt ? formatDate(row.unlockAt) : '-'}</td>
          <td data-label={state}>{t(`stakeHistory.stateName.${row.state}`)}</td>
        </tr>
      )}
    />
  );
}
