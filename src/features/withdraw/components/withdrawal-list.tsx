import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import { DataTable } from '../../../components/data-table';
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
      <DataTable
        label={t('withdraw:history.title')}
        testId="withdraw-history"
        loadingLines={4}
        loading={!data && query.isPending}
        error={
          !data &&
          !query.isPending && {
            message: errorText(query.error) ?? t('errors:unexpected'),
            onRetry: () => query.refetch(),
          }
        }
        empty={{ title: t('withdraw:history.empty'), text: t('withdraw:history.emptyHint') }}
        rows={data?.items}
        rowKey={(item) => item.id}
        rowTestId="withdraw-row"
        rowProps={(item) => ({
          'data-state': item.status,
          'data-tx-hash': item.txHash ?? undefined,
        })}
        columns={[
          {
            id: 'time',
            header: t('withdraw:history.time'),
            numeric: true,
            cell: (item) => formatDateTime(item.createdAt),
          },
          { id: 'currency', header: t('withdraw:history.currency'), cell: (item) => item.currency },
          {
            id: 'network',
            header: t('withdraw:history.network'),
            cell: (item) => withdrawalNetworkById(item.network)?.label ?? item.network,
          },
          {
            id: 'amount',
            header: t('withdraw:history.amount'),
            numeric: true,
            cell: (item) => displayExactText(item.amount, item.currency),
          },
          {
            id: 'fee',
            header: t('withdraw:history.fee'),
            numeric: true,
            cell: (item) => displayExactText(item.fee, item.currency),
          },
          {
            id: 'address',
            header: t('withdraw:history.address'),
            cell: (item) => (
              <span className={styles.address} title={item.address}>
                {shortenMiddle(item.address)}
              </span>
            ),
          },
          {
            id: 'status',
            header: t('withdraw:history.status'),
            cell: (item) => (
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
            ),
          },
          {
            id: 'txHash',
            header: t('withdraw:history.txHash'),
            cell: (item) =>
              item.txHash ? (
                <span className={styles.smsRow}>
                  <span className={styles.address} title={item.txHash}>
                    {shortenMiddle(item.txHash, 10, 8)}
                  </span>
                  <CopyButton value={item.txHash} label={t('withdraw:history.copyHash')} />
                </span>
              ) : (
                '-'
              ),
          },
        ]}
        pagination={
          data && {
            page,
            pageSize: WITHDRAWALS_PAGE_SIZE,
            total: data.total,
            onPageChange: setPage,
            label: t('withdraw:history.pages'),
            busy: query.isFetching && query.isPlaceholderData,
            testIdPrefix: 'withdraw-pages',
          }
        }
      />
    </SectionCard>
  );
}
