import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import tableStyles from '../../../components/data-table.module.css';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { Pagination } from '../../../components/pagination';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime } from '../../../lib/date-format';
import { withdrawalNetworkById } from '../../../shared/constants/networks';
import { hasOpenWithdrawal, useWithdrawals } from '../api/use-withdrawals';
import { useWithdrawErrorText } from '../hooks/use-withdraw-error-text';
import { displayExactText, shortenMiddle } from '../utils/withdraw-math';
import styles from './withdraw.module.css';

export const WITHDRAWALS_PAGE_SIZE = 10;

/**
 * The member's withdrawals, newest first: time (UTC+8), currency, network, amount, fee, the
 * address (shortened, whole in its title), the status and the tx hash once sent. Refetched every
 * 5 s while one is queued, processing or broadcast.
 */
export function WithdrawalList() {
  const { t } = useTranslation(['withdraw', 'errors']);
  const errorText = useWithdrawErrorText();
  const [page, setPage] = useState(1);
  const query = useWithdrawals({ page, pageSize: WITHDRAWALS_PAGE_SIZE });
  const data = query.data;

  return (
    <SectionCard
      title={t('withdraw:history.title')}
      data-testid="withdraw-history"
      data-state={
        data
          ? data.items.length === 0
            ? 'empty'
            : hasOpenWithdrawal(data)
              ? 'watching'
              : 'list'
          : query.isPending
            ? 'loading'
            : 'error'
      }
    >
      {!data ? (
        query.isPending ? (
          <Skeleton lines={4} testId="withdraw-history-loading" />
        ) : (
          <LoadError
            message={errorText(query.error) ?? t('errors:unexpected')}
            onRetry={() => query.refetch()}
            testId="withdraw-history-error"
          />
        )
      ) : data.items.length === 0 ? (
        <EmptyState title={t('withdraw:history.empty')} testId="withdraw-history-empty">
          {t('withdraw:history.emptyHint')}
        </EmptyState>
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={tableStyles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('withdraw:history.time')}</th>
                  <th scope="col">{t('withdraw:history.currency')}</th>
                  <th scope="col">{t('withdraw:history.network')}</th>
                  <th scope="col">{t('withdraw:history.amount')}</th>
                  <th scope="col">{t('withdraw:history.fee')}</th>
                  <th scope="col">{t('withdraw:history.address')}</th>
                  <th scope="col">{t('withdraw:history.status')}</th>
                  <th scope="col">{t('withdraw:history.txHash')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => (
                  <tr
                    key={item.id}
                    data-testid="withdraw-row"
                    data-state={item.status}
                    data-tx-hash={item.txHash ?? undefined}
                  >
                    <td data-label={t('withdraw:history.time')} className={tableStyles.numeric}>
                      {formatDateTime(item.createdAt)}
                    </td>
                    <td data-label={t('withdraw:history.currency')}>{item.currency}</td>
                    <td data-label={t('withdraw:history.network')}>
                      {withdrawalNetworkById(item.network)?.label ?? item.network}
                    </td>
                    <td data-label={t('withdraw:history.amount')} className={tableStyles.numeric}>
                      {displayExactText(item.amount, item.currency)}
                    </td>
                    <td data-label={t('withdraw:history.fee')} className={tableStyles.numeric}>
                      {displayExactText(item.fee, item.currency)}
                    </td>
                    <td data-label={t('withdraw:history.address')}>
                      <span className={styles.address} title={item.address}>
                        {shortenMiddle(item.address)}
                      </span>
                    </td>
                    <td data-label={t('withdraw:history.status')}>
                      <span
                        className={styles.status}
                        data-state={item.status}
                        title={
                          item.status === 'queued'
                            ? t('withdraw:history.dueAt', { time: formatDateTime(item.dueAt) })
                            : undefined
                        }
                      >
                        {t(`withdraw:status.${item.status}`)}
                      </span>
                    </td>
                    <td data-label={t('withdraw:history.txHash')}>
                      {item.txHash ? (
                        <span className={styles.smsRow}>
                          <span className={styles.address} title={item.txHash}>
                            {shortenMiddle(item.txHash, 10, 8)}
                          </span>
                          <CopyButton value={item.txHash} label={t('withdraw:history.copyHash')} />
                        </span>
                      ) : (
                        '-'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={page}
            pageSize={WITHDRAWALS_PAGE_SIZE}
            total={data.total}
            onPageChange={setPage}
            label={t('withdraw:history.pages')}
            busy={query.isFetching && query.isPlaceholderData}
            testIdPrefix="withdraw-pages"
          />
        </>
      )}
    </SectionCard>
  );
}
